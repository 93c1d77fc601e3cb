"""The environment an install or build guide has the user set up: ``source`` of an
environment script (a toolkit's ``set_env.sh``, the repo's own) and ``export`` of a location
(``export ATB_BUILD_DEPENDENCY_PATH=...``, ``export LD_LIBRARY_PATH=<lib>:$LD_LIBRARY_PATH``).
The later steps run in that environment.

A toolkit's script is how that toolkit is used: sourcing it states the toolkit
(``toolkit_script``: ``source /usr/local/Ascend/cann/set_env.sh`` is the ``cann`` need, cited
beside its version, ``.../nnal/atb/set_env.sh`` the ``nnal`` one; ``shell``), not a variable
of its own, and so does a sentence telling the user to set the toolkit's environment up. The
variable it sets is an ``env_var`` need only where the code reads and needs it
(``cmake_vocab``, ``pyguards``, ``shellguards``). Another script (the repo's own, often one
its build writes: ``source output/atb/set_env.sh``, ascend-transformer-boost README.md:150;
shmem docs/quickstart.md:212 ``source install/set_env.sh``) names no variable: no need. A
location the guide has the user ``export`` by name is an ``env_var`` need. Only a guide's own
steps are read (the caller's choice): a script that sources its environment itself needs
nothing of the user.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

import msgspec

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.caseless import Words
from bringup.model import Requirement, Source
from bringup.scan.architectures import listing
from bringup.scan.commands import Command, parse_commands, pip_install_targets, program_name
from bringup.scan.extraction import SourceFile
from bringup.subjects import display_name

_LOCATION = lazyre.compile(
    r"^[A-Za-z_]\w*_(?:HOME|ROOT|PATH|DIR|PREFIX)$|^PYTHONPATH$|^LD_PRELOAD$"
)
"""A variable naming a place: a directory, a search path, or the library the dynamic loader
loads first (``export LD_PRELOAD=${ASCEND_HOME_PATH}/lib64/libmspti.so``, Ascend/mspti
docs/zh/user_guide/mspti_user_guide.md:51; msmonitor README.md:124)."""

_RUN_PLACE = lazyre.compile(r"(?:^|_)(?:LOGS?|CACHE|DUMP)(?:_|$)")
"""A place a run writes its logs, cache or dumps to (``export MIS_CACHE_PATH=/data``,
Ascend/MindInferenceService docs/zh/quick_start.md:35; ``export MSMONITOR_LOG_PATH=
/tmp/msmonitor_log``, msmonitor docs/zh/getting_started/install_guide.md:259): a setting of
the example run, never what the build or install needs (the truth conventions, C2)."""

_COMPUTED = lazyre.compile(r"\$\(|`|^\.|^[A-Za-z0-9_.-]+/")
"""``$(realpath ../third-party/llvm-project)``, ``./build``, ``build/``: a value the block
computes or one relative to where it runs (AscendNPU-IR installing_guide.md:144
``LLVM_SOURCE_DIR``; opbase docs/QUICKSTART.md:170 ``LD_LIBRARY_PATH=build/:$LD_LIBRARY_PATH``,
the repo's own build output for its tests)."""


class _Setup(NamedTuple):
    markers: re.Pattern[str]
    toolkit: str
    packages: tuple[tuple[str, re.Pattern[str]], ...]
    """The backend's packages a need may name without a version (``cann``, ``nnal``), each
    with how it is written: a script under a directory so named sets that one up."""
    stated: re.Pattern[str]
    """A sentence telling the user to set the toolkit's environment up ("安装完成后需要配置CANN
    环境变量", memfabric_hybrid doc/installation.md:56)."""


def _compile(registered: tuple[Backend, ...]) -> tuple[_Setup, ...]:
    return tuple(
        _Setup(
            patterncache.compile(b.vocabulary.setup_markers),
            b.vocabulary.toolkit_subject or "",
            tuple(
                (subject, patterncache.compile(pattern, re.IGNORECASE))
                for subject, pattern in b.vocabulary.subject_patterns
                if subject in b.vocabulary.unversioned
            ),
            patterncache.compile(
                rf"(?:配置|设置|生效|\bset(?:\s+up)?\b|\bconfigure\b|\bsource\b)[^.。;\uff1b]{{0,30}}"
                rf"(?<![A-Za-z]){re.escape(display_name(b.vocabulary.toolkit_subject))}(?![A-Za-z])\s*"
                rf"(?:的)?\s*(?:环境变量|environment(?:\s+variables)?)",
                re.IGNORECASE,
            ),
        )
        for b in registered
        if b.vocabulary.setup_markers and b.vocabulary.toolkit_subject
    )


_setups = backends.per_registry(_compile)


def toolkit_script(path: str) -> Optional[str]:
    """The toolkit package whose environment script ``path`` is, from the directories it lies
    in, never its file name alone: the package the deepest of them names
    (``/usr/local/Ascend/nnal/atb/set_env.sh``: ``nnal``; ``${install_path}/cann/set_env.sh``:
    ``cann``), else the toolkit of a backend whose install they point into (``/Ascend/``,
    ``${ASCEND_HOME_PATH}``). A script of the repo's own or of another product
    (``/usr/local/memfabric_hybrid/set_env.sh``, memfabric_hybrid doc/installation.md:73; a
    bare ``set_env.sh``) is not one."""
    folders = path.split("/")[:-1]
    for folder in reversed(folders):
        for setup in _setups():
            named = next((s for s, p in setup.packages if p.search(folder)), None)
            if named is not None:
                return named
    return next((s.toolkit for s in _setups() if s.markers.search("/".join(folders) + "/")), None)


def environment_setup(file: SourceFile, commands: list[Command]) -> list[Requirement]:
    """An ``env_var`` requirement per location exported."""
    found: list[Requirement] = []
    queried = {n for c in commands if _ASKS_PYTHON.search(c.text) for n, _ in c.env}
    for command in commands:
        argv = command.argv
        if argv[:1] == ("export",):
            for part in argv[1:]:
                name, _, value = part.partition("=")
                if _search_path_of(found, name, value, file.source(command.line)):
                    continue
                # a value computed in the block is the guide's own shell variable, unless
                # it is where Python says a package is installed
                path = "/" in value and not _COMPUTED.search(value)
                if _RUN_PLACE.search(name) or not _LOCATION.match(name):
                    continue
                if path or _installed(value, command, queried):
                    text = f"export {part}"[:200]
                    found.append(file.requirement("env_var", name, command.line, text=text))
    return found


def _search_path_of(found: list[Requirement], name: str, value: str, at: Source) -> bool:
    """Whether the search path ``name`` is exported from a location the block exported before
    (``export CUDA_HOME=/usr/local/cuda-<YOUR-CUDA-VERSION>`` then ``export LD_LIBRARY_PATH=
    ${CUDA_HOME}/lib64:$LD_LIBRARY_PATH``, HazyResearch/ThunderKittens README.md:160-162):
    the setup of that one location, cited beside its need (``found`` updated in place)."""
    if not name.endswith("PATH") or "$" not in value:
        return False
    named = set(_REFERENCES.findall(value)) - {name}
    for index, need in enumerate(found):
        if need.spec in named:
            found[index] = msgspec.structs.replace(need, also_at=(*need.also_at, at))
            return True
    return False


_SETTING = lazyre.compile(r"^[A-Z][A-Z0-9_]{1,40}$")
_OPTIONAL_NOTE = lazyre.compile(r"#.*(?:(?i:optional|if\s+you)|可选|如需)")
_SHELL_OWN = frozenset({"PATH", "HOME", "USER", "PWD", "SHELL", "LANG", "TERM"})
"""Set in every login environment."""


def build_settings(file: SourceFile, commands: list[Command]) -> list[Requirement]:
    """A setting a guide's block exports before it builds the source in the same block
    (torch-harmonics README.md:124-126 ``export TORCH_HARMONICS_BUILD_CUDA_EXTENSION=1`` then
    ``pip install --no-build-isolation -e .``; pytorch-tcuscan README.md:146-147 ``export
    CMAKE_GENERATOR="Unix Makefiles"`` then ``pip install -v .``): the build is run with it,
    a soft ``env_var`` need. A place (``environment_setup``'s), a setting exported with no
    build after it (a run's) or one its comment calls optional (SageAttention README.md:91
    ``export EXT_PARALLEL=4 NVCC_APPEND_FLAGS="--threads 8" MAX_JOBS=32 # Optional``) is
    not one, nor a device architecture list (``archchoice``: the reader's choice)."""
    found: list[Requirement] = []
    for index, command in enumerate(commands):
        if command.argv[:1] != ("export",) or _OPTIONAL_NOTE.search(command.text):
            continue
        if not any(_builds_source(c.argv) for c in commands[index + 1 :]):
            continue
        for part in command.argv[1:]:
            name, equals, value = part.partition("=")
            setting = _SETTING.match(name) and not _LOCATION.match(name)
            if not (equals and value and setting) or name in _SHELL_OWN or listing(name):
                continue
            text = f"export {part}"[:200] + ": set for the build that follows"
            found.append(file.requirement("env_var", name, command.line, text=text, hard=False))
    return found


_VALUED = frozenset(
    {"-i", "--index-url", "--extra-index-url", "-f", "--find-links", "-c", "--constraint"}
    | {"-r", "--requirement", "-t", "--target", "--prefix", "--root", "--src"}
)
"""``pip install`` options whose value is no target (an index, a file of requirements)."""


def _builds_source(argv: tuple[str, ...]) -> bool:
    """Whether ``argv`` builds source code: a ``pip install`` of a checkout or repository
    (editable, a path, a URL), ``setup.py``, CMake, make or ninja."""
    if pip_install_targets(argv) is not None:
        if "-e" in argv or "--editable" in argv:
            return True
        words = zip(argv, argv[1:])
        targets = [w for before, w in words if before not in _VALUED and not w.startswith("-")]
        return any(t.startswith((".", "/", "git+")) or "://" in t for t in targets)
    program = program_name(argv)
    if program.startswith("python") and argv[1:2] == ("setup.py",):
        return True
    return program in ("cmake", "make", "ninja")


_QUOTED_EXPORT = lazyre.compile(r"`(export\s[^`]{1,400})`")


def quoted_exports(file: SourceFile, text: str, line: int) -> list[Requirement]:
    """The places a guide's sentence has the user export in a quoted command, as a block's
    (``environment_setup``): "执行命令为`export LD_LIBRARY_PATH=/usr/local/Ascend/ascend-toolkit/
    latest/opp/vendors/customize/op_api/lib/:${LD_LIBRARY_PATH}`" (cann-ops QuickStart.md:252)."""
    quoted = _QUOTED_EXPORT.findall(text) if "export" in text else []
    return environment_setup(file, [c for q in quoted for c in parse_commands(q, line)])


_ASKS_PYTHON = lazyre.compile(r"(?:\$\(|`)\s*python3?\s+-c\s+[\"']import\s")
_REFERENCES = lazyre.compile(r"\$\{?([A-Za-z_]\w*)\}?")


def _installed(value: str, command: Command, queried: set[str]) -> bool:
    """Whether an exported value is where Python says an installed package lies: asked in
    the export itself (``export Torch_DIR=`python -c 'import torch;print(torch.utils.
    cmake_prefix_path)'` ``, pyg-lib .github/CONTRIBUTING.md:33) or in the block's variables
    it is made of (``TORCH_NPU_PATH=$(python3 -c "import torch_npu, ...")`` then ``export
    PYTORCH_NPU_INSTALL_PATH=${TORCH_NPU_PATH}``, MindIE-LLM docs/zh/developer_guide/
    build_guide.md:45-47): a dependency's place the build is told."""
    if _ASKS_PYTHON.search(command.text):
        return True
    named = set(_REFERENCES.findall(value))
    return bool(named) and named <= queried


def environment_stated(file: SourceFile, paragraph: list[tuple[int, str]]) -> list[Requirement]:
    """The toolkit whose environment a guide's sentence tells the user to set up,
    unversioned."""
    for line, words in paragraph:
        for setup in _setups():
            if setup.stated.search(words):
                text = f"{words[:200]}: sets up {display_name(setup.toolkit)}"
                return [file.requirement(setup.toolkit, "", line, text=text, confidence="medium")]
    return []


_GATE = Words(r"环境变量|environment")


def environment_words(text: str) -> bool:
    """Whether a document has any word ``environment_stated`` looks for (one search of it)."""
    return _GATE.found_in(text)
