"""What a parser returns, and the small pure pieces every parser shares: placing a line in its
source, reading ``key=value`` files with their line numbers, and the ``unparsed`` fact that
replaces an exception.

Every parser in bringup has the shape ``parse_x(text, source) -> Collected`` and never raises
on bad input: text that does not have the expected shape becomes an ``unparsed`` fact saying
why, so one odd file never costs the rest of the snapshot. Parsers (``backends/*/parse.py``,
the report importers) import this module and ``bringup.model`` only, never the probe: they
take text, whoever read it.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from bringup import lazyre
from bringup.model import (
    Accelerator,
    Fact,
    FactValue,
    PythonInstall,
    Source,
    SystemPackage,
    Toolkit,
)
from bringup.model.source import Confidence

_VERSION_TOKEN = lazyre.compile(r"(?<![\w.])(\d+(?:\.\d+)+)(?![\w])")


class Collected(msgspec.Struct, frozen=True, kw_only=True):
    """One parser's or collector's findings; neither raises for absence."""

    facts: tuple[Fact, ...] = ()
    accelerators: tuple[Accelerator, ...] = ()
    toolkits: tuple[Toolkit, ...] = ()
    pythons: tuple[PythonInstall, ...] = ()
    system_packages: tuple[SystemPackage, ...] = ()


def at_line(source: Source, line: int) -> Source:
    """``source`` pointing at ``line`` of the text it names (1-based). A source that already
    carries a line is the start of a block inside a bigger file: lines count from there."""
    base = source.line if source.line is not None else 1
    return msgspec.structs.replace(source, line=base + line - 1)


def fact(
    key: str,
    value: FactValue,
    source: Source,
    *,
    line: int | None = None,
    confidence: Confidence = "high",
) -> Fact:
    """An observed (``ok``) fact, placed at ``line`` of its source when given."""
    where = at_line(source, line) if line is not None else source
    return Fact(key=key, value=value, source=where, confidence=confidence)


def unparsed(key: str, source: Source, reason: str) -> Collected:
    """What a parser returns for text without the expected shape."""
    return Collected(facts=(Fact(key=key, source=source, status="unparsed", reason=reason),))


def describe_bad_text(text: str, expected: str) -> str:
    """The reason in an ``unparsed`` fact: what was expected, and what the text looked like."""
    if not text.strip():
        return f"empty output; expected {expected}"
    if looks_binary(text):
        return f"binary data; expected {expected}"
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return f"expected {expected}; first line was {first[:80]!r}"


def looks_binary(text: str) -> bool:
    """NUL bytes or mostly control characters: not a text report."""
    if "\x00" in text:
        return True
    sample = text[:2048]
    controls = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\t\r\n\x0c")
    return bool(sample) and controls * 10 > len(sample)


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` pairs, 1-based, without line ends."""
    return enumerate(text.splitlines(), start=1)


def key_values(text: str, separator: str = "=") -> dict[str, tuple[str, int]]:
    """``key<sep>value`` lines (install-info, version.info, os-release) -> key -> (value, line).

    Comments and lines without the separator are skipped; surrounding quotes are removed; the
    first occurrence of a key wins, as the shell scripts that read these files do."""
    found: dict[str, tuple[str, int]] = {}
    for number, line in numbered_lines(text):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or separator not in stripped:
            continue
        key, _, value = stripped.partition(separator)
        key = key.strip()
        if not key or any(ch.isspace() for ch in key):
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        found.setdefault(key, (value, number))
    return found


def first_version(text: str) -> str | None:
    """The first dotted number (``12.2.0``, ``3.25``) in ``text``, or None."""
    match = _VERSION_TOKEN.search(text)
    return match.group(1) if match else None
