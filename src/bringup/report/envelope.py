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
    try:
        encoded = msgspec.json.encode(envelope)
    except UnicodeEncodeError:
        encoded = msgspec.json.encode(_utf8(msgspec.to_builtins(envelope)))
    return msgspec.json.format(encoded, indent=2).decode("utf-8") + "\n"


def _utf8(value: Any) -> Any:
    """``value`` with every string valid UTF-8. A file name that is not UTF-8 reaches us with
    its bad bytes as surrogates (``surrogateescape``); JSON shows them as ``\\xNN``."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    if isinstance(value, dict):
        return {_utf8(key): _utf8(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_utf8(item) for item in value]
    return value
