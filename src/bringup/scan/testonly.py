"""A dependency list item that says it is needed only to run the tests.

hicann's install guides list googletest among the base dependencies with a note saying it
is only for the tests: "- googletest（仅执行UT时依赖，建议版本 release-1.11.0）" (ops-nn
docs/zh/install/quick_install.md:147), "（仅执行ST时依赖，…）" (ops-blas), "（仅执行测试时依赖，…）"
(ops-sparse), "- GoogleTest (It is required only when UT is executed. …)" (opbase
docs/en/install/quick_install.md:121). What the item names is the tests' need (scope
``tests``), not the repo's: a test framework only the unit tests use is no requirement of
the main build.
"""

from __future__ import annotations

import re

from bringup import lazyre

_TESTS = r"(?:UTs?|STs?|LLTs?|unit\s{1,3}tests?|tests?|testing)"
_RUN = r"(?:when|for|to)\s{1,3}(?:(?:run(?:ning)?|execut(?:e|ing))\s{1,3})?(?:the\s{1,3})?"
_ONLY = (
    r"仅(?:在)?(?:执行|运行|编译)?(?:UT|ST|LLT|单元测试|测试|用例)时?(?:依赖|需要|使用)"
    rf"|\b(?:required|needed|used)\s{{1,3}}only\s{{1,3}}{_RUN}{_TESTS}\b"
    rf"|\bonly\s{{1,3}}(?:required|needed|used)\s{{1,3}}{_RUN}{_TESTS}\b"
    rf"|\bonly\s{{1,3}}for\s{{1,3}}(?:the\s{{1,3}})?{_TESTS}\b"
)
"""The words of a note that says something is needed only by the tests ("only for UT",
"only required for running UTs", "仅执行ST时依赖")."""
_TESTS_ONLY = lazyre.compile(
    r"^\s{0,8}(?:[-*+]|\d{1,3}[.)、])\s{1,4}[^()（）\n]{1,80}?[（(][^()（）\n]{0,60}?(?:"
    + _ONLY
    + ")",
    re.IGNORECASE,
)
"""A list item whose name is followed by a note, in brackets, that it is needed only by the
tests."""
_NOTE_ONLY = lazyre.compile(_ONLY, re.IGNORECASE)


def only_for_tests(line: str) -> bool:
    """Whether the list item ``line`` says what it names is needed only by the tests."""
    return _TESTS_ONLY.search(line) is not None


def note_only_for_tests(note: str) -> bool:
    """Whether an item's ``note`` (the words after its name) says what it names is needed only
    by the tests ("Optional, only required for running UTs", hicann/asc-tools
    docs/00_quick_start_en.md:320)."""
    return _NOTE_ONLY.search(note) is not None
