"""Regular expressions compiled on first use. A module's patterns are its rules, and a
command reaches few of them: the scan's modules alone hold hundreds, and compiling all of
them at import (``re`` parses and compiles in Python) cost more than a tenth of ``bringup
check``. ``lazyre.compile`` takes what ``re.compile`` takes and returns a stand-in that
compiles on the first attribute asked for (``.search``, ``.pattern`` ...), then holds the
compiled pattern's methods as its own, so later calls cost what they cost before. What the
first use compiles is kept between runs (``patterncache``).

A stand-in is not an ``re.Pattern``: give it to no ``re`` function (``re.sub(PATTERN, ...)``)
and test it with no ``isinstance``; call its methods.
"""

from __future__ import annotations

import re
from typing import Any, Union, cast

_TAKEN = (
    "search",
    "match",
    "fullmatch",
    "split",
    "findall",
    "finditer",
    "sub",
    "subn",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)
"""What a compiled pattern offers (methods and fields), copied onto the stand-in."""


class _OnFirstUse:
    """A pattern and its flags until something is asked of it."""

    def __init__(
        self, pattern: str, flags: Union[int, re.RegexFlag], guard: bool, prefilter: bool
    ) -> None:
        self._source = (pattern, flags)
        self._guard = guard
        self._prefilter = prefilter

    def __getattr__(self, name: str) -> Any:
        # Only called for what the instance does not have yet: the first use.
        if name.startswith("__"):
            raise AttributeError(name)
        from bringup import patterncache

        pattern, flags = self._source
        compiled = patterncache.compile(pattern, flags, guard=self._guard)
        for taken in _TAKEN:
            setattr(self, taken, getattr(compiled, taken))
        if self._prefilter:
            from bringup.wordgate import prefiltered

            prefiltered(self, compiled, pattern, int(flags))
        return getattr(self if name in _TAKEN else compiled, name)

    def __repr__(self) -> str:
        return f"lazyre.compile({self._source[0]!r}, {self._source[1]!r})"


def compile(
    pattern: str,
    flags: Union[int, re.RegexFlag] = 0,
    *,
    guard: bool = False,
    prefilter: bool = False,
) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done when the pattern is first used. ``guard`` puts
    a look-ahead for the characters a match can start with in front (``firstchar``): the
    same matches, found several times faster where no branch starts with a plain literal
    (``\\b``, a look-behind, ``re.IGNORECASE``), for twice the compiling; worth it for a
    pattern searched in every line or paragraph. ``.pattern`` is then the guarded one.
    ``prefilter``: a text is first looked at for the words every match holds
    (``bringup.wordgate``), for a pattern searched over whole files that most do not match."""
    return cast("re.Pattern[str]", _OnFirstUse(pattern, flags, guard, prefilter))
