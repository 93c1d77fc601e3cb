"""What the commands of a repo's own install, build or test route imply about the machine,
besides the ``make`` and fetch tools ``runtools`` reads: the interpreter and the build tools
the route runs, each its own subject (scan-BRIEF: gcc/clang/cmake/ninja/python are subjects of
their own).

- ``python``: a route running the interpreter (``python setup.py install``, mit-han-lab/
  torchsparse@1.4.0 README.md:71; ``python -m pip install --upgrade pip``, FlagScale
  install/install-requirements.sh:42; ``python3 setup.py bdist_wheel``, akg akg-mlir/
  build.sh:138) needs one, of no stated release. A route that names its release states one
  it uses, soft (the environment the guide makes, an example a floor elsewhere admits):
  ``conda create -n x python=3.10`` (cann-recipes-embodied-intelligence manipulation/pi0/
  infer_with_torch/README.md:35), ``uv venv --python 3.12`` (nixl benchmark/nixlbench/
  README.md:69), ``pyenv install 3.10.4``, ``python3.11 -m venv`` (MindInferenceService
  test.sh:28 ``python3.11``). A release the shell computes (``python=$(python --version
  ...)``, FlagScale install/install-requirements.sh:69) is no release: an unversioned need.
- ``ninja``: the route runs it (``ninja``, ``ninja install``) or has CMake generate for it
  (``cmake -G Ninja``, ``-GNinja``, ``CMAKE_GENERATOR=Ninja``: raft build.sh:116-117,
  xllm-ops test/cpp_test/build.sh:8).
- ``cmake``: the route runs it (``cmake ..``, ``cmake --build build``); the release is the
  ``cmake_minimum_required``'s, read elsewhere, which this need is cited beside.
- ``pypi:meson``: the route runs ``meson setup``/``meson compile`` (nixl README.md:126); and
  ``ninja``, Meson's default backend (meson(1): "The default backend of Meson is Ninja"),
  unless ``--backend`` names another.

A run that only asks the version (``python --version``, ``cmake --version``) probes whether
the tool is there and states nothing. Each subject is one need per file, cited where the file
first runs it, its later places in ``also_at``; the repo's folding (``repeats.merge_repeats``,
``unversioned``) joins it to the same subject's needs from other files.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeVar

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import Command, option_value, run_program
from bringup.scan.extraction import SourceFile
from bringup.scan.scopenames import TESTS

Key = TypeVar("Key")

ROUTE_SUBJECTS = frozenset({"python", "ninja", "cmake", "pypi:meson"})
"""The subjects a route's commands state (``route_needs``)."""
_PYTHON = lazyre.compile(r"^python(?:3(?:\.(\d{1,2}))?)?$")
"""The interpreter run by name: ``python``, ``python3``, ``python3.11`` (its release)."""
_RELEASE = lazyre.compile(r"^(?:python-?|py|cpython-?)?(3\.\d{1,2}(?:\.\d{1,3})?)(?:\.\*)?$")
"""A Python release as an environment tool takes it: ``3.11``, ``python3.11``, ``3.10.4``."""
_CONDA_PYTHON = lazyre.compile(r"^python={1,2}(3\.\d{1,2}(?:\.\d{1,3})?)(?:\.\*)?$")
"""``conda create``'s package spec for the interpreter: ``python=3.11``, ``python==3.10``."""
_PROBES = frozenset({"--version", "-V", "-VV", "version"})
_NINJA = frozenset({"ninja", "ninja multi-config"})


def _python_release(program: str, args: tuple[str, ...]) -> str:
    """The release an environment tool is asked for, "" for none it names: ``conda create
    python=3.11``, ``uv venv --python 3.11``, ``pyenv install 3.10.4``, ``virtualenv -p
    python3.9``, ``uv python install 3.12``."""
    if program in ("conda", "mamba", "micromamba") and args[:1] in (("create",), ("install",)):
        for arg in args[1:]:
            found = _CONDA_PYTHON.match(arg)
            if found is not None:
                return found.group(1)
        return ""
    named = ""
    if program == "uv" and args[:1] == ("venv",):
        named = option_value(args, "--python", "-p")
    elif program == "uv" and args[:2] == ("python", "install"):
        named = next((a for a in args[2:] if not a.startswith("-")), "")
    elif program == "pyenv" and args[:1] in (("install",), ("virtualenv",)):
        named = next((a for a in args[1:] if not a.startswith("-")), "")
    elif program == "virtualenv":
        named = option_value(args, "--python", "-p")
    found = _RELEASE.match(named)
    return found.group(1) if found is not None else ""


def _series(release: str) -> str:
    """The pin a release names: a minor release is its series (conda's ``python=3.11`` is
    ``==3.11.*``), a patch release itself (``pyenv install 3.10.4``)."""
    return f"=={release}.*" if release.count(".") == 1 else f"=={release}"


_MODULE = lazyre.compile(r"^(?P<name>[A-Za-z][\w+-]*)/v?(?P<release>\d+(?:\.\d+){0,3})$")
"""An environment module with its release: ``cuda/12.8.1``, ``cudnn/v9.10.2``."""
_MODULE_SUBJECTS = {"cuda": "cuda", "cudnn": "cudnn", "gcc": "gcc", "cmake": "cmake"}
"""Modules that are subjects of their own: a toolkit, a library, a compiler, a build tool."""


def _modules(names: tuple[str, ...]) -> list[tuple[str, str]]:
    """What ``module load`` (Environment Modules, Lmod) puts in the route's environment:
    ``module load cuda/12.8.1`` and ``module load cudnn/v9.10.2`` in montehoover/verl@9c46ae81
    README.md:14-15 are the CUDA and cuDNN its quick start runs with (soft, as a ``conda
    create`` Python is)."""
    found = []
    for name in names:
        module = _MODULE.match(name)
        subject = _MODULE_SUBJECTS.get(module.group("name").lower()) if module else None
        if module is not None and subject is not None:
            found.append((subject, _series(module.group("release"))))
    return found


def _needs(command: Command, argv: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(subject, spec)`` of what ``argv``, a run of ``command``, runs; a soft release's spec
    starts ``==``."""
    program, args = run_program(argv)
    if args[:1] and args[0] in _PROBES:
        return []
    found: list[tuple[str, str]] = []
    interpreter = _PYTHON.match(program)
    if interpreter is not None and args:
        minor = interpreter.group(1)
        found.append(("python", _series(f"3.{minor}") if minor else ""))
    release = _python_release(program, args)
    if release:
        found.append(("python", _series(release)))
    if program == "module" and args[:1] and args[0] in ("load", "add"):
        found += _modules(args[1:])
    generator = option_value(args, "-G").strip("\"'").lower() if program == "cmake" else ""
    environment = {name: value.lower() for name, value in command.env}
    if program == "ninja" or generator in _NINJA or environment.get("CMAKE_GENERATOR") in _NINJA:
        found.append(("ninja", ""))
    if program == "cmake" and args:
        found.append(("cmake", ""))
    if program == "meson" and args[:1] and args[0] in ("setup", "compile", "install", "test"):
        found.append(("pypi:meson", ""))
        if option_value(args, "--backend") in ("", "ninja"):  # its default backend
            found.append(("ninja", ""))
    return found


def cited_once(
    file: SourceFile,
    places: Iterable[tuple[Key, int, str]],
    testing: Collection[int],
    need: Callable[[Key, int, str], Requirement],
) -> list[Requirement]:
    """One requirement per key of ``places`` (``(key, line, command text)``), made by ``need``
    at its first place, the others in ``also_at``; the tests' (``TESTS``) where every place is
    in ``testing``, the lines only the tests run. The build's places come first: a tool the
    tests run too is the build's need."""
    lines: dict[Key, list[int]] = {}
    texts: dict[Key, str] = {}
    for key, line, text in sorted(places, key=lambda place: place[1] in testing):
        at = lines.setdefault(key, [])
        if line not in at:
            at.append(line)
        texts.setdefault(key, text)
    found = []
    for key, at in lines.items():
        made = need(key, at[0], texts[key])
        also = tuple(file.source(line) for line in at[1:])
        made = msgspec.structs.replace(made, also_at=also) if also else made
        found.append(msgspec.structs.replace(made, feature=TESTS) if at[0] in testing else made)
    return found


def route_needs(
    file: SourceFile,
    runs: Iterable[tuple[Command, tuple[str, ...]]],
    testing: Collection[int] = (),
) -> list[Requirement]:
    """The interpreter and build tools (``python``, ``ninja``, ``cmake``, ``pypi:meson``) the
    route's ``runs`` run (each a command and one program it runs, as ``runtools`` reads them:
    a pipeline's parts, a run through the script's own runner function, no run whose failure
    the script ignores): one need per subject and spec (``cited_once``). A release the route
    names (``==3.11``) is soft: the environment it makes, which a floor elsewhere may admit."""

    def need(named: tuple[str, str], line: int, text: str) -> Requirement:
        subject, spec = named
        said = f"{file.rel} runs {text.strip()[:160]}"
        return file.requirement(subject, spec, line, text=said, confidence="medium", hard=not spec)

    ordered = sorted(runs, key=lambda run: run[0].line)
    places = [
        (named, command.line, command.text)
        for command, argv in ordered
        for named in _needs(command, argv)
    ]
    return cited_once(file, places, testing, need)
