"""The chips an operator library's CMake files build kernels for, as one support list.

An operator library registers each kernel per chip with its own CMake function:
``add_kernel(swiglu_forward ascend910b vector …)``, ``add_kernel(swiglu_forward ascend310p
vector …)`` (ascend-transformer-boost src/kernels/kernels/activation/CMakeLists.txt:22-30). An
argument that is a vendor's word glued to a chip name (``ascend910b``, ``Ascend310P3``) names
a chip the build compiles for; all of a file's are alternatives, each cited where it is
named. Soft: a kernel built for a chip says the library runs there, not that it needs it, and
the lists of two files (one kernel family per directory) must not be ANDed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from bringup import backends, patterncache
from bringup.backends.base import Backend
from bringup.model import Alternative, Requirement
from bringup.scan.devices import chips_in_value
from bringup.scan.extraction import SourceFile

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand


def _compile(registered: tuple[Backend, ...]) -> re.Pattern[str] | None:
    words = [re.escape(w) for b in registered for w in b.vocabulary.vendor_words if w.isascii()]
    return (
        patterncache.compile(rf"^(?:{'|'.join(words)})\d{{3}}\w*$", re.IGNORECASE)
        if words
        else None
    )


_soc_token = backends.per_registry(_compile)


def kernel_chips(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """The chips the arguments of ``commands`` name, as one soft requirement (none if no
    argument is a vendor-prefixed chip name)."""
    token = _soc_token()
    if token is None:
        return []
    places: dict[str, int] = {}
    for command in commands:
        if command.name in ("set", "option", "message"):  # SOC_VERSION defaults: cmake.py's
            continue
        for arg in command.args:
            if token.match(arg):
                for chip in chips_in_value(arg):
                    places.setdefault(chip, command.line)
    if not places:
        return []
    chips = list(places)
    first = min(places.values())
    text = f"kernels built for {', '.join(chips)}"
    stated = file.requirement(
        "chip", ",".join(chips), first, text=text, hard=False, confidence="medium"
    )
    alternatives = tuple(
        Alternative(value=c, source=file.source(line)) for c, line in places.items()
    )
    return [msgspec.structs.replace(stated, any_of=alternatives)]
