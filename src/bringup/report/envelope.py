"""The versioned JSON envelope every ``--json`` output shares (pipx-style): scripts read
``schema`` to know the shape, ``exit_code`` to know the verdict without parsing the rest."""

from __future__ import annotations

from typing import Any, Optional

import msgspec

from bringup import __version__
from bringup.redaction import redact_data
from bringup.utf8text import json_bytes

ENVELOPE_SCHEMA = "bringup/1"


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """One of several problems a file has (a manifest's), each at its place."""

    message: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]


class ErrorReport(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Why a command failed: ``kind`` is ``usage`` (the command line), ``input`` (a file or
    value given), ``internal`` (a bug in bringup) or ``interrupted``; ``file``/``line``/
    ``column`` locate a fault in a file when there is one (always written, null when not);
    ``problems``, only when a file has several, lists each (the others locate the first)."""

    kind: str
    message: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    hint: Optional[str]
    problems: tuple[Problem, ...] = ()


class Envelope(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    schema: str
    command: str
    bringup_version: str
    exit_code: int
    data: Any
    error: Optional[ErrorReport] = None


def render_json(
    command: str, exit_code: int, data: Any, error: Optional[ErrorReport] = None
) -> str:
    """The envelope as indented JSON text, ending in a newline; a failed command has
    ``data`` null and ``error`` set. Secrets found by value in any string (a token in a
    variable, a password in a URL) are redacted."""
    envelope = Envelope(
        schema=ENVELOPE_SCHEMA,
        command=command,
        bringup_version=__version__,
        exit_code=int(exit_code),
        data=data,
        error=error,
    )
    encoded = json_bytes(redact_data(msgspec.to_builtins(envelope)))
    return msgspec.json.format(encoded, indent=2).decode("utf-8") + "\n"
