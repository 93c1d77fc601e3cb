"""A parser's refusal as one ``InputError`` at ``path:line:col``, whatever the format.

PyYAML's errors are several lines that name ``"<unicode string>"`` rather than the file
(outsider11 #13: a malformed environment.yml showed the parser's four lines and no line in its
citation), msgspec's name a byte offset. Each becomes its reason alone, on one line, and
the 1-based line and column where the parser stopped, as ``bringup.tomlfile`` already does for
TOML, so every manifest's parse error reads the same:
``environment.yml:5:1: not YAML: did not find expected ',' or ']' (...)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from bringup.errors import InputError

if TYPE_CHECKING:
    import msgspec

_EXCERPT = 200
"""The most characters of the offending line an error quotes."""


def yaml_error(error: Exception, text: str, path: str) -> InputError:
    """PyYAML's ``YAMLError`` on ``text`` (read from ``path``): its problem where the parser
    stopped, and what it was parsing, with where that started, when it says so."""
    problem: Optional[str] = getattr(error, "problem", None)
    mark: Any = getattr(error, "problem_mark", None)
    context: Optional[str] = getattr(error, "context", None)
    started: Any = getattr(error, "context_mark", None)
    if problem is None:  # a ReaderError: a character YAML does not allow, at an offset
        reason = _one_line(str(error).split("\n  in ", 1)[0])
        position = getattr(error, "position", None)
        line, column = _place(text, position) if isinstance(position, int) else (None, None)
        return _located(f"not YAML: {reason}", text, path, line, column)
    reason = _one_line(problem)
    if context:
        where = f" at line {started.line + 1}, column {started.column + 1}" if started else ""
        reason += f" ({_one_line(context)}{where})"
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
    return _located(f"not YAML: {reason}", text, path, line, column)


def msgspec_error(error: msgspec.DecodeError, data: bytes, path: str) -> InputError:
    """msgspec's ``DecodeError`` on ``data`` (the bytes of ``path``): its reason, at the line
    and column of the byte it stopped on (end of input when the data was cut short)."""
    text = data.decode("utf-8", "replace")
    reason, _, rest = str(error).partition(" (byte ")
    offset = rest.rstrip(")")
    line = column = None
    if offset.isdigit():
        before = data[: int(offset)].decode("utf-8", "replace")
        line, column = _place(before, len(before))
    elif reason == "Input data was truncated":
        line, column = _place(text, len(text))
    reason = reason.removeprefix("JSON is malformed: ")
    return _located(f"not JSON: {_one_line(reason)}", text, path, line, column)


def _place(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` in ``text``."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _located(
    message: str, text: str, path: str, line: Optional[int], column: Optional[int]
) -> InputError:
    rows = text.splitlines()
    excerpt = rows[line - 1][:_EXCERPT] if line is not None and 0 < line <= len(rows) else None
    return InputError(message, path=path, line=line, column=column, excerpt=excerpt)
