"""Retired diagnosis ids (``kb/data/retired/ids.toml``): an entry dropped because another says the
same cause with the same fix, so the knowledge base says each cause once while labels and
reports written with the old id still name the entry that carries it now."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path

from bringup.errors import InputError
from bringup.tomlfile import read_toml

RETIRED_FILE = Path(__file__).resolve().parent.parent / "kb" / "data" / "retired" / "ids.toml"


def read_retired(path: Path = RETIRED_FILE) -> dict[str, str]:
    """Old id -> the id that carries its cause; an id retired into another retired id, or into
    itself, is refused (one step always reaches a live entry)."""
    _, document = read_toml(path)
    table = document.get("retired", {})
    if set(document) - {"retired"} or not isinstance(table, dict):
        raise InputError(f"{path}: only a [retired] table of old id = new id")
    for old, new in table.items():
        if not isinstance(new, str) or not new or new == old or new in table:
            raise InputError(f"{path}: {old!r} must name a live id, not {new!r}")
    return dict(table)


@functools.cache
def retired() -> Mapping[str, str]:
    """The installed table, read once."""
    return read_retired()


def current_id(signature_id: str) -> str:
    """The id that names ``signature_id``'s cause now (itself unless retired)."""
    return retired().get(signature_id, signature_id)
