"""The tools of a script that nothing runs: a build or install script below the repo's top
(``scripts/build_msaccucmp.sh``, Ascend/msprobe, which clones and patches makeself) that no
other file of the repo names, neither a build script, a CMake file, a CI workflow nor a guide,
is a maintainer's tool, not a step of the repo's route: the tools it runs
(``runtools.script_tools``) are no need of the build's, nor are the variables it stops
without (``shellguards``): the truth conventions record an env_var only "where unset breaks
the route" (scan_eval35 BRIEF.md), and nothing of the route runs the script. A script at the
top (``build.sh``) is an entry point itself, named or not.

A script is named where its file name appears in another file the scan read (``bash
scripts/build.sh``, ``${CUR_DIR}/install_deps.sh``, a guide's ``./scripts/setup.sh``); one run
through a name built at run time (``build_${part}.sh``) is not seen, and its tools go with it.

A helper script below the top that other scripts source or run and no file of another kind
names (no guide, CI workflow or CMake file: the route never runs it itself) is handed its
variables by its caller: a check of one that is no toolkit's home (``if [[ -z "${UCCL_HOME}"
]]`` then ``exit 1``, uccl-project/uccl@da914a20 scripts/shared.sh:3, which the run_*_test.sh
scripts source; the truth has UCCL_HOME from the developer's guide, README.md:129, scope
"dev") is the caller's, no need. A toolkit's home (``shell.toolkit_homes``: ASCEND_HOME_PATH,
CUDA_HOME...) a helper stops without stays one: every env_var the tuning truths cite at a
shell script's check is one. A script the route runs directly keeps every check (a top-level
``build.sh`` the README runs, stopping without ``NCCL_HOME``): it is handed nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from bringup.model import Requirement, Source
from bringup.scan.placesbeside import cited_only_where
from bringup.scan.shellenv import toolkit_homes
from bringup.scan.walk import RepoFile

_SUBJECTS = frozenset({"system_package", "env_var"})


def _unrun(source: Source, named: Mapping[str, frozenset[str]]) -> bool:
    return named.get(source.ref or "", None) == frozenset()


def _helper(source: Source, named: Mapping[str, frozenset[str]]) -> bool:
    return named.get(source.ref or "", None) == _BY_SCRIPTS


_BY_SCRIPTS = frozenset({"shell"})


def drop_unrun_tools(
    requirements: list[Requirement], texts: Mapping[str, tuple[RepoFile, str]]
) -> list[Requirement]:
    """``requirements`` less the ``system_package`` and ``env_var`` needs read from scripts
    below the top that no other file names, and the ``env_var`` needs other than a toolkit's
    home read from helper scripts only other scripts name; one also read elsewhere is cited
    there. A need read elsewhere first (a ``go.mod``'s go, cited again where a script runs go)
    is left as it is."""
    scripts = {
        ref: entry.rel.rsplit("/", 1)[-1]
        for ref, (entry, _) in texts.items()
        if entry.kind == "shell" and "/" in entry.rel
    }
    cited = {r.source.ref for r in requirements if r.subject in _SUBJECTS} & scripts.keys()
    if not cited:
        return requirements
    # the kinds of the other files naming each script
    named = {
        ref: frozenset(
            entry.kind
            for other, (entry, text) in texts.items()
            if other != ref and scripts[ref] in text
        )
        for ref in cited
    }
    homes = toolkit_homes()

    def run(source: Source) -> bool:
        return not _unrun(source, named)

    def run_not_by_scripts_only(source: Source) -> bool:
        return run(source) and not _helper(source, named)

    out = []
    for requirement in requirements:
        if requirement.subject not in _SUBJECTS:
            out.append(requirement)
            continue
        handed = requirement.subject == "env_var" and requirement.spec not in homes
        still = cited_only_where(requirement, run_not_by_scripts_only if handed else run)
        if still is not None:
            out.append(still)
    return out
