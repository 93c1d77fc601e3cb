"""One need said in several places: a statement that keeps every other statement's places in
its ``also_at`` (``anyof.cite_beside``, ``wheelpython``, ``netgeneric``), so no place is lost when
the others are folded into it."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from bringup.model import Requirement


def with_places_of(statement: Requirement, others: Iterable[Requirement]) -> Requirement:
    """``statement`` with the places of ``others`` (each source and ``also_at``) after its own."""
    more = [s for r in others for s in (r.source, *r.also_at) if s != statement.source]
    if not more:
        return statement
    return msgspec.structs.replace(
        statement, also_at=tuple(dict.fromkeys((*statement.also_at, *more)))
    )
