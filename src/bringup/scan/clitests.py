"""A file named like a test that is a command-line script: its ``test`` functions are what its
``if __name__ == "__main__":`` block hands the command line to, not tests.

CompVis/stable-diffusion@21f890f scripts/tests/test_watermark.py:6 ``def testit(img_path):``
and :17-18 ``fire.Fire(testit)``: pytest would collect ``testit`` and fail it ("fixture
'img_path' not found"); the folder was planned as ``pytest scripts/tests`` (outsider16 D12).
A test function the main block only calls with no arguments (``test_matmul()``, to run the
test without pytest) takes none and stays a test."""

from __future__ import annotations

import ast
import re
import symtable
import unicodedata
import warnings
from collections.abc import Callable, Mapping

from bringup import lazyre
from bringup.nearwords import finditer_near
from bringup.scan.walk import RepoFile


def _main_block(tree: ast.Module) -> list[ast.stmt]:
    """The body of the module's ``if __name__ == "__main__":``."""
    for node in tree.body:
        if not isinstance(node, ast.If):
            continue
        test = node.test
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
        ):
            return list(node.body)
    return []


def _takes_arguments(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    return len(positional) > len(arguments.defaults) or any(
        default is None for default in arguments.kw_defaults
    )


_LONGEST_PARSED_LINE = 20_000
"""A line longer than this is not handed to ``ast.parse``: ``y = ---…1`` or ``a.a.a…`` of
200,000 characters segfaulted CPython 3.9's parser (the clean-clone CI's 3.9 leg, session 35),
where 3.11 raises MemoryError or RecursionError."""


_TEST_HEAD = lazyre.compile(
    r"^(?:class[ \t\f]+Test(?![^\x00-\x7f])"
    r"|(?:async[ \t\f]+)?def[ \t\f]+(test[A-Za-z0-9_]*)(?![^\x00-\x7f]|\w)([ \t\f]*\(\s*\))?)",
    re.MULTILINE,
)
"""A line that, where a top-level statement starts, shows pytest a test it can run: a ``Test``
class, or a ``test`` function (group 1: its name, ASCII and whole: the next character is ASCII
and no word's, so Unicode normalization leaves it alone) that takes no argument (group 2)."""

_HEAD_WORDS = ("class", "async", "def")
"""What every ``_TEST_HEAD`` match starts with (``nearwords``: its ``^`` was tried at every
character of a test file)."""

_STATEMENT_END = "def _(): pass\n"
"""What completes a module cut where a top-level statement starts, decorators included."""


def _starts_statement(text: str, start: int) -> bool:
    """Whether a statement of the module's top level (or its decorated definition) starts at
    ``start``, a line's start: the text before it, completed (``_STATEMENT_END``), parses. It
    does not inside a string, a bracket, a continued line or an indented block. ``symtable``
    parses as ``ast.parse`` does but builds no Python objects (a third to a half of the cost);
    its own refusals (a parameter also global) only leave the question to the whole parse."""
    try:
        with warnings.catch_warnings():  # the module's invalid escapes are its own business
            warnings.simplefilter("ignore")
            symtable.symtable(text[:start] + _STATEMENT_END, "<module>", "exec")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return True


def _as_parsed(text: str) -> str:
    """``text`` as Python reads its identifiers: the parser normalizes a non-ASCII one (NFKC,
    PEP 3131): a full-width t (U+FF54) is a t."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


_MOST_CUTS = 2
"""Cuts tried (``_starts_statement``) before the whole module is parsed instead."""
_MOST_HEADS = 16
"""Heads looked at before the whole module is parsed instead: each one named elsewhere costs a
count over the whole text (review36: 12,000 such test functions made one file 16 s)."""


def _holds_a_test(text: str) -> bool:
    """Whether ``text`` surely holds a test pytest can run, told from its first lines that
    could start such a top-level statement (``_TEST_HEAD``) without parsing the module:
    ``ast.parse`` was ~80 % of a scan's look at test files (MindIE-LLM: 372 of its 606 test
    files hold a main block; 365 a ``Test`` class, ~a fifth of the way in). A ``test``
    function tells only where it takes no argument or its name occurs nowhere else (not in
    the main block). False where unsure."""
    cuts = 0
    parsed: str | None = None
    for seen, head in enumerate(finditer_near(_TEST_HEAD, text, _HEAD_WORDS)):
        if seen == _MOST_HEADS:
            break
        name, bare = head.group(1), head.group(2)
        if name is not None and bare is None:
            parsed = _as_parsed(text) if parsed is None else parsed
            if parsed.count(name) > 1:
                continue
        if _starts_statement(text, head.start()):
            return True
        cuts += 1
        if cuts == _MOST_CUTS:
            break
    return False


def command_line_only(text: str) -> bool:
    """Whether ``text`` (a Python file) holds no test pytest can run: a ``Test`` class holds
    some; otherwise every module-level ``test`` function takes arguments and is named in the
    main block, the command line's entry point."""
    if "__main__" not in text or "def test" not in text:
        return False
    if max(map(len, text.splitlines()), default=0) > _LONGEST_PARSED_LINE:
        return False  # Python 3.9's parser overflows the C stack on a deep one-line expression
    if _holds_a_test(text):
        return False
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False  # MemoryError, RecursionError: CPython's parser on a deep expression
    main = _main_block(tree)
    named = {n.id for stmt in main for n in ast.walk(stmt) if isinstance(n, ast.Name)}
    tests = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            return False
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith(
            "test"
        ):
            tests.append(node)
    return bool(tests) and all(t.name in named and _takes_arguments(t) for t in tests)


def test_files(
    texts: Mapping[str, tuple[RepoFile, str]],
    script: Callable[[RepoFile, str], bool],
) -> list[tuple[str, str]]:
    """The repo's test files as ``(rel, ref)``, less the command-line scripts among them:
    those ``script`` tells (``command_line_only`` of the file, or what the read-ahead found
    of it: ``readahead.Reader.script``)."""
    return [
        (entry.rel, ref)
        for ref, (entry, text) in texts.items()
        if entry.kind == "tests" and not (entry.rel.endswith(".py") and script(entry, text))
    ]
