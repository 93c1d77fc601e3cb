"""The releases whose rows to another subject the host's architecture left out.

A row limited to some architectures (``machines`` in the knowledge base) is a release's own
requirement there and nowhere else: torch 2.7.0's wheel pins triton 3.3.0 only where
``platform_machine == 'x86_64'`` (torch_triton.toml), so on an aarch64 host the row is not
among the solver's rules, and torch 2.7.0 beside any triton is no pair "the rows relate only
for other releases" (``pairrows``): the row that was left out says this build pins none.
"""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model.rules import Rule
from bringup.solve.candidates import Candidates
from bringup.solve.specversions import specifier_set
from bringup.subjects import canonical_subject, scheme_for
from bringup.versions import InvalidSpecifier


def arch_silent(
    cands: Candidates, left_out: Sequence[Rule]
) -> dict[tuple[str, str], frozenset[int]]:
    """(subject, then subject) -> the candidates of the subject that a row in ``left_out``
    relates to the then subject. Only subjects the problem already has candidates of are
    read: building candidates here would change the problem."""
    found: dict[tuple[str, str], frozenset[int]] = {}
    for rule in left_out:
        subject = canonical_subject(rule.subject)
        if subject not in cands.by_subject:
            continue
        try:
            when = cands.allowed(specifier_set(rule.spec, scheme_for(subject)), subject)
        except InvalidSpecifier:
            continue  # the rules' own reading reports a row it cannot read
        key = (subject, canonical_subject(rule.then_subject))
        found[key] = found.get(key, frozenset()) | when
    return found
