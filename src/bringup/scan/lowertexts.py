"""The repo's texts lower-cased once per scan, for the readers that look for a word in any case.

Two readers of the whole repo, after its files are read, lower-case every text: ``cmakecalls``
(whether any file names a ``.cmake`` file) and ``specspans`` (whether any file imports or
installs a listed release). A text lower-cased is a copy as long as the text, and a wide one
(a Chinese document) takes the slow path: MindIE-LLM's 8 MB cost each ~20 ms. While a repo is
scanned (``kept``) each text's lower-case copy is made once and kept; outside a scan it is
not kept.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

_lowered: dict[str, str] = {}
_scans = [0]
"""How many scans are under way in this process (``kept``): copies are kept while one is."""


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """The texts lower-cased while a repo is scanned kept, dropped however its scan ends."""
    _scans[0] += 1
    try:
        yield
    finally:
        _scans[0] -= 1
        if not _scans[0]:
            _lowered.clear()


def lower_text(text: str) -> str:
    """``text.lower()``, made once per text while a scan is under way."""
    found = _lowered.get(text)
    if found is None:
        found = text.lower()
        if _scans[0]:
            _lowered[text] = found
    return found
