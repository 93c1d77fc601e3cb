"""What a need prefers: the releases other statements name, kept in ``Requirement.prefers`` so
the solver takes one where nothing else decides. One rule for every reader that adds them: a
table's recommended release (``tableprefers``), a toolkit image's (``unversioned``), a guide's
interpreter (``strictest``), a wheel's Python (``wheelpython``)."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from bringup.model import Alternative, Requirement


def with_preferred(requirement: Requirement, named: Iterable[Requirement]) -> Requirement:
    """``requirement`` preferring the spec of each of ``named``, cited at its place, after the
    releases it prefers already; each once."""
    more = (Alternative(value=r.spec.strip(), source=r.source) for r in named)
    return msgspec.structs.replace(
        requirement, prefers=tuple(dict.fromkeys((*requirement.prefers, *more)))
    )
