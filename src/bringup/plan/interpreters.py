"""A step that names a versioned interpreter ("python3.8 setup.py develop") runs with its
environment's Python: guides write the release they demonstrate with ("本文以Python 3.8为例进行
演示", Python 3.8 as the example, Ascend/DrivingSDK@e667017e
docs/zh/installation/compile.md:144 and :148), while the environment holds the release the
repo's lines settle on; the environment has no other interpreter, so the plan says so
(outsider16 D7b)."""

from __future__ import annotations

import re
from typing import Optional

from bringup.model.resolution import Environment
from bringup.model.source import Source

_VERSIONED = re.compile(r"python(\d+\.\d+)")


def environment_python(
    argv: tuple[str, ...], environment: Optional[Environment]
) -> tuple[str, ...]:
    """``argv`` with a versioned interpreter other than the environment's Python replaced by
    the environment's ``python``; unchanged otherwise."""
    named = _other_python(argv, environment)
    return ("python", *argv[1:]) if named is not None else argv


def _other_python(argv: tuple[str, ...], environment: Optional[Environment]) -> Optional[str]:
    pin = environment.pin("python") if environment is not None else None
    found = _VERSIONED.fullmatch(argv[0]) if argv else None
    if pin is None or found is None:
        return None
    held = ".".join(pin.version.split(".")[:2])
    return None if held == found.group(1) else found.group(1)


def interpreter_note(
    argv: tuple[str, ...], environment: Optional[Environment], order: int, source: Source
) -> Optional[str]:
    """The plan's note for a step that runs with its environment's Python in place of the
    interpreter its line names."""
    named = _other_python(argv, environment)
    if named is None or environment is None:
        return None
    pin = environment.pin("python")
    held = pin.version if pin is not None else ""
    return (
        f"step {order} ({source}) names python{named}; it runs with environment"
        f" {environment.index}'s python (Python {held})"
    )
