"""The vendors' published FAQ and troubleshooting pages as signatures of their own tier.

``kb/data/faq/*.toml`` (one file per source repository) transcribes entries of the public FAQ,
"常见问题" and troubleshooting pages of the Ascend repositories: each pairs an error output the
page shows with the page's cause and fix. They are written as ``[[signature]]`` records (the
format of ``kb/data/failures``, so they are checked the same way) with the page's Chinese text
in ``title_zh`` / ``cause_zh`` / ``fix_zh`` and the page itself, at a commit, as ``source``.

They rank as vendor knowledge (``tier = "faq"``, beside FaultDiag's faults): below bringup's own
signatures, whose causes were established on real logs and which may name the same message
with a better fix, and above the catch-alls and the fallback's classes, which name no cause.
Unlike FaultDiag's faults they keep their own layer: each was read from the page's own fix.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from bringup.triage.signatures import Signature, SignatureError, SignatureFile, read_file

FAQ_DIR = Path(__file__).resolve().parent.parent / "kb" / "data" / "faq"
TIER = "faq"
PAGE = re.compile(r"https://github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/\S+\Z")
"""A page of a public repository at a commit, as every entry's ``source`` must be."""


def read_faq_file(path: Path) -> SignatureFile:
    """One FAQ file, checked as a signature file and for its entries' form: ids under
    ``faq.``, a page at a commit as source, the page's Chinese title."""
    checked = read_file(path)
    for signature in checked.signatures:
        record = signature.record
        problem = (
            "a FAQ entry's id starts with faq."
            if not record.id.startswith("faq.")
            else "source must be a GitHub page at a commit (/blob/<40 hex>/path)"
            if not PAGE.match(record.source)
            else "a FAQ entry keeps its page's own title (title_zh)"
            if not record.title_zh
            else None
        )
        if problem:
            raise SignatureError(
                problem, path=str(path), line=signature.line, record_id=record.id, field="id"
            )
    signatures = tuple(s._replace(tier=TIER) for s in checked.signatures)
    return checked._replace(signatures=signatures)


@functools.cache
def faq_signatures(directory: Path = FAQ_DIR) -> tuple[Signature, ...]:
    """Every FAQ entry as a signature, files in name order (read once per process)."""
    files = [read_faq_file(path) for path in sorted(directory.glob("*.toml"))]
    seen: dict[str, str] = {}
    for file in files:
        for signature in file.signatures:
            other = seen.setdefault(signature.id, file.path)
            if other != file.path:
                raise SignatureError(
                    f"duplicate id (also in {other})", path=file.path, record_id=signature.id
                )
    return tuple(signature for file in files for signature in file.signatures)
