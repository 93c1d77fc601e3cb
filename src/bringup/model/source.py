"""Where a fact, requirement or rule came from: the provenance every verdict cites."""

from __future__ import annotations

from typing import Literal, Optional

import msgspec

SourceKind = Literal["file", "command", "kb", "env", "report", "user", "derived"]
Confidence = Literal["high", "medium", "low"]


class Source(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A citation: a file and line, a command, a knowledge-base record, a variable.

    ``ref`` is the path (file, report), the argv joined by spaces (command), the record id (kb),
    the variable name (env), or a short description (user, derived). ``url`` carries the public
    document behind a knowledge-base record. ``column`` (1-based) places a parse error on its
    line, as a compiler's ``file:line:col`` does.
    """

    kind: SourceKind
    ref: str
    line: Optional[int] = None
    url: Optional[str] = None
    column: Optional[int] = None

    def __str__(self) -> str:
        if self.kind == "command":
            return f"$ {self.ref}"
        if self.kind == "env":
            return f"${self.ref}"
        if self.kind == "kb":
            return f"kb:{self.ref}" + (f" ({self.url})" if self.url else "")
        if self.line is None:
            return self.ref
        return f"{self.ref}:{self.line}" + (f":{self.column}" if self.column else "")


def file_source(path: str, line: Optional[int] = None) -> Source:
    """The usual citation of a line in a file."""
    return Source(kind="file", ref=path, line=line)


def command_source(argv: tuple[str, ...] | list[str]) -> Source:
    """The citation of a command's output; argv is joined for display only, never run."""
    return Source(kind="command", ref=" ".join(argv))
