"""Choosing a repo's steps from everything its files offer.

Stated steps (README blocks, Makefile targets) win; guesses from the mere presence of a
build system (``cmake -S . -B build``, ``bash build.sh``, ``pip install -e .``) fill in only
kinds nothing states; test directories become ``pytest`` steps when nothing states a pytest
run, each needing what the device guards of its files need (a directory of tests that all
skip without two devices needs two devices; a mixed one runs anywhere, the rest skipping).
"""

from __future__ import annotations

import bisect
import posixpath
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Optional

import msgspec

from bringup import backends, lazyre
from bringup.model import DeviceKind, Requirement, Scope, Step, StepNeeds, file_source
from bringup.scan.commands import (
    commands_of,
    joined_lines,
    option_value,
    parse_commands,
    pip_install_targets,
)
from bringup.scan.extraction import Extraction
from bringup.scan.fillins import is_fill_in
from bringup.scan.pytestconfig import DEFAULT, collected
from bringup.scan.sourceinstalls import installed_folder, installs_here
from bringup.scan.toolkitcmake import cmake_folder, with_adders
from bringup.scan.walk import SKIPPED_DIRS
from bringup.subjects import python_subject


def step_key(step: Step) -> tuple[tuple[str, ...], str]:
    """What a step does, so that two spellings of one step count once: ``cmake -S . -B build``
    and ``cmake -S . -B build -DCMAKE_BUILD_TYPE=Release`` configure the same tree;
    ``pytest x`` is ``python -m pytest x``."""
    argv = step.argv
    if argv[:3] in (("python", "-m", "pytest"), ("python3", "-m", "pytest")):
        argv = ("pytest", *argv[3:])
    if argv[:1] == ("cmake",):
        build = option_value(argv, "--build")
        if build:
            return ("cmake", "--build", build), step.cwd
        if "--install" not in argv:
            return ("cmake", "-B", option_value(argv, "-B")), step.cwd
    if argv[:1] == ("ctest",):
        tree = option_value(argv, "--test-dir")
        return ("ctest", tree, option_value(argv, "-L", "--label-regex")), step.cwd
    return argv, step.cwd


def _filled_in(step: Step, templates: Sequence[Step]) -> bool:
    """Whether ``step`` is a guide's example of a command it also shows with words to fill in:
    the same words but where the template has a fill-in (cann-hccl README.md:144 ``bash
    build.sh --nlohmann_path ${JSON头文件所在目录的绝对路径}``, then :150 "例如" the same
    with ``/home/nlohmann_json/include``). Its values are the example's, not the reader's."""
    return any(
        template.cwd == step.cwd
        and len(template.argv) == len(step.argv)
        and template.argv != step.argv
        and all(
            mine == theirs or theirs in template.needs.inputs
            for mine, theirs in zip(step.argv, template.argv)
        )
        for template in templates
    )


def merge_steps(stated: Sequence[Step], defaults: Sequence[Step]) -> list[Step]:
    """Stated steps without repeats or filled-in examples of another (``_filled_in``), then
    defaults of kinds nothing stated."""
    chosen: list[Step] = []
    seen: set[tuple[tuple[str, ...], str]] = set()
    templates = [step for step in stated if step.needs.inputs]
    for step in stated:
        # an example's own path may be the author's (``/home/nlohmann_json/include``): it
        # is filled in still, unless a word of it is a template's (``fillins.is_fill_in``)
        written = not any(is_fill_in(word) for word in step.needs.inputs)
        if templates and written and _filled_in(step, templates):
            continue
        if step_key(step) not in seen:
            seen.add(step_key(step))
            chosen.append(step)
    kinds = {step.kind for step in chosen}
    for step in defaults:
        if step.kind not in kinds and step_key(step) not in seen:
            seen.add(step_key(step))
            chosen.append(step)
    return chosen


def _needs(guards: list[Requirement], files: list[str]) -> StepNeeds:
    """Devices every file of the group needs; nothing when some file runs anywhere."""
    by_file: dict[str, int] = defaultdict(int)
    kinds: dict[str, DeviceKind] = {}
    for guard in guards:
        kind = backends.kind_of_count(guard.subject)
        if kind is not None:
            count = int(guard.spec[2:])
            ref = guard.source.ref
            if count > by_file[ref]:
                by_file[ref] = count
                kinds[ref] = kind
    if not files or any(by_file.get(ref, 0) == 0 for ref in files):
        return StepNeeds()
    ref = max(files, key=lambda r: by_file[r])
    return StepNeeds(devices=by_file[ref], device_kind=kinds[ref])


def pytest_steps(
    test_files: Sequence[tuple[str, str]],
    guards: Sequence[Requirement],
    patterns: Callable[[str], Sequence[str]] = lambda _: DEFAULT,
) -> list[Step]:
    """One ``python -m pytest`` step per directory of Python test files. ``test_files`` are
    ``(rel, ref)`` pairs; ``guards`` the device requirements found in them. Only the files
    pytest collects count (``patterns`` gives a folder's ``python_files``, ``pytestconfig``): a
    folder of helpers under ``tests/`` (``tests/e2e/utils.py``,
    ``tests/single_controller/check_worker_alive/main.py``, zzhx1/vllm-ascend@5e39074 and
    montehoover/verl@9c46ae8, outsider23 D15) runs no test,
    and pytest exits 5 when it collects none."""
    directories: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for rel, ref in test_files:
        if collected(rel, patterns(posixpath.dirname(rel))):
            directories[posixpath.dirname(rel) or "."].append((rel, ref))
    steps: list[Step] = []
    ordered = sorted(directories)
    for directory in ordered:
        files = directories[directory]
        # the directories below this one sort together, right where "<directory>/" would
        below = bisect.bisect_left(ordered, directory + "/")
        nested = below < len(ordered) and ordered[below].startswith(directory + "/")
        targets = tuple(rel for rel, _ in files) if nested else (directory,)
        refs = [ref for _, ref in files]
        mine = [guard for guard in guards if guard.source.ref in refs]
        argv = ("python", "-m", "pytest", *targets)
        steps.append(
            Step(
                name=" ".join(("pytest", *targets)),
                kind="test",
                argv=argv,
                source=file_source(refs[0]),
                needs=_needs(mine, refs),
            )
        )
    return steps


def _installed(step: Step) -> str | None:
    """The repo's folder an install step builds (``pip install .`` in ``step.cwd``, ``pip
    install -e ./sub``, ``python setup.py install``); ``None`` for none."""
    if installs_here(step.argv):
        return posixpath.normpath(step.cwd)
    named = installed_folder("", step.argv)
    return posixpath.normpath(posixpath.join(step.cwd, named)) if named else None


def toolkit_folders(
    extracted: Sequence[tuple[str, Extraction]], texts: Mapping[str, Optional[str]]
) -> dict[str, str]:
    """Each folder whose ``setup.py`` needs a backend's toolkit (builds a ``CUDAExtension``,
    checks ``CUDA_HOME``), and each shell script of the repo that does (cann-hccl build.sh:
    122-135 stops without ``ASCEND_HOME_PATH`` or ``-p``, the toolkit's directory), by its
    path, with the device kind of that toolkit: read once per repo, as every file's steps are
    placed against it. A line of low confidence (a mention) does not make it so. A script
    that pip-installs such a folder needs it too (``_installs_built``; ``texts``: the repo's
    files by path)."""
    kinds = {
        b.vocabulary.toolkit_subject: b.device_kind
        for b in backends.registered()
        if b.vocabulary.toolkit_subject
    }
    found = {
        posixpath.dirname(rel) or ".": kinds[r.subject]
        for rel, extraction in extracted
        if posixpath.basename(rel) == "setup.py"
        for r in extraction.requirements
        if r.hard and r.subject in kinds
    }
    cmake_builds = {
        posixpath.dirname(rel) or ".": kinds[r.subject]
        for rel, extraction in extracted
        if posixpath.basename(rel) == "CMakeLists.txt"
        for r in extraction.requirements
        # not one an option off by default guards (examples/six-repos/ascend-ops
        # CMakeLists.txt:26-27 finds CANN under ASCEND_OPS_BUILD_NPU): the default build's
        if r.hard and r.subject in kinds and r.confidence != "low" and not r.feature
    }
    cmake_builds = with_adders(cmake_builds, texts)
    # a ``cmake`` step of such a project is found by its CMakeLists.txt (``toolkit_builds``)
    found.update({posixpath.join(f, "CMakeLists.txt"): k for f, k in cmake_builds.items()})
    for rel, extraction in extracted:
        if rel.endswith(_SCRIPT_SUFFIXES):
            for r in extraction.requirements:
                if r.hard and r.subject in kinds and r.confidence != "low":
                    found[rel] = kinds[r.subject]
            kind = (
                _configures_built(texts.get(rel), cmake_builds, posixpath.dirname(rel) or ".")
                if cmake_builds
                else None
            )
            if kind is not None and rel not in found:
                found[rel] = kind
    if not found:  # no folder builds with a toolkit: no script can install one (nor parsed)
        return found
    for rel, _ in extracted:
        kind = _installs_built(rel, texts.get(rel), found) if rel not in found else None
        if kind is not None:
            found[rel] = kind
    return found


def _installs_built(rel: str, text: Optional[str], builds: Mapping[str, str]) -> Optional[str]:
    """The toolkit's device kind of a folder in ``builds`` that the shell script ``rel``
    (``text``) pip-installs: ashawkey/torch-ngp@b6e08046 scripts/install_ext.sh:1 ``pip
    install ./raymarching`` builds raymarching/setup.py's CUDA extension (outsider9 #6). The
    folder is read from the top, where a guide runs the script (readme.md:60 ``bash
    scripts/install_ext.sh``), or from the script's own folder."""
    if text is None or not rel.endswith(_SCRIPT_SUFFIXES) or not _may_pip_install(text):
        return None
    for command in parse_commands(text):
        named = installed_folder("", command.argv)
        for base in ("", posixpath.dirname(rel)) if named else ():
            folder = posixpath.normpath(posixpath.join(base, named))
            if folder in builds:
                return builds[folder]
    return None


_UP_FOLDERS = lazyre.compile(r"^(?:\.\./)+|^\.\.$")


def _configures_built(
    text: Optional[str], builds: Mapping[str, str], home: str = "."
) -> Optional[str]:
    """The toolkit's device kind of a CMake project in ``builds`` (its CMakeLists.txt needs the
    toolkit) that a shell script's ``cmake`` configures, its folder named from wherever the
    script stands: ``cmake ../../../src`` from build/intermediates/host (hu-qi/opt-test@021a3be
    ACLHelloWorld/scripts/sample_build.sh:13) configures src/, whose CMakeLists.txt:43 links
    AscendCL: the script builds with CANN and waits for its install (outsider15 D5). A source
    that climbs to nothing (``cmake ..`` from ``build_out``, AscendCContest
    FrameworkLaunch/Addcmul/build.sh:7,36) or none at all (``cmake -B build``, run.sh:104) is the
    script's own folder, ``home``."""
    if text is None or "cmake" not in text:
        return None
    # only a line that spells the program's name can run it: the rest is not parsed
    for command in commands_of([j for j in joined_lines(text) if _SPELLED_CMAKE.search(j.text)]):
        argv = command.argv
        if not argv or argv[0].rsplit("/", 1)[-1] != "cmake" or argv[1:2] in _NOT_CONFIGURING:
            continue
        words = [
            word
            for before, word in zip(argv, argv[1:])
            if not (word.startswith("-") and word != "-S") and before not in _TAKES_VALUE
        ]
        for word in words or ["."]:
            tail = _UP_FOLDERS.sub("", posixpath.normpath(word)) or "."
            if tail == "." and home in builds:
                return builds[home]
            for folder, kind in builds.items():
                if folder == tail or (folder.endswith("/" + tail) and tail != "."):
                    return kind
    return None


_NOT_CONFIGURING = (("-E",), ("-P",), ("--build",), ("--install",), ("--open",))
"""``cmake``'s modes that configure no project: a command (``cmake -E make_directory src``
names a folder it makes, review34), a script, building or installing a configured tree."""
_TAKES_VALUE = frozenset({"-G", "-B", "-T", "-A", "-C", "-D", "-U", "--preset", "--toolchain"})
"""Options whose value is the next word (``-G Ninja``, ``-B build``), not a source folder."""
_SCRIPT_SUFFIXES = (".sh", ".bash")
_SPELLED_PIP = lazyre.compile(r"""p[\\'"]*i[\\'"]*p""")
_SPELLED_INSTALL = lazyre.compile(r"""i[\\'"]*n[\\'"]*s[\\'"]*t[\\'"]*a[\\'"]*l[\\'"]*l""")
_SPELLED_CMAKE = lazyre.compile(r"""c[\\'"]*m[\\'"]*a[\\'"]*k[\\'"]*e""")
"""``cmake`` as a shell word may be spelled, quotes and backslashes between its letters."""


def _may_pip_install(text: str) -> bool:
    """Whether ``text`` may hold a ``pip install`` (``pip``/``pip3``/``python -m pip``/``uv
    pip`` and the word ``install``): a shell word is its characters with quotes and
    backslashes taken out, so each is searched with those allowed between its letters.
    Most scripts hold none and are not parsed again (MindIE-LLM: 13 of 109)."""
    return bool(_SPELLED_INSTALL.search(text)) and bool(_SPELLED_PIP.search(text))


_SHELLS = frozenset({"bash", "sh", "source", "."})


def _script(step: Step) -> str | None:
    """The repo's script a step runs (``bash build.sh ...``, ``./build.sh``), from its
    folder; ``None`` for any other command."""
    argv = step.argv
    named = argv[1] if len(argv) > 1 and argv[0] in _SHELLS else argv[0] if argv else ""
    if not named.endswith(_SCRIPT_SUFFIXES):
        return None
    return posixpath.normpath(posixpath.join(step.cwd, named))


def toolkit_builds(
    steps: Sequence[Step],
    builds: Mapping[str, str],
    provides: Sequence[str] = (),
    checkout: str = "",
) -> list[Step]:
    """Each install step of a folder in ``builds`` (``toolkit_folders``), and each build or
    install step that runs a script there, needing that toolkit: ``pip install .`` at
    IST-DASLab/marlin@2f6d7c10 README.md:78 builds setup.py:12-20's extension with nvcc, as
    ``python setup.py install`` in awq/kernels does (mit-han-lab/llm-awq@d6e797a4
    README.md:124); ``bash build.sh`` (cann-hccl README.md:150) runs a script that stops
    without CANN. So does ``pip install git+https://github.com/ashawkey/cubvh`` of the repo
    itself (its readme.md:10; ``provides``, ``checkout``: its names), which builds the same
    setup.py:111 ``CUDAExtension`` from upstream (outsider17 D10); so does a ``cmake`` step of
    a CMake project that needs the toolkit (``toolkitcmake``), and a run or a test that runs a
    script which configures one: ``bash run.sh -r cpu -v Ascend310P1`` (AscendCContest
    KernelLaunch/README.md:80) builds before it runs (run.sh:104-110)."""
    found: list[Step] = []
    for step in steps:
        folder = _built_by(step, set(provides), checkout) if builds else None
        kind = builds.get(folder) if folder is not None else None
        if kind is not None and not step.needs.toolkit:
            needs = msgspec.structs.replace(step.needs, toolkit=True, device_kind=kind)
            found.append(msgspec.structs.replace(step, needs=needs))
        else:
            found.append(step)
    return found


def _built_by(step: Step, provides: set[str], checkout: str) -> Optional[str]:
    """The folder, script or ``CMakeLists.txt`` (``toolkit_folders``' keys) whose build
    ``step`` runs; ``None`` for none."""
    if step.kind in ("install", "build", "run", "test"):
        installed = _installed(step) if step.kind in ("install", "build") else None
        folder = installed or _script(step)
        if folder is not None:
            return folder
    lists = cmake_folder(step) if step.kind == "build" else None
    if lists is not None:
        return posixpath.join(lists, "CMakeLists.txt")
    return "." if _own_from_vcs(step, provides, checkout) else None


_DISTRIBUTION = lazyre.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,100}")


def _own_from_index(step: Step, own: set[str]) -> bool:
    """Whether ``step`` pip-installs only the repo's own distribution from the index."""
    targets = pip_install_targets(step.argv)
    if targets is None or not targets[0] or targets[1]:
        return False
    names = [_DISTRIBUTION.match(spec) for spec in targets[0]]
    return all(n is not None and python_subject(n.group(0)) in own for n in names)


_VCS_URL = lazyre.compile(r"^(?:[A-Za-z][\w.-]*\s*@\s*)?(?:git\+)?[a-z]+://[^\s#]+")


def _own_from_vcs(step: Step, own: set[str], checkout: str) -> bool:
    """Whether ``step`` pip-installs only the repo itself from its repository's URL (``pip
    install git+https://github.com/pyg-team/pyg-lib.git`` in pyg-lib's README.md:62): the
    URL's repository is the checkout's folder, or its PEP 508 name a distribution it
    provides."""
    targets = pip_install_targets(step.argv)
    urls = [a for a in step.argv if _VCS_URL.match(a)]
    if targets is None or targets != ([], []) or not urls or installs_here(step.argv):
        return False
    for spec in urls:
        head, _, tail = spec.partition("://")
        named = head.split("@", 1)[0].strip() if "@" in head else ""
        last = tail.split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        repository = last.split("@", 1)[0].removesuffix(".git")
        names = {python_subject(n) for n in (repository, named) if n}
        if not names & {*own, *([python_subject(checkout)] if checkout else [])}:
            return False
    return True


def without_own_release(
    steps: Sequence[Step], provides: Sequence[str], checkout: str = ""
) -> list[Step]:
    """The steps less each ``pip install`` of the repo itself from elsewhere where another
    step installs the checkout: the index's release
    (``pip install <its own distribution>``) or its repository's URL would replace what was
    built from the checkout, or build upstream's HEAD besides it (``pip install alphafold3-
    pytorch``, the upstream's README_ORIGIN.md:70, after ``pip install .`` of the NPU fork
    that names itself alike, HowXu/alphafold3-pytorch-npu@f1b109e0 README.MD:28 and
    pyproject.toml:2; pyg-lib's ``pip install git+https://github.com/pyg-team/pyg-lib.git``
    beside the install of its checkout, review24 M5). ``checkout``: the repo's folder name."""
    own = set(provides)
    if not (own or checkout) or not any(_installed(step) is not None for step in steps):
        return list(steps)
    root = any(_installed(step) == "." for step in steps)  # a URL's install is of the root
    return [
        s
        for s in steps
        if not (_own_from_index(s, own) or (root and _own_from_vcs(s, own, checkout)))
    ]


def _made_by_a_build(folder: str) -> bool:
    """Whether a folder the checkout lacks is one its build makes or fetches (``build/``,
    ``cmake-build-release``, ``third_party/x``) or a placeholder (``$BUILD_DIR``)."""
    return any(
        part in SKIPPED_DIRS or part.startswith(("build", "cmake-build-")) or "$" in part
        for part in folder.split("/")
    )


def in_checkout(steps: Sequence[Step], is_folder: Callable[[str], bool]) -> list[Step]:
    """The steps less those run in a folder the checkout lacks and no build of it makes: a
    clone of another project (``cd VILA && pip install -e .`` after ``git clone .../VILA.git``,
    mit-han-lab/llm-awq@d6e797a4 README.md:142-144, whose install is a need of that project,
    ``sourceinstalls``) or a folder a stale guide names (``cd csrc/ft_attention && pip install
    .``, awq/kernels/csrc/attention/README.md:7): there is nowhere to run them."""
    return [
        step
        for step in steps
        if step.cwd in ("", ".") or is_folder(step.cwd) or _made_by_a_build(step.cwd)
    ]


def scopes_in_checkout(
    scopes: tuple[Scope, ...], is_folder: Callable[[str], bool]
) -> tuple[Scope, ...]:
    """``scopes`` with the steps run in a folder the checkout lacks left out (``in_checkout``),
    and a scope left with neither requirements nor steps with them (its only step ran in a
    folder the checkout lacks)."""
    kept = (
        msgspec.structs.replace(scope, steps=tuple(in_checkout(scope.steps, is_folder)) or ())
        for scope in scopes
    )
    return tuple(scope for scope in kept if scope.requirements or scope.steps) or ()
