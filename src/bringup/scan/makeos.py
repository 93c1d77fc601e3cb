"""The OSes a Makefile's ``uname`` branches name: the OSes its build knows how to build on.

``ifeq ($(shell uname -s),Linux)`` (or ``UNAME_S := $(shell uname -s)`` and then
``ifeq ($(UNAME_S),Darwin)``) is a build that chooses its compiler or flags per OS: the OSes
it names are its support list, any of which will do (soft, one ``os`` requirement with each
alternative's line). A branch that stops the build (``ifneq ($(shell uname),Linux)`` with a
``$(error …)`` inside) makes the one OS it allows a hard need.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Alternative, Requirement
from bringup.scan.extraction import SourceFile

_UNAME_VARIABLE = lazyre.compile(r"^\s*(\w+)\s*[:?]?=\s*\$\(shell\s+uname(?:\s+-s)?\s*\)", re.M)
_COMPARISON = lazyre.compile(
    r"^\s*(?:else\s+)?(ifn?eq)\s*\(\s*\$\((?P<what>shell\s+uname(?:\s+-s)?\s*|\w+)\)\s*,\s*"
    r"(?P<os>\w+)\s*\)"
)
_NAMES = {"linux": "linux", "darwin": "macos"}


def uname_branches(file: SourceFile) -> list[Requirement]:
    """One ``os`` requirement listing the OSes the Makefile's ``uname`` branches name."""
    if "uname" not in file.text:
        return []
    variables = set(_UNAME_VARIABLE.findall(file.text))
    lines = file.text.splitlines()
    places: dict[str, int] = {}
    refused = False
    for number, written in enumerate(lines, 1):
        matched = _COMPARISON.match(written)
        if matched is None or _NAMES.get(matched.group("os").lower()) is None:
            continue
        what = matched.group("what").strip()
        if not what.startswith("shell") and what not in variables:
            continue
        places.setdefault(_NAMES[matched.group("os").lower()], number)
        body = "\n".join(lines[number : number + 3])
        refused = refused or (matched.group(1) == "ifneq" and "$(error" in body)
    if not places:
        return []
    text = "Makefile branches on uname: " + ", ".join(places)
    hard = refused and len(places) == 1
    first = min(places.values())
    stated = file.requirement("os", ",".join(places), first, text=text, hard=hard)
    alternatives = tuple(Alternative(value=n, source=file.source(at)) for n, at in places.items())
    return [msgspec.structs.replace(stated, any_of=alternatives)]
