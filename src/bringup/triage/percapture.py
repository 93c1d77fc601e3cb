"""One diagnosis per value of a signature's ``one_per`` capture.

A scan keeps, per signature, the first value each named group captured and the first few lines
it matched. Where every value is a cause of its own (a build that stops at ``cmake: command not
found``, then, once cmake is installed, at ``patch: command not found``: two tools to install),
the hits are split by the value each kept line captures: one part per value, in the order the
log shows them, each with its own lines. A line whose value cannot be read again (its quote cut
inside a long line) stays with the first part. The value is read again with RE2, the engine the
signatures are written for and run by (``triage.scanner``): Python's ``re`` is no engine for
them (tests/unit/test_signatures_never_python_re.py)."""

from __future__ import annotations

import functools
from typing import Any, Optional

from bringup.triage.scanresult import SignatureHits
from bringup.triage.signatures import Signature


def parts(signature: Signature, hits: SignatureHits) -> list[SignatureHits]:
    """``hits`` split by the values of ``one_per`` its lines capture; ``[hits]`` when the
    signature has none or its lines show one value."""
    name = signature.record.one_per
    if not name or len(hits.evidence) < 2:
        return [hits]
    by_value: dict[str, SignatureHits] = {}
    first: Optional[SignatureHits] = None
    for evidence, head in zip(hits.evidence, hits.heads):
        value = _value(tuple(signature.record.patterns), name, evidence.text)
        key = value if value is not None else hits.captures.get(name, "")
        found = first if value is None and first is not None else by_value.get(key)
        part = found or by_value.setdefault(key, _part(hits, name, key, evidence.line))
        first = first or part
        part.matches += 1
        part.last_line = evidence.line
        part.quoted(evidence.line, evidence.text, head)
    if len(by_value) < 2:
        return [hits]
    # the matches past the kept lines stay with the first value's part
    next(iter(by_value.values())).matches += hits.matches - len(hits.evidence)
    return list(by_value.values())


def _part(hits: SignatureHits, name: str, value: str, line: int) -> SignatureHits:
    return SignatureHits(
        captures={**hits.captures, name: value},
        first_line=line,
        specificity=hits.specificity,
        direct=hits.direct,
    )


def _value(patterns: tuple[str, ...], name: str, text: str) -> Optional[str]:
    for regex in _compiled(patterns):
        match = regex.search(text)
        value = match.group(name) if match is not None and name in regex.groupindex else None
        if value is not None:
            return str(value)
    return None


@functools.lru_cache(maxsize=32)
def _compiled(patterns: tuple[str, ...]) -> tuple[Any, ...]:
    import re2

    return tuple(re2.compile(pattern) for pattern in patterns)
