"""A file named like a test that is a command-line script: its ``test`` functions are what its
``if __name__ == "__main__":`` block hands the command line to, not tests.

CompVis/stable-diffusion@21f890f scripts/tests/test_watermark.py:6 ``def testit(img_path):``
and :17-18 ``fire.Fire(testit)``: pytest would collect ``testit`` and fail it ("fixture
'img_path' not found"); the folder was planned as ``pytest scripts/tests`` (outsider16 D12).
A test function the main block only calls with no arguments (``test_matmul()``, to run the
test without pytest) takes none and stays a test."""

from __future__ import annotations

import ast
from collections.abc import Mapping

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


def command_line_only(text: str) -> bool:
    """Whether ``text`` (a Python file) holds no test pytest can run: a ``Test`` class holds
    some; otherwise every module-level ``test`` function takes arguments and is named in the
    main block, the command line's entry point."""
    if "__main__" not in text or "def test" not in text:
        return False
    if max(map(len, text.splitlines()), default=0) > _LONGEST_PARSED_LINE:
        return False  # Python 3.9's parser overflows the C stack on a deep one-line expression
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


def test_files(texts: Mapping[str, tuple[RepoFile, str]]) -> list[tuple[str, str]]:
    """The repo's test files as ``(rel, ref)``, less the command-line scripts among them."""
    return [
        (entry.rel, ref)
        for ref, (entry, text) in texts.items()
        if entry.kind == "tests" and not (entry.rel.endswith(".py") and command_line_only(text))
    ]
