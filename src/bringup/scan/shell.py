"""Shell build scripts: the toolkit environment they source (a versioned path says which
version), the toolkit homes they export, ``TORCH_CUDA_ARCH_LIST``, the chip and CPU a build
targets, compiler checks (``[ "$GCC_MAJOR" -lt 9 ] && exit 1`` means GCC >= 9) and the messages
they print ("GCC >= 9 is required"). A build or test script is offered as a step."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple, Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Step, StepNeeds
from bringup.scan.archchecks import arch_branches
from bringup.scan.clones import cloned_dependencies
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import (
    Command,
    LogicalLine,
    commands_of,
    joined_lines,
    pip_install_targets,
)
from bringup.scan.compilers import compilers
from bringup.scan.deviceids import launch_counts, script_vendor
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.handedhomes import handed_homes
from bringup.scan.inlinepy import inline_imports
from bringup.scan.netvars import script_downloads
from bringup.scan.runners import runner_functions, testing_lines
from bringup.scan.runtools import script_tools
from bringup.scan.scanmemo import ScanMemo
from bringup.scan.scriptcpus import script_cpu
from bringup.scan.scriptneeds import authors_paths, container_runtime, rewritten_folders
from bringup.scan.scriptsteps import repo_level as _repo_level
from bringup.scan.scriptsteps import shipped, step_script
from bringup.scan.shellarms import in_branches
from bringup.scan.shellchecks import script_checks
from bringup.scan.shellenv import environment_requirements, toolkit_homes, vocabulary
from bringup.scan.shellfloors import version_checks
from bringup.scan.shellguards import NOT_INSTALLING, shell_vocabulary
from bringup.scan.shellheaders import header_dirs
from bringup.scan.shellos import os_probe
from bringup.scan.shellruns import run_scripts
from bringup.scan.statuscheck import container_drivers, status_runs
from bringup.scan.stepkinds import most_devices, step_kind
from bringup.scan.sysdeps import installed_packages

_INSTALLING_SCRIPT = lazyre.compile(
    r"build|compile|install|setup|dependenc|deps|env|download|fetch", re.IGNORECASE
)
"""A repo-level script that builds or installs the repo (``build.sh``, ``install_deps.sh``)
or fetches what its build needs (``download.sh``):
what its ``pip install`` lines pin is what the build needs (sgl-kernel-npu build.sh:352
``pip3 install wheel==0.45.1``); a test, benchmark or lint script's installs are its own."""
_INSTALL_ONLY = lazyre.compile(
    r"(?:^|[-_])(?:deps|dependenc(?:y|ies)|requirements|prereq(?:uisite)?s?|pip)(?:[-_.]|$)",
    re.IGNORECASE,
)
"""A script named for the repo's dependencies or its pip installs (``install_deps.sh``,
``install-requirements.sh``, NVIDIA/Fuser@81c4b22f ``tools/pip-install-things.sh``), not
one that builds, installs or removes the repo (``build_and_install.sh``, ``uninstall.sh``)."""
_CHECKING = lazyre.compile(r"(?:^|[-_])check(?:s|er)?(?=[-_.])", re.IGNORECASE)
"""A script named for a check (``scripts/oat_check.sh``, the open-source audit that
ascend-transformer-boost, hixl, catlass, pyasc, shmem and ops-blas keep beside their builds;
pyasc ``scripts/static_check.sh``): the tools it runs (``git diff`` to list what changed) are
the check's, not the build's."""


def read_alike_if_run(rel: str) -> bool:
    """Whether the script at ``rel`` reads the same whether the repo's build runs it or not
    (``readahead`` then keeps its first reading): one of the repo's own scripts is read as the
    build's anyway when its name says it installs, a check's or a non-installer's never."""
    return (_repo_level(rel) and _installer_named(rel)) or _never_builds(rel.rsplit("/", 1)[-1])


def _installer_named(rel: str) -> bool:
    """Whether the repo-level script at ``rel`` is named for building, installing or fetching
    (``_INSTALLING_SCRIPT``), not for testing; one part's own installer lies deeper
    (scripts/ascend/dependencies_ascend.sh)."""
    name = rel.rsplit("/", 1)[-1]
    return (
        bool(_INSTALLING_SCRIPT.search(name))
        and not NOT_INSTALLING.search(name)
        and (rel.count("/") <= 1)
    )


def _never_builds(name: str) -> bool:
    return bool(NOT_INSTALLING.search(name) or _CHECKING.search(name))


def script_step(file: SourceFile, commands: list[Command]) -> Step | None:
    """The script itself as a step, when its name says build/test/convert (``scriptsteps``);
    not a hidden CI folder's helper (fribidi ``.ci/build-c2man.sh`` clones a doc tool)."""
    name = file.rel.rsplit("/", 1)[-1]
    if file.rel.startswith(".") or not _repo_level(file.rel) or shipped(file.rel):
        return None
    if not step_script(name, commands):
        return None
    argv = ("bash", file.rel)
    kind = step_kind(argv) or "run"
    mentions = vocabulary().mentions_toolkit
    toolkit = any(c.argv[:1] in (("source",), (".",)) for c in commands) or bool(
        mentions is not None and mentions.search(file.text)
    )
    devices = most_devices(commands)
    needs = devices if devices.devices else StepNeeds(toolkit=toolkit)
    needs = msgspec.structs.replace(
        needs,
        rewrites=rewritten_folders(file.text, file.rel),
        inputs=tuple(authors_paths(file.text, file.rel)),
    )
    return Step(name=" ".join(argv), kind=kind, argv=argv, source=file.source(1), needs=needs)


def _installs(
    file: SourceFile, joined: list[LogicalLine], commands: list[Command]
) -> list[Requirement]:
    """The distributions a build or install script's ``pip install`` lines name (only the
    pinned ones but in a script named for the dependencies, ``_INSTALL_ONLY``), the
    system packages it installs (``sysdeps``), and what it downloads (op-plugin
    ci/build.sh:110 clones the torch_npu sources), through a runner function of its own
    or from an address a variable holds (``netvars.script_downloads``)."""
    name = file.rel.rsplit("/", 1)[-1]
    if not _installer_named(file.rel):
        return []
    pips = (c for c in commands if pip_install_targets(c.argv) is not None)
    found = (r for c in pips for r in requirements_of(c, file.source(c.line), hard=True))
    # an install script installs what it names, pinned or not (FlagScale
    # install/install-requirements.sh:87 ``uv pip install deepspeed``); a build script's
    # unpinned installs are often its side tasks' (the docs tools of shmem scripts/build.sh:436)
    installing = _INSTALL_ONLY.search(name) is not None
    pins = [r for r in found if r.spec or installing]
    return pins + installed_packages(file, commands) + script_downloads(file, joined, commands)


class _Unrun(NamedTuple):
    """What a script states whether or not the repo's build runs it (``extract_shell``): its
    joined lines and the commands read, and each run of requirements in the order they are
    listed; ``installs``, ``built``: a repo-level script's (its build steps' tools are read
    whoever runs it), empty elsewhere."""

    joined: list[LogicalLine]
    commands: list[Command]
    first: list[Requirement]
    installs: list[Requirement]
    homes: list[Requirement]
    built: list[Requirement]
    last: list[Requirement]
    step: Optional[Step]
    runs: tuple[str, ...]


_unrun: ScanMemo[tuple[str, str, str], _Unrun] = ScanMemo()
kept = _unrun.kept
"""The scripts' ``_Unrun`` parts kept while a repo is scanned: a script read before the build
script that runs it is read again as the build's (``readloop``), and only the rest of its
reading changes (ops-transformer build.sh, install_deps.sh and the package's install.sh: three
of each ~0.05 s reading, 0.14 s of the scan's CPU, read twice)."""


def _read_unrun(file: SourceFile, joined: list[LogicalLine]) -> _Unrun:
    """``file``'s parts its reading as the build's or not shares. Only a repo-level script is
    a step, so only its every command is read; elsewhere (600 launch scripts of a training
    repo) only the lines that can set up a toolkit environment are."""
    repo_level = _repo_level(file.rel)
    environment = vocabulary().environment
    commands = commands_of(
        joined if repo_level else [j for j in joined if environment.search(j.text)]
    )
    first = (
        in_branches(file, environment_requirements(file, commands))
        + script_checks(file, joined, vocabulary().checks)
        + arch_branches(file, cmake=False)
        + script_cpu(file)
        + compilers(file, cmake=False)
        + (shell_vocabulary(file, joined) if repo_level else [])
        + (header_dirs(file, joined) if repo_level else [])
        + (os_probe(file) if repo_level else [])
    )
    name = file.rel.rsplit("/", 1)[-1]
    last = (
        (inline_imports(file, joined) if not NOT_INSTALLING.search(name) else [])
        + (launch_counts(file, _numbered(file), script_vendor(file.text)) if repo_level else [])
        + container_drivers(file, joined)
        + (status_runs(file, joined) if repo_level else [])
    )
    if not repo_level:
        return _Unrun(joined, commands, first, [], [], [], last, None, ())
    return _Unrun(
        joined,
        commands,
        first,
        _installs(file, joined, commands),
        handed_homes(file, joined, toolkit_homes()),
        [] if _never_builds(name) else _built(file, commands, joined),
        last,
        script_step(file, commands),
        run_scripts(file.rel, commands),
    )


def _built(file: SourceFile, ran: list[Command], joined: list[LogicalLine]) -> list[Requirement]:
    """The tools the commands a build runs (``ran``) need, and the versions it checks."""
    return script_tools(file, ran, runner_functions(joined), testing_lines(joined)) + (
        version_checks(file)
    )


def extract_shell(file: SourceFile, joined: list[LogicalLine] | None = None) -> Extraction:
    """What a shell script needs, and the script as a step (``_read_unrun``), and what it
    needs as a script the build runs or not. ``joined``: the text's ``joined_lines``, where
    the caller has them already."""
    parts = _unrun.get(
        (file.ref, file.rel, file.text),
        lambda: _read_unrun(file, joined_lines(file.text) if joined is None else joined),
    )
    repo_level = _repo_level(file.rel)
    # a part's script the build runs: what it runs the build runs (``shellruns``)
    building = (repo_level or file.run_by_build) and not _never_builds(file.rel.rsplit("/", 1)[-1])
    ran = parts.commands if repo_level else commands_of(parts.joined) if building else []
    installs = parts.installs
    # what a script the build or a guide's build steps run downloads, the build downloads,
    # whatever its name (cann-on-gpu README.md:64 ``./deploy.sh``, which clones CUTLASS)
    if building and (not repo_level or (file.run_by_build and not _installer_named(file.rel))):
        installs = script_downloads(file, parts.joined, ran)
    requirements = (
        parts.first
        + installs
        + (cloned_dependencies(file, parts.commands, installs) if repo_level else [])
        + parts.homes
        + (parts.built if repo_level else _built(file, ran, parts.joined) if building else [])
        + parts.last
        + (container_runtime(file) if file.run_by_build else [])
    )
    runs = parts.runs
    return Extraction(
        requirements=tuple(requirements),
        default_steps=(parts.step,) if parts.step else (),
        # a repo-level script's commands are the ones it runs: the same scripts, found once
        includes=(runs if ran is parts.commands else run_scripts(file.rel, ran))
        if building
        else (),
        runs=runs,
    )


def _numbered(file: SourceFile) -> Iterable[tuple[int, str]]:
    """The script's lines with their numbers, from 1."""
    return enumerate(file.text.splitlines(), start=1)
