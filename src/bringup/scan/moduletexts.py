"""A repo's Python modules read once per scan by the readers that look into its packages.

Three readers open the package modules themselves, after the files the walk found are read:
``devicesupport`` (every top-level package), ``linterimports`` (the main package, sub-packages
included) and ``pkgimports`` (the main package's own modules). They overlap: flashinfer's 844
modules were read by two of them, 1,833 reads of 885 files in all. While a repo is scanned
(``kept``) each module's text is read once and kept; outside a scan a read is not kept.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Optional

from bringup.scan.reading import read_text

MAX_BYTES = 65536
"""What is read of each module: the imports a reader looks for are near its top."""

_texts: dict[str, Optional[str]] = {}
_scans = [0]
"""How many scans are under way in this process (``kept``): texts are kept while one is."""


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """The modules read while a repo is scanned kept, dropped however its scan ends."""
    _scans[0] += 1
    try:
        yield
    finally:
        _scans[0] -= 1
        if not _scans[0]:
            _texts.clear()


def module_text(path: Path, rel: str) -> Optional[str]:
    """The text of the module at ``path`` (cited as ``rel``), its first ``MAX_BYTES``; None
    when it cannot be read as text."""
    key = str(path)
    if key in _texts:
        return _texts[key]
    text = read_text(path, rel, MAX_BYTES)[0]
    if _scans[0]:
        _texts[key] = text
    return text
