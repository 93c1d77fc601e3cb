"""One file read as its kind: the kind's extractor, guarded so that a file no reader expected
becomes a finding instead of an error, and a digit run longer than any version said where it
is, so the mention it stood in is not silently unversioned."""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.scan.collection import shared_needs
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.registry import EXTRACTORS
from bringup.versions.errors import MAX_VERSION_LENGTH

_TOO_LONG = lazyre.compile(rf"\d(?<![\w.]\d)[\d.]{{{MAX_VERSION_LENGTH},}}")
"""A run of digits and dots longer than any version: the readers refuse it as one, and the
scan says where, so the mention it stood in is not silently unversioned. It starts at a
digit not preceded by a word character or a dot; the digit is matched before that look
behind, so the search costs a third of the look behind tried at every character."""


def _too_long(text: str) -> tuple[int, int] | None:
    """The line and length of the first ``_TOO_LONG`` run in ``text``. Such a run holds no
    line break, so only lines longer than a version can hold one, and most files have none:
    measuring every line (in C) and searching only the long ones gives the same first run
    as searching the whole text, where ``re`` spent ~20 ns a character (0.2 s of a
    ten-megabyte repo). At a line's start the look behind sees nothing, as it saw the line
    break before it."""
    lines = text.split("\n")
    if max(map(len, lines)) <= MAX_VERSION_LENGTH:
        return None
    for number, line in enumerate(lines, start=1):
        found = _TOO_LONG.search(line) if len(line) > MAX_VERSION_LENGTH else None
        if found is not None:
            return number, len(found.group(0))
    return None


def extract_file(kind: str, file: SourceFile, collection: bool = False) -> Extraction:
    """What ``file`` states, read as ``kind``; in a repo with no build at its top
    (``collection``), with what its top README says all its members share."""
    try:
        extraction = EXTRACTORS[kind](file)
        if collection and kind == "docs":
            shared = (*extraction.requirements, *shared_needs(file))
            extraction = msgspec.structs.replace(extraction, requirements=shared)
    except (ValueError, RecursionError, IndexError, KeyError, TypeError, AttributeError) as error:
        message = f"could not be read as {kind}: {type(error).__name__}: {error}"
        return Extraction(findings=(file.finding("invalid", message),))
    too_long = _too_long(file.text)
    if too_long is None:
        return extraction
    line, length = too_long
    message = (
        f"not a version: too long ({length} characters, at most {MAX_VERSION_LENGTH}); "
        "not read as one"
    )
    found = file.finding("invalid", message, line)
    return msgspec.structs.replace(extraction, findings=(*extraction.findings, found))
