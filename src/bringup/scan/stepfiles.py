"""A step read with the script it runs: where the script is, whether the repo has it, and
what device the script itself says it runs on.

A guide's command runs in the folder a reader's shell is in, which the guide may have left in
an earlier block: ``pytest -q -s test_flash_attn.py`` (Dao-AILab/flash-attention README.md:57)
runs hopper/test_flash_attn.py, the folder README.md:51 went into; ``python pt_6.py``
(HowXu/alphafold3-pytorch-npu README.MD:35) runs usage_test/pt_6.py, the repo's only one. A
script the repo has nowhere (``python stress_test.py --device npu``, migration_work_report.md
:183) is ``missing``: the step cannot run as written.

The device: a script with a ``--device`` option runs on its default unless the command
names another (facebookresearch/segment-anything scripts/amg.py:55 ``default="cuda"``); one
without that calls a framework's device (``torch.device('cuda:0')``, ``.npu()``) with no
``is_available()`` fallback runs on it (IST-DASLab/marlin test.py:14)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Sequence
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Step, StepNeeds
from bringup.nearwords import search_near
from bringup.scan.adapterimports import imported_device
from bringup.scan.builtruns import device_programs, runs_built_program
from bringup.scan.commands import pip_install_targets, program_name
from bringup.scan.containerimage import with_image
from bringup.scan.devicewords import device_names, option_device, target_kind
from bringup.scan.guidecreated import created_input
from bringup.scan.jitbuilds import JitBuilds
from bringup.scan.localpaths import fetched_wheels, with_local_paths
from bringup.scan.ownfolder import in_own_clone, own_clone, own_folder_install
from bringup.scan.scriptneeds import with_script_needs
from bringup.scan.testcollect import TEST_FILE, collected_tests
from bringup.scan.testdevices import named_device, placed_devices, stated_devices
from bringup.scan.testfiledevices import falls_back, file_devices
from bringup.scan.testmocks import on_cpu

_RUNNERS = frozenset({"bash", "sh", "pytest", "py.test", "torchrun", "deepspeed", "accelerate"})
"""Programs whose first file argument is the script they run (besides ``python``)."""

_BUILT = lazyre.compile(r"(?:^|/)(?:build|dist|out|cmake-build-[^/]*|_build)(?:/|$)")
"""A folder a build makes: a script there is made, not missing."""

_DEVICE_OPTION = lazyre.compile(
    r"add_argument\(\s*['\"]--device(?:_target)?['\"][^)]{0,300}?default\s*=\s*['\"](\w+)",
    re.DOTALL,
)


def _no_cpu_branch(text: str) -> bool:
    """Whether ``text`` raises where the device is not available (``_NO_CPU_BRANCH``)."""
    return search_near(_NO_CPU_BRANCH, text, ("is_available()",)) is not None


_NO_CPU_BRANCH = lazyre.compile(
    r"\bis_available\(\)\s*:[^\n]*\n(?:[ \t]+\S[^\n]*\n){1,4}?[ \t]*else\s*:\s*\n\s*raise\b"
)
"""A device chain whose last branch raises: NPU if torch_npu imports, ``elif
torch.cuda.is_available():`` GPU, ``else: raise ValueError("Neither NPU nor GPU environment is
given!")`` (KaihuaTang/LLM-TP-Inference-on-910B@e1c3284 main.py:120-126, outsider8 #3). The
check is no CPU fallback: the script needs a device, of either kind."""


def script_of(step: Step) -> Optional[str]:
    """The repo file ``step`` runs (as written, from its folder): ``python x.py``, ``python
    -m pkg.mod``, ``bash x.sh``, ``pytest x.py``, ``./x.sh``; None for any other program,
    an installed module or a word holding a variable or a placeholder."""
    argv = step.argv
    program = program_name(argv)
    if argv[0].endswith((".py", ".sh")):
        words: Sequence[str] = argv[:1]
    elif program.startswith("python") or program in _RUNNERS:
        words = argv[1:]
    else:
        return None
    if program.startswith("python") and len(argv) > 2 and argv[1] == "-m":
        return None  # ``python -m``: the module may be installed; ``_module`` reads the repo's
    for word in words:
        if word.startswith("-"):
            continue
        path = word.split("::", 1)[0]
        if path.endswith((".py", ".sh")) and not re.search(r"[$<>{}*]", path):
            return path
        return None
    return None


def _module(step: Step, scripts: Collection[str]) -> Optional[str]:
    """The repo file ``python -m pkg.mod`` runs when its package is the repo's own."""
    argv = step.argv
    if not (program_name(argv).startswith("python") and len(argv) > 2 and argv[1] == "-m"):
        return None
    base = argv[2].replace(".", "/")
    for rel in (f"{base}.py", f"{base}/__main__.py"):
        full = posixpath.normpath(posixpath.join(step.cwd or ".", rel))
        if full in scripts:
            return full
    return None


def _where(
    step: Step, script: str, kept: StepFiles, earlier: Sequence[str], home: str = ""
) -> Optional[str]:
    """The folder ``step`` runs ``script`` from: its own when the file is there, else the
    latest folder an ``earlier`` step of its document ran in that holds it, else the folder
    of the document itself (``home``: a model folder's README says ``bash run.sh`` of the
    run.sh beside it, where every model folder has one, outsider12 #14), else the one folder
    of the repo that does (``StepFiles.holder``); None when the repo has none (or several,
    none chosen)."""
    cwd = step.cwd or "."
    if posixpath.normpath(posixpath.join(cwd, script)) in kept.scripts:
        return cwd
    for folder in (*reversed(earlier), *([home] if home not in ("", ".") else [])):
        if posixpath.normpath(posixpath.join(folder, script)) in kept.scripts:
            return folder
    return kept.holder(script)


def _device(text: str, argv: tuple[str, ...]) -> Optional[str]:
    """The kind of device the script ``text`` runs on as ``argv`` runs it, or None (the CPU,
    a fallback, or nothing said)."""
    named = option_device(argv)
    if named is not None:
        return None if named == "cpu" else named
    option = _DEVICE_OPTION.search(text)
    names = device_names()
    if option is not None:
        kind = target_kind(option.group(1))
        return None if kind in (None, "cpu") else kind
    if falls_back(text):
        return None
    kinds = {
        kind
        for name, kind in names.items()
        if kind != "cpu" and re.search(rf"\.{name}\(|['\"]{name}(?::\d+)?['\"]", text)
    }
    return kinds.pop() if len(kinds) == 1 else None


def placed(
    steps: Sequence[Step], kept: StepFiles, guide: str = "", *, own: Collection[str] = ()
) -> list[Step]:
    """``steps`` each run from the folder that holds its script, marked ``missing`` when the
    repo has the script nowhere, and needing the device its script runs on when nothing
    else said which. ``kept``: the checkout's files and what they say of the steps;
    ``guide``: the repo file the steps come from, whose folder a ``pip install .`` may mean;
    ``own``: the repo's names (a clone's folder)."""
    out: list[Step] = []
    folders: dict[Optional[str], list[str]] = {}  # by document: the folders its steps ran in
    wheels: dict[Optional[str], list[str]] = {}  # by document: the wheels its steps fetched
    scripts, read = kept.scripts, kept.read
    for step in steps:
        earlier = folders.setdefault(step.source.ref, [])
        fetched = wheels.setdefault(step.source.ref, [])
        found = _found(step, kept, earlier, own, posixpath.dirname(guide))
        if found.needs.missing and guide:
            found = created_input(found, guide, read(guide))
        if found.cwd not in ("", "."):
            earlier.append(found.cwd)
        found = _in_clone_top(found, kept, own, posixpath.dirname(guide))
        found = with_local_paths(found, scripts, fetched, own)
        if found.needs.missing and guide:  # a requirements file the guide has its reader write
            found = created_input(found, guide, read(guide))
        fetched.extend(fetched_wheels(found))
        ran = _ran(found)
        found = with_script_needs(found, ran, read(ran) if ran is not None else None)
        found = with_image(found, read(ran) if ran is not None else None, guide, read, out)
        found = _on_its_device(found, _module(found, scripts) or ran, scripts, read)
        if ran is not None and ran.endswith(".sh"):
            found = runs_built_program(found, read(ran), kept.device_programs(), ran)
        found = _compiled_at_start(found, _module(found, scripts) or ran, kept.jit)
        out.append(_test_device(found, kept))
    return out


def _found(
    step: Step,
    kept: StepFiles,
    earlier: Sequence[str],
    own: Collection[str] = (),
    home: str = "",
) -> Step:
    """``step`` run from the folder that holds its script (``_where``), or marked
    ``missing``; as it is when it runs no script of the repo's or one a build makes. A script
    written from the folder above a clone of the repo itself (``own_clone``) is the
    checkout's own, the path written from the checkout."""
    step = own_folder_install(in_own_clone(step, own, kept.scripts), kept.read, own)
    script = script_of(step)
    if script is None or _BUILT.search(posixpath.join(step.cwd, script)):
        return step
    folder = _where(step, script, kept, earlier, home)
    inside = own_clone(step, script, kept.scripts, own) if folder is None else None
    if inside is not None:
        argv = tuple(inside if word == script else word for word in step.argv)
        return msgspec.structs.replace(step, argv=argv, cwd=".")
    if folder is None:
        return msgspec.structs.replace(
            step, needs=msgspec.structs.replace(step.needs, missing=(script,))
        )
    return msgspec.structs.replace(step, cwd=folder)


_LOCAL = lazyre.compile(r"^\.{1,2}(?:/[\w.-]*)*$")
"""A local folder a ``pip install`` names (``.``, ``./``, ``../x``), not a file (``.whl``)."""
_BUILD_FILES = ("setup.py", "pyproject.toml", "setup.cfg")


def _unpackaged(
    step: Step, scripts: Collection[str], read: Callable[[str], Optional[str]], home: str = ""
) -> Step:
    """``step`` marked ``missing`` when it pip-installs a folder of the checkout that holds no
    package: ``pip install … ./`` run in OpenGVLab/InternVL@2410d1db's top (INSTALLATION.md:64),
    meant for the apex its guide clones at :62 without going into it. A folder the checkout
    lacks (``cd apex`` after the clone) is one an earlier command makes: not judged. A guide
    in a sub-project (``home``) may mean its own folder or the sub-project's root above it
    (akg akg_agents/reproduce/README.md:30): missing only when none of them holds a build."""
    if pip_install_targets(step.argv) is None:
        return step
    for word in step.argv:
        if not _LOCAL.match(word) or word.endswith((".whl", ".txt")):
            continue
        judged = [
            f"{folder}/" if folder != "." else ""
            for folder in _meant(posixpath.join(step.cwd or ".", word), home)
            if not folder.startswith("..")
        ]
        judged = [inside for inside in judged if any(rel.startswith(inside) for rel in scripts)]
        if judged and all(read(f"{i}{name}") is None for i in judged for name in _BUILD_FILES):
            lacking = (*step.needs.missing, f"{judged[0]}setup.py")
            return msgspec.structs.replace(
                step, needs=msgspec.structs.replace(step.needs, missing=lacking)
            )
    return step


def _in_clone_top(step: Step, kept: StepFiles, own: Collection[str], home: str) -> Step:
    """``_unpackaged``, but a folder named after the repo that holds no package, entered after
    the guide clones the repo itself, is the clone's top where that has the build: ``git clone
    --recursive https://github.com/ashawkey/cubvh``, ``cd cubvh``, ``pip install .``
    (ashawkey/cubvh@7855c00 readme.md:13-15) beside the package folder cubvh/ (outsider17 D9)."""
    unpacked = _unpackaged(step, kept.scripts, kept.read, home)
    cloned = in_own_clone(step, own, ()) if unpacked is not step else step
    if cloned is step or _unpackaged(cloned, kept.scripts, kept.read, home) is not cloned:
        return unpacked
    return cloned


def _meant(path: str, home: str) -> list[str]:
    """The folders a guide in ``home`` may mean by ``path``: from ``home``, each folder above
    it, then the checkout's top."""
    bases = []
    while home not in ("", "."):
        bases.append(home)
        home = posixpath.dirname(home)
    bases.append("")
    return list(dict.fromkeys(posixpath.normpath(posixpath.join(b, path)) for b in bases))


def _ran(step: Step) -> Optional[str]:
    """The repo file of ``step``'s script, found where it runs (``_found``)."""
    script = script_of(step)
    if script is None or step.needs.missing:
        return None
    return posixpath.normpath(posixpath.join(step.cwd or ".", script))


def _on_its_device(
    step: Step, rel: Optional[str], scripts: Collection[str], read: Callable[[str], Optional[str]]
) -> Step:
    """``step`` needing one device of the kind its Python script runs on, when its needs
    name no device and the script says which: the kind of the adapter the script imports
    when it has one (``adapterimports``)."""
    if rel is None or not rel.endswith(".py") or step.needs.devices or step.needs.device_kind:
        return step
    if step.kind not in ("run", "test"):
        return step
    text = read(rel)
    if text is None or option_device(step.argv) == "cpu":
        return step
    kind = _device(text, step.argv)
    stated = stated_devices(text) if not falls_back(text) else None
    if kind is None and stated is None and not _no_cpu_branch(text):
        return step
    kind = imported_device(text, scripts, read) or kind or (stated.device_kind if stated else None)
    needs = msgspec.structs.replace(
        step.needs,
        devices=stated.devices if stated else 1,
        device_kind=kind,
        chips=stated.chips if stated else (),
    )
    return msgspec.structs.replace(step, needs=needs)


def _compiled_at_start(
    step: Step,
    rel: Optional[str],
    compiled: JitBuilds,
) -> Step:
    """``step`` needing the toolkit and a device of its kind when the Python script ``rel`` it
    runs compiles kernels as it starts (``jitbuilds``). ``compiled`` keeps each script's
    answer: a guide runs one script many times (torch-ngp readme.md: 43 runs of 6 scripts, each
    following the same imports; a quarter of its scan before)."""
    if rel is None or not rel.endswith(".py") or step.kind not in ("run", "test"):
        return step
    if step.needs.toolkit or (step.needs.device_kind or "gpu") == "cpu":
        return step
    kind = compiled.kind(rel)
    if kind is None or step.needs.device_kind not in (None, kind):
        return step
    needs = msgspec.structs.replace(
        step.needs, toolkit=True, devices=max(step.needs.devices, 1), device_kind=kind
    )
    return msgspec.structs.replace(step, needs=needs)


class StepFiles:
    """What a checkout's files (``scripts``, read by ``read``) say of the steps that run them,
    each file read once: the default test steps, the guides' and the recipes' run the same
    test files (MindIE-LLM: 270 readings of 152), the same scripts reach the same modules."""

    def __init__(self, scripts: Collection[str], read: Callable[[str], Optional[str]]) -> None:
        self.scripts = scripts
        self.read = read
        self.jit = JitBuilds(scripts, read)
        self._devices: dict[str, Optional[StepNeeds]] = {}
        self._tests: Optional[list[str]] = None
        self._by_name: Optional[dict[str, list[str]]] = None
        self._holders: dict[str, Optional[str]] = {}
        self._programs: Optional[dict[str, dict[str, str]]] = None

    def device_programs(self) -> dict[str, dict[str, str]]:
        """The checkout's programs that drive the devices (``builtruns``), read once."""
        if self._programs is None:
            self._programs = device_programs(self.scripts, self.read)
        return self._programs

    def holder(self, script: str) -> Optional[str]:
        """The one folder of the checkout that holds ``script`` (a relative path), None when
        none or several do. Looked up among the files of its name, each path's answer kept:
        a search of every file for each step grew with folders times steps (a model zoo's
        1,000 folders each running ``bash run.sh``: 34 M comparisons, 60 s; outsider12 #14)."""
        tail = "/" + posixpath.normpath(script)
        if tail not in self._holders:
            if self._by_name is None:
                self._by_name = {}
                for rel in self.scripts:
                    self._by_name.setdefault(posixpath.basename(rel), []).append(rel)
            named = self._by_name.get(posixpath.basename(tail), [])
            folders = {rel[: -len(tail)] for rel in named if rel.endswith(tail)}
            self._holders[tail] = folders.pop() if len(folders) == 1 else None
        return self._holders[tail]

    def test_files(self) -> list[str]:
        """The scripts named as test files, sorted: looked for once, not once per step (a
        repo's every ``pytest`` step would test each of its thousands of scripts)."""
        if self._tests is None:
            self._tests = sorted(rel for rel in self.scripts if TEST_FILE.search(rel))
        return self._tests

    def devices(self, rel: str) -> Optional[StepNeeds]:
        """``file_devices`` of the test file ``rel``, with at least the devices its folders
        are named for (``four_card/``) unless it skips or falls back without them; None for a
        file that cannot be read."""
        if rel not in self._devices:
            text = self.read(rel)
            found = file_devices(rel, text, self.scripts, self.read) if text is not None else None
            if text is not None and not falls_back(text):
                found = placed_devices(rel, found)
            self._devices[rel] = found
        return self._devices[rel]


def device_of_tests(steps: Sequence[Step], kept: StepFiles) -> list[Step]:
    """``steps`` each needing the devices a test file it runs puts work on or states
    (``_test_device``), read from the checkout's files ``kept``."""
    return [_test_device(step, kept) for step in steps]


def _test_device(step: Step, kept: StepFiles) -> Step:
    """``step`` needing one device when a ``pytest`` test file it runs uses one with no skip
    or fallback (``device="cuda"``, axolotl@067b021c tests/e2e/kernels/test_geglu.py:13), or
    the devices its marks, target or launcher state (``testdevices``: ``"--num-processes",
    "2"``, axolotl@067b021c tests/e2e/multigpu/test_llama.py:86-87): it fails on a host
    without them. The device is the one of the adapter the file imports, if any
    (``adapterimports``)."""
    if step.needs.devices or step.needs.device_kind or step.kind != "test":
        return step
    tested = collected_tests(step, kept.scripts, kept.test_files())
    for rel in tested:
        found = kept.devices(rel)
        if found is not None:  # one such file is enough: the rest are not read
            needs = msgspec.structs.replace(
                step.needs,
                devices=found.devices,
                device_kind=found.device_kind,
                chips=found.chips,
                device_at=found.device_at,
            )
            return msgspec.structs.replace(step, needs=needs)
    return on_cpu(named_device(step, tested, kept.read, falls_back), tested, kept.read)
