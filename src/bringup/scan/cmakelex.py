"""CMake's command syntax: a small lexer for quoted and bracket arguments, comments and
commands over several lines, keeping each command's line (split from ``cmake``, which reads
what the commands require)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from bringup import lazyre

_IDENTIFIER = lazyre.compile(r"[A-Za-z_][A-Za-z0-9_]*")
REFERENCE = lazyre.compile(r"\$\{([\w./+-]+)\}")
"""``${X}``: cmake-language(7) lets a variable reference hold ``/_.+-`` besides letters and
digits (rapids-cmake's ``${rapids-cmake-url}``, cuvs cmake/RAPIDS.cmake:72)."""
_HOST_ONLY = lazyre.compile(r"^(?:[\w+.-]+://[^/]*/?)?$")


class CMakeCommand(NamedTuple):
    name: str
    args: tuple[str, ...]
    line: int


def cmake_commands(text: str) -> list[CMakeCommand]:
    """Every command invocation in ``text``, name lower-cased, arguments unquoted."""
    return list(_lexed(text))


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """The lexed texts (``_lexed``) kept while a repo is scanned, dropped however it ends."""
    try:
        yield
    finally:
        _lexed.cache_clear()


@functools.cache
def _lexed(text: str) -> tuple[CMakeCommand, ...]:
    """``cmake_commands``, once per text: a ``CMakeLists.txt`` is read for what it requires and
    again, after every file is read, for the functions nothing calls (``cmakecalls``) and the
    directories its options add (``optdirs``); an operator library has thousands (ops-nn:
    4,332). Every text of a repo is kept until its scan ends (``kept``): a bounded cache
    read in the files' order keeps none of them once a repo has more than it holds (1,024
    lexed each file three times)."""
    commands: list[CMakeCommand] = []
    i, line, size = 0, 1, len(text)
    while i < size:
        char = text[i]
        if char == "\n":
            line += 1
            i += 1
        elif char == "#":
            bracket = _BRACKET_COMMENT.match(text, i)  # not text[i:]: a copy per comment
            end = text.find(f"]{bracket.group(1)}]", i) if bracket else text.find("\n", i)
            end = size if end < 0 else end
            line += text.count("\n", i, end)
            i = end if not bracket else end + len(bracket.group(1)) + 2
        elif char in " \t\r":  # a run of blanks at once, not a character a turn
            blanks = _BLANKS.match(text, i)
            i = blanks.end() if blanks is not None else i + 1
        elif char.isalpha() or char == "_":
            match = _IDENTIFIER.match(text, i)
            j = match.end() if match is not None else i + 1
            while j < size and text[j] in " \t":
                j += 1
            if j < size and text[j] == "(":
                args, end = _arguments(text, j + 1)
                commands.append(CMakeCommand(text[i:j].strip().lower(), tuple(args), line))
                line += text.count("\n", i, end)
                i = end
            else:
                i = j
        else:
            i += 1
    return tuple(commands)


def _arguments(text: str, i: int) -> tuple[list[str], int]:
    args: list[str] = []
    depth = 0
    current: list[str] = []
    size = len(text)

    def flush() -> None:
        if current:
            args.append("".join(current))
            current.clear()

    while i < size:
        char = text[i]
        if char == '"':
            end = i + 1
            while end < size and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            current.append(text[i + 1 : end])
            i = end + 1
        elif char == "#" and not current:
            end = text.find("\n", i)
            i = size if end < 0 else end
        elif char == "(":
            depth += 1
            current.append(char)
            i += 1
        elif char == ")":
            if depth == 0:
                flush()
                return args, i + 1
            depth -= 1
            current.append(char)
            i += 1
        elif char in " \t\r\n":  # the word before ends; a run of spaces at once
            flush()
            spaces = _SPACES.match(text, i)
            i = spaces.end() if spaces is not None else i + 1
        else:
            # the rest of an unquoted word at once, not a character a turn
            word = _WORD_RUN.match(text, i)
            end = word.end() if word is not None else i + 1
            current.append(text[i:end])
            i = end
    flush()
    return args, size


_BRACKET_COMMENT = lazyre.compile(r"#\[(=*)\[")
_BLANKS = lazyre.compile(r"[ \t\r]+")
_SPACES = lazyre.compile(r"[ \t\r\n]+")
_WORD_RUN = lazyre.compile(r'[^"() \t\r\n#]+')
"""Characters of an unquoted argument that end nothing: a quote, a parenthesis or a space
ends the word, and a ``#`` starts a comment where no word has begun."""


def line_of(lines: Sequence[str], word: str, line: int) -> int:
    """The line holding ``word`` in a command that begins at ``line`` (its ``URL`` or
    ``GIT_REPOSITORY`` argument, Mooncake mooncake-common/FindGTest.cmake:22). ``lines`` is
    the file split once, at ``\\n`` only, as ``cmake_commands`` counts lines: splitting the
    whole file for each fetch was quadratic in its size (4,000 fetches in 250 KB took 9 s),
    and ``splitlines`` also breaks at a form feed or U+2028, citing every later line one
    too far."""
    for number in range(line, min(line + 40, len(lines)) + 1):
        if word in lines[number - 1]:
            return number
    return line


def expand(text: str, values: dict[str, str]) -> str:
    """``${X}`` replaced by what ``set(X ...)`` gave it earlier in the file, through up to four
    levels (TransformerEngine common/CMakeLists.txt:464-466: ``NCCL_EP_INCLUDE_DIR`` is
    ``${NCCL_EP_SUBMODULE_ROOT}/build/include``)."""
    for _ in range(4):
        expanded = REFERENCE.sub(lambda m: values.get(m.group(1), m.group(0)), text)
        if expanded == text:
            break
        text = expanded
    return text


def resolved_url(written: str, values: dict[str, str]) -> str | None:
    """A URL a fetch names, expanded, and cut before the first ``${...}`` no earlier ``set``
    gave (``URL ${DEP_URL}/dep-${DEP_VERSION}.tar.gz``: what follows is not known here, and
    the spec must not carry it); None where no more than a host is left."""
    url = expand(written, values).split("${", 1)[0]
    return None if _HOST_ONLY.match(url) else url
