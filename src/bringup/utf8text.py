"""Text that leaves the process as UTF-8: JSON, the history database, a drafted manifest.

A path whose name is not UTF-8 (a repo folder ``repo\\xffname``, a ``BRINGUP_STATE_DIR`` with
such a byte) reaches us with its bad bytes as surrogates (``surrogateescape``), and every
UTF-8 encoder refuses them: ``up`` ended in a traceback, exit 3, writing the plan or a step's
reason (outsider12 #5 and #6). Where a value is stored or shown, its bad bytes are written
``\\xNN``, so it can be seen and nothing fails; the exact path is kept in memory and on the
command line only."""

from __future__ import annotations

from typing import Any

import msgspec


def utf8(value: str) -> str:
    """``value`` with each byte that was not UTF-8 written ``\\xNN``; other text unchanged."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def utf8_data(value: Any) -> Any:
    """Builtin data (``msgspec.to_builtins``) with every string, keys included, ``utf8``."""
    if isinstance(value, str):
        return utf8(value)
    if isinstance(value, dict):
        return {utf8_data(key): utf8_data(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [utf8_data(item) for item in value]
    return value


def json_bytes(value: Any) -> bytes:
    """``value`` (a Struct or builtin data) as JSON; one that holds a string with surrogates
    is encoded with them written ``\\xNN`` rather than refused."""
    try:
        return msgspec.json.encode(value)
    except UnicodeEncodeError:
        return msgspec.json.encode(utf8_data(msgspec.to_builtins(value)))
