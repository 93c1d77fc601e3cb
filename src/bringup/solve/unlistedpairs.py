"""A release the knowledge base does not list, inside the span of those it does: no pairing row
can speak of it.

A package's table pairs each of its releases with the one toolkit release it was built with
(torch_npu.toml: torch_npu 1.8.1 with CANN 6.0.1, 1.8.1.post1 with CANN 6.3.RC1). A repo that
names a toolkit release between two the catalogue lists (Ascend/Megatron-LM@57f9d1c README.md:50
"| CANN | 6.1.RC1 |", cann_releases.toml goes from 6.0.1 to 6.3.RC1) met every row as a
refusal: "no torch_npu release supports CANN == 6.1.RC1 ... cannot run" and "relax one of the
requirements" at a correct README (outsider23 D2), though the table never knew that release.
Such a version is what ``candidates`` calls unverified, "pinnable as asked, with no
compatibility row to check it": an exact pairing row admits it, and the plan says which rows
are missing (``outcome.missing_rows``). A range row (``cann >=8.0.RC1``) still decides, and so
does an exact row for a version past the newest the catalogue lists, which the table's pairings
predate.
"""

from __future__ import annotations

from bringup.kb.unlistedgap import exact_pairing
from bringup.model.rules import Rule
from bringup.solve.candidates import Candidate, Candidates
from bringup.subjects import scheme_for
from bringup.versions import InvalidVersion, SpecifierSet, Version


def then_allowed(cands: Candidates, rule: Rule, then: SpecifierSet, subject: str) -> frozenset[int]:
    """The candidates of ``subject`` a row's ``then`` admits, with the unlisted releases
    inside the catalogue's span when the row only pairs exact releases."""
    admitted = cands.allowed(then, subject)
    if not exact_pairing(rule.then_spec):
        return admitted
    return admitted | _inside_span(cands.of(subject), subject)


def _inside_span(candidates: tuple[Candidate, ...], subject: str) -> frozenset[int]:
    """The unverified candidates between the oldest and the newest listed release."""
    scheme = scheme_for(subject)
    try:
        listed = [Version(c.version, scheme) for c in candidates if c.release is not None]
        if not listed:
            return frozenset()
        low, high = min(listed), max(listed)
        return frozenset(
            c.id for c in candidates if c.unverified and low < Version(c.version, scheme) < high
        )
    except InvalidVersion:
        return frozenset()
