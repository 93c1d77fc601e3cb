"""The one rule by which an overlay's record joins what is already loaded, for the knowledge
base's tables and the failure signatures alike.

A record with a new id adds to what is loaded. A record whose id is already loaded must say
so on purpose, ``replaces = "<id>"``, and then takes that record's place; ``replaces`` must
name a loaded record. Silently shadowing a built-in record is an error at the record's
file:line: an overlay written for an older bringup must not override a record that has
since gained the same id.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional


class Clash(NamedTuple):
    """Why a record cannot join: the field to fix and what is wrong."""

    field: str
    message: str


def clashes(
    record_id: str, replaces: Optional[str], loaded_from: Callable[[str], Optional[str]]
) -> list[Clash]:
    """What stops record ``record_id`` (with its ``replaces``, if any) from joining the records
    loaded so far; ``loaded_from(id)`` says where a loaded record came from, None when no
    record has that id."""
    found = []
    if replaces is not None:
        if loaded_from(replaces) is None:
            message = f"replaces {replaces!r}, which is not loaded (no record has that id)"
            found.append(Clash("replaces", message))
        where = loaded_from(record_id)
        if record_id != replaces and where is not None:
            found.append(Clash("id", f"id already loaded from {where}"))
        return found
    where = loaded_from(record_id)
    if where is not None:
        message = (
            f'id already loaded from {where}; to override that record say replaces = "{record_id}"'
        )
        found.append(Clash("replaces", message))
    return found
