"""A compiler called on a source file in a guide: a build step, and what the program it writes
runs on.

Mag-FelixFelicis/hccl_test@96ad587 README.md:32-36 builds its benchmark with ``g++ -std=c++14
-O2 test.cpp -I$ASCEND_HOME_PATH/include -L$ASCEND_HOME_PATH/lib64 -lhccl -lascendcl -o
hccl_p2p`` and runs ``./hccl_p2p --rank 0 --world 2 --device 0 ...`` (README.md:44); the scan
kept the runs, as "needs nothing", and not the build (outsider 24 D4). A compiler driver given a
C, C++ or CUDA source file builds; a program it writes (``-o NAME``) and links to a device runtime
(``devicecode.DEVICE_RUNTIMES``, as ``builtruns`` reads CMake's ``add_executable``) builds where
the toolkit is and runs on that runtime's devices: a later ``./NAME`` of the same guide needs one.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup import backends, lazyre
from bringup.model import Step, StepNeeds
from bringup.scan.builtruns import device_kind_of
from bringup.scan.commands import Command
from bringup.scan.devicecode import DEVICE_RUNTIMES

COMPILERS = frozenset({"gcc", "g++", "c++", "cc", "clang", "clang++", "nvcc"})
"""The compiler drivers a guide calls by name (``g++-11`` is ``g++``); a backend's own
(``nvcc``: its vocabulary's ``compilers``) builds where its toolkit is."""

_VERSIONED = lazyre.compile(r"^(?P<name>[a-z+]{2,7}?)(?:-\d{1,2}(?:\.\d{1,2})*)?$")
_SOURCE = lazyre.compile(r"\.(?:c|cc|cpp|cxx|cu|c\+\+)$", re.IGNORECASE)


def compiler(argv: Sequence[str]) -> Optional[str]:
    """The compiler driver ``argv`` calls on a source file (``g++`` of ``g++-11 main.cpp``),
    None for any other command and for a compiler asked only its version or usage."""
    if not argv:
        return None
    named = _VERSIONED.match(posixpath.basename(argv[0]))
    if named is None or named.group("name") not in COMPILERS:
        return None
    if not any(_SOURCE.search(word) for word in argv[1:] if not word.startswith("-")):
        return None
    return named.group("name")


def _output(argv: Sequence[str]) -> str:
    for index, word in enumerate(argv):
        if word == "-o" and index + 1 < len(argv):
            return posixpath.basename(argv[index + 1])
        if word.startswith("-o") and len(word) > 2:
            return posixpath.basename(word[2:])
    return ""


def _runtime_kind(argv: Sequence[str]) -> Optional[str]:
    """The device kind of the first device runtime ``argv`` links (``-lascendcl``), or of the
    backend whose compiler it calls: nvcc links the CUDA runtime unless told not to
    ("--cudart {none|shared|static}", default static:
    https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/)."""
    for word in argv:
        if word.startswith("-l") and word[2:].lower() in DEVICE_RUNTIMES:
            kind = device_kind_of(word[2:])
            if kind is not None:
                return kind
    unlinked = any(w in ("-cudart=none", "--cudart=none") for w in argv) or any(
        a in ("-cudart", "--cudart") and b == "none" for a, b in zip(argv, argv[1:])
    )
    return None if unlinked else _toolkit_kind(compiler(argv) or "")


def with_built_devices(steps: list[Step], commands: Sequence[Command]) -> list[Step]:
    """``steps`` of one guide where its build commands (``commands``) compile a program linked
    to a device runtime: that build step needs the toolkit (where nothing else was read of
    it), and each run of the program by a relative path (``./hccl_p2p``) needs one device of
    the kind, and the program itself where no step of the guide builds it (a compile line with
    ``$ASCEND_HOME_PATH`` needs a shell: no step ``up`` runs)."""
    built = {
        _output(c.argv) or "a.out": kind
        for c in commands
        if compiler(c.argv) is not None and (kind := _runtime_kind(c.argv)) is not None
    }
    made = {_output(s.argv) or "a.out" for s in steps if _compiles(s)}
    return [_built_device(step, built, made) for step in steps] if made or built else steps


def _compiles(step: Step) -> bool:
    return step.kind == "build" and compiler(step.argv) is not None


def _toolkit_kind(name: str) -> Optional[str]:
    """The device kind of the backend whose compiler ``name`` is (``nvcc``: CUDA's)."""
    for backend in backends.registered():
        if name in backend.vocabulary.compilers:
            return backend.device_kind
    return None


def _built_device(step: Step, built: dict[str, str], made: set[str]) -> Step:
    if _compiles(step):
        kind = built.get(_output(step.argv) or "a.out") or _toolkit_kind(compiler(step.argv) or "")
        if kind is not None and step.needs == StepNeeds():
            return msgspec.structs.replace(step, needs=StepNeeds(toolkit=True, device_kind=kind))
        return step
    first = step.argv[0] if step.argv and step.kind == "run" else ""
    name = posixpath.basename(first) if first.startswith(("./", "../")) else ""
    kind = built.get(name) if name else None
    if kind is None or step.needs.devices or step.needs.device_kind not in (None, kind):
        return step
    missing = step.needs.missing if name in made else (*step.needs.missing, first)
    needs = msgspec.structs.replace(step.needs, devices=1, device_kind=kind, missing=missing)
    return msgspec.structs.replace(step, needs=needs)
