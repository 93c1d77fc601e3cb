"""A ``pytest`` step's folders' test files found by bisection in the sorted list
(``testcollect``) are the files a test of each path against each folder finds, in order."""

from __future__ import annotations

import random

from bringup.model import Step, file_source
from bringup.scan.testcollect import _under, collected_tests

_PARTS = ("a", "a.b", "a-b", "ab", "tests", "tests/unit", "unit", "x/y", "é", "Z")
"""Folder names that sort around each other (``a.b`` and ``a-b`` before ``a/``, ``ab``
after)."""


def test_the_files_under_the_folders_are_those_each_path_tested_finds() -> None:
    generator = random.Random(35)
    for _ in range(2000):
        tests = sorted(
            {
                "/".join(generator.choice(_PARTS) for _ in range(generator.randint(1, 4)))
                + "/test_x.py"
                for _ in range(generator.randint(0, 30))
            }
        )
        folders = tuple(
            generator.choice(["", "a/a/", "tests/unit/", *(f"{p}/" for p in _PARTS)])
            for _ in range(generator.randint(0, 3))
        )
        assert _under(tests, folders) == [rel for rel in tests if rel.startswith(folders)]


def _step(*argv: str) -> Step:
    return Step(name=" ".join(argv), kind="test", argv=argv, source=file_source("README.md", 1))


def test_a_step_runs_the_files_it_names_then_those_of_its_folders() -> None:
    scripts = {"tests/test_a.py", "tests/unit/test_b.py", "tests/unit_ext/test_c.py", "run.py"}
    tests = sorted(rel for rel in scripts if rel != "run.py")
    step = _step("pytest", "-x", "tests/unit", "tests/test_a.py::test_one")
    assert collected_tests(step, scripts, tests) == ["tests/test_a.py", "tests/unit/test_b.py"]
    assert collected_tests(_step("python", "-m", "pytest", "."), scripts, tests) == tests
    assert collected_tests(_step("python", "run.py"), scripts, tests) == []
