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
"""

from __future__ import annotations

from collections.abc import Mapping

from bringup.model import Requirement, Source
from bringup.scan.placesbeside import cited_only_where
from bringup.scan.walk import RepoFile

_SUBJECTS = frozenset({"system_package", "env_var"})


def _unrun(source: Source, named: Mapping[str, bool]) -> bool:
    return named.get(source.ref or "", True) is False


def drop_unrun_tools(
    requirements: list[Requirement], texts: Mapping[str, tuple[RepoFile, str]]
) -> list[Requirement]:
    """``requirements`` less the ``system_package`` and ``env_var`` needs read from scripts
    below the top that no other file names; one also read elsewhere is cited there. A need
    read elsewhere first (a ``go.mod``'s go, cited again where a script runs go) is left as it
    is."""
    scripts = {
        ref: entry.rel.rsplit("/", 1)[-1]
        for ref, (entry, _) in texts.items()
        if entry.kind == "shell" and "/" in entry.rel
    }
    cited = {r.source.ref for r in requirements if r.subject in _SUBJECTS} & scripts.keys()
    if not cited:
        return requirements
    named = {
        ref: any(scripts[ref] in text for other, (_, text) in texts.items() if other != ref)
        for ref in cited
    }
    out = []
    for requirement in requirements:
        if requirement.subject not in _SUBJECTS:
            out.append(requirement)
            continue
        still = cited_only_where(requirement, lambda s: not _unrun(s, named))
        if still is not None:
            out.append(still)
    return out
