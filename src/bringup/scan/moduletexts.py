"""A repo's Python modules read once per scan by the readers that look into its packages.

Three readers open the package modules themselves, after the files the walk found are read:
``devicesupport`` (every top-level package), ``linterimports`` (the main package, sub-packages
included) and ``pkgimports`` (the main package's own modules). They overlap: flashinfer's 844
modules were read by two of them, 1,833 reads of 885 files in all. While a repo is scanned
(``kept``) each module's text is read once and kept; outside a scan a read is not kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from bringup.scan.reading import read_text
from bringup.scan.scanmemo import ScanMemo

MAX_BYTES = 65536
"""What is read of each module: the imports a reader looks for are near its top."""

_memo: ScanMemo[str, Optional[str]] = ScanMemo()
kept = _memo.kept


def module_text(path: Path, rel: str) -> Optional[str]:
    """The text of the module at ``path`` (cited as ``rel``), its first ``MAX_BYTES``; None
    when it cannot be read as text."""
    return _memo.get(str(path), lambda: read_text(path, rel, MAX_BYTES)[0])
