"""A build script that runs the program it just built, a program that drives the devices.

Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 build.sh:15-21 runs ``cmake ..``, ``make`` and then
``./main``; src/CMakeLists.txt:65,88 ``add_executable(main ...)`` links ``ascendcl``, whose
program runs on an NPU alone (``devicecode.DEVICE_PROGRAM``). The step ``bash build.sh`` was
"needs toolkit CANN (no NPU)" (outsider23 D6): its last line needs an NPU. A script line whose
command is a relative path (``./main``, ``./build/main``) to a program a ``CMakeLists.txt`` of
the checkout builds and links to a device runtime (``DEVICE_RUNTIMES``, not beside a CPU twin)
makes the step need one device of that runtime's kind. The program is the one a project on the
script's own line of folders builds (its ``CMakeLists.txt`` in the script's folder, above it or
below it): a checkout of several projects builds a ``main`` in many (every sample of
Ascend/samples), and a CPU tool's script running its own ``./main`` ran an NPU sample's by the
name alone (reread43).
"""

from __future__ import annotations

import posixpath
import shlex
from collections.abc import Callable, Collection
from typing import Optional

import msgspec

from bringup import backends
from bringup.model import Step
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.devicecode import DEVICE_RUNTIMES, runs_on_cpu
from bringup.scan.linked import provider


def device_programs(
    files: Collection[str], read: Callable[[str], Optional[str]]
) -> dict[str, dict[str, str]]:
    """The programs the checkout's CMake files build and link to a device runtime, by name,
    each with the folder of the ``CMakeLists.txt`` that builds it and its device kind."""
    found: dict[str, dict[str, str]] = {}
    for rel in files:
        if posixpath.basename(rel) != "CMakeLists.txt":
            continue
        text = read(rel)
        if text is None or "add_executable" not in text:
            continue
        commands = cmake_commands(text)
        built = {c.args[0] for c in commands if c.name == "add_executable" and c.args}
        for name, args, _ in commands:
            if name != "target_link_libraries" or not args or args[0] not in built:
                continue
            if runs_on_cpu(args[1:]):
                continue
            kind = next((device_kind_of(a) for a in args[1:] if a.lower() in DEVICE_RUNTIMES), None)
            if kind:
                found.setdefault(args[0], {}).setdefault(posixpath.dirname(rel), kind)
    return found


def device_kind_of(library: str) -> Optional[str]:
    """The device kind of the backend whose toolkit provides ``library`` (``ascendcl``)."""
    known = provider(library)
    owner = backends.owner_of(known[0]) if known is not None else None
    return owner.device_kind if owner is not None else None


def _related(folder: str, script: str) -> bool:
    """Whether a project at ``folder`` is on the line of folders of ``script``: the script's
    own folder, one that holds it or one inside it, at any depth (a project at the top is on
    every script's line, a script at the top on every project's)."""
    here = posixpath.dirname(script)
    return any(
        a == b or not b or a.startswith(b + "/") for a, b in ((folder, here), (here, folder))
    )


def runs_built_program(
    step: Step,
    text: Optional[str],
    programs: dict[str, dict[str, str]],
    script: Optional[str] = None,
) -> Step:
    """``step`` needing one device when the shell script it runs (``text``, at ``script`` in
    the checkout) runs one of the ``programs`` (``device_programs``) that a project on its
    line of folders builds (``_related``), by a relative path, and its needs name no
    device."""
    if text is None or not programs or step.needs.devices or step.needs.device_kind:
        return step
    for line in text.splitlines():
        words = line.split(None, 1)
        first = words[0] if words else ""
        if not first.startswith(("./", "../")):
            continue
        built = programs.get(posixpath.basename(_unquoted(first)), {})
        kind = next(
            (k for folder, k in built.items() if script is None or _related(folder, script)), None
        )
        if kind is not None:
            needs = msgspec.structs.replace(step.needs, devices=1, device_kind=kind)
            return msgspec.structs.replace(step, needs=needs)
    return step


def _unquoted(word: str) -> str:
    try:
        parts = shlex.split(word)
    except ValueError:
        return word
    return parts[0] if parts else word
