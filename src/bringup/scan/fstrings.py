"""A string literal as its source writes it: an f-string's replacement fields as ``{…}``.

A requirement read from a build script's message quotes the message; a field left out reads as
a hole ("compute capabilities , but AutoGPTQ does not support the compute capabilities (AutoGPTQ
requires Pascal or higher)": AutoGPTQ/AutoGPTQ@9f7d370 setup.py:114, outsider12 #22), so each
field is shown as written (``{torch_cuda_arch_list}``). While the words are read, each field
stands as one private-use character: no word of a reading, so a name inside a field
(``{CUDA_VERSION}``) is not read as one stated in the message.
"""

from __future__ import annotations

import ast
from typing import NamedTuple, Optional

_FIELD = 0xE000
"""The first of the private-use characters that stand for the fields while words are read."""
_FIELDS = 0x1900
"""How many there are (U+E000 to U+F8FF); a message with more shows its later fields as a space."""


class Message(NamedTuple):
    """A message's words, each field as one private-use character, and each field's source."""

    words: str
    fields: tuple[str, ...]

    def shown(self, text: str) -> str:
        """``text`` (read from ``words``) with each field's character as its source ``{…}``."""
        if not self.fields:
            return text
        table = {_FIELD + i: "{" + field + "}" for i, field in enumerate(self.fields)}
        return text.translate(table)


def message(node: ast.expr) -> Optional[Message]:
    """The words of a string constant or an f-string (None for anything else)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return Message(node.value, ())
    if not isinstance(node, ast.JoinedStr):
        return None
    parts: list[str] = []
    fields: list[str] = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value)
        elif isinstance(value, ast.FormattedValue) and len(fields) < _FIELDS:
            parts.append(chr(_FIELD + len(fields)))
            fields.append(ast.unparse(value.value))
        else:
            parts.append(" ")
    return Message("".join(parts), tuple(fields))


def written(node: ast.expr) -> Optional[str]:
    """The text of a string constant or an f-string, each field as ``{…}``."""
    said = message(node)
    return said.shown(said.words) if said is not None else None
