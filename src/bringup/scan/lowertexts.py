"""The repo's texts lower-cased once per scan, for the readers that look for a word in any case.

Two readers of the whole repo, after its files are read, lower-case every text: ``cmakecalls``
(whether any file names a ``.cmake`` file) and ``specspans`` (whether any file imports or
installs a listed release). A text lower-cased is a copy as long as the text, and a wide one
(a Chinese document) takes the slow path: MindIE-LLM's 8 MB cost each ~20 ms. While a repo is
scanned (``kept``) each text's lower-case copy is made once and kept; outside a scan it is
not kept.
"""

from __future__ import annotations

from bringup.scan.scanmemo import ScanMemo

_memo: ScanMemo[str, str] = ScanMemo()
_lowered = _memo.values
kept = _memo.kept


def lower_text(text: str) -> str:
    """``text.lower()``, made once per text while a scan is under way."""
    return _memo.get(text, text.lower)
