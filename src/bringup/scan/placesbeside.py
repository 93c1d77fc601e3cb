"""One need said in several places: a statement that keeps every other statement's places in
its ``also_at`` (``anyof.cite_beside``, ``wheelpython``, ``netgeneric``), so no place is lost when
the others are folded into it; and one whose places a reader disowns cited where it still
stands (``unrun``, ``cmakecalls.running``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Optional

import msgspec

from bringup.model import Requirement, Source


def with_places_of(statement: Requirement, others: Iterable[Requirement]) -> Requirement:
    """``statement`` with the places of ``others`` (each source and ``also_at``) after its own."""
    more = [s for r in others for s in (r.source, *r.also_at) if s != statement.source]
    if not more:
        return statement
    return msgspec.structs.replace(
        statement, also_at=tuple(dict.fromkeys((*statement.also_at, *more)))
    )


def cited_only_where(
    requirement: Requirement, keep: Callable[[Source], bool]
) -> Optional[Requirement]:
    """``requirement`` cited at the places ``keep`` accepts (its first such place its source,
    the rest ``also_at``); None when it stands at none of them."""
    if keep(requirement.source):
        return requirement
    places = [s for s in requirement.also_at if keep(s)]
    if not places:
        return None
    return msgspec.structs.replace(requirement, source=places[0], also_at=tuple(places[1:]))
