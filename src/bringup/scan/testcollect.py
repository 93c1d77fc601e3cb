"""The repo's test files a ``pytest`` step runs: the files it names, and the test files
(``test_*.py``, ``*_test.py``) of the folders it names.

A folder's test files are one run of the sorted list of the repo's test files (every path
that starts with ``folder/`` sorts between ``folder/`` and the next name), found by bisection:
testing each test file against each step's folders grew with steps times files (msmodelslim:
350 steps, 689 test files, ~200,000 comparisons).
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections.abc import Collection, Sequence

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import program_name, python_module

TEST_FILE = lazyre.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_test)\.py$")
_TEST_RUNNERS = frozenset({"pytest", "py.test"})


def collected_tests(step: Step, scripts: Collection[str], tests: Sequence[str]) -> list[str]:
    """The files of ``scripts`` the ``pytest`` step ``step`` runs, those of named folders
    among ``tests`` (the scripts named as test files, sorted), in their order."""
    argv = step.argv
    if program_name(argv) not in _TEST_RUNNERS and python_module(argv) != "pytest":
        return []
    named = [
        posixpath.normpath(posixpath.join(step.cwd or ".", a.split("::", 1)[0]))
        for a in argv[1:]
        if not a.startswith("-") and not re.search(r"[$<>{}*]", a)
    ]
    files = [n for n in named if n in scripts]
    # ``pytest .`` collects the whole checkout (ChamferDistancePytorch's unit_test.py and its
    # ``.cuda()``, outsider14 D2): the top folder is every file's
    folders = tuple("" if n == "." else n.rstrip("/") + "/" for n in named if n not in scripts)
    return files + _under(tests, folders)


def _under(tests: Sequence[str], folders: tuple[str, ...]) -> list[str]:
    """The paths of the sorted ``tests`` that start with one of ``folders``, in order."""
    if "" in folders:
        return list(tests)
    found: set[int] = set()
    for folder in folders:
        start = end = bisect.bisect_left(tests, folder)
        while end < len(tests) and tests[end].startswith(folder):
            end += 1
        found.update(range(start, end))
    return [tests[index] for index in sorted(found)]
