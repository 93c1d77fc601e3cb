"""The versioned JSON envelope every ``--json`` output shares (pipx-style): scripts read
``schema`` to know the shape, ``exit_code`` to know the verdict without parsing the rest."""

from __future__ import annotations

from typing import Any

import msgspec

from bringup import __version__

ENVELOPE_SCHEMA = "bringup/1"


class Envelope(msgspec.Struct, frozen=True, kw_only=True):
    schema: str
    command: str
    bringup_version: str
    exit_code: int
    data: Any


def render_json(command: str, exit_code: int, data: Any) -> str:
    """The envelope as indented JSON text, ending in a newline."""
    envelope = Envelope(
        schema=ENVELOPE_SCHEMA,
        command=command,
        bringup_version=__version__,
        exit_code=int(exit_code),
        data=data,
    )
    encoded = msgspec.json.format(msgspec.json.encode(envelope), indent=2)
    return encoded.decode("utf-8") + "\n"
