"""reread42: a call patched in each of many tests was matched against every test's patch.

``unmocked_line`` asked, for each use of a device library, every mock's argument span whether
the use sat in it and every scoped patch whether it stood in the use's test: a test file of
n tests, each patching the call it makes, cost n x n questions (4,000 tests, 287 KB: 4.9 s of
CPU; 8,000, 0.7 MB, under the scan's 1 MiB cap: ~20 s). The test is review39's
(``PATCHED_ONCE``: ``@mock.patch("pynvml.nvmlInit", ...)`` over a test calling
``pynvml.nvmlInit()``) written once per test."""

from __future__ import annotations

from test_review39_test_devices import PATCHED_ONCE

from bringup.scan.testmocks import unmocked_line

_PATCHED_TEST = PATCHED_ONCE.split("\n\ndef test_count", maxsplit=1)[0].split("\n\n\n", 1)[1]
"""The decorated test of review39's file: its patch and its own call of the patched name."""


def _many_tests(count: int) -> str:
    head = "from unittest import mock\nimport pynvml\n\n\n"
    tests = (_PATCHED_TEST.replace("test_no_driver", f"test_no_driver_{n}") for n in range(count))
    return head + "\n\n\n".join(tests) + "\n"


def test_each_test_patching_its_own_call_is_read_in_linear_time() -> None:
    from cpuclock import cpu_seconds

    text = _many_tests(8_000)
    start = cpu_seconds()
    assert unmocked_line(text) is None
    # one test left unpatched is still found, at its own line
    unpatched = text.replace('@mock.patch("pynvml.nvmlInit", side_effect=RuntimeError)\n', "", 1)
    assert unmocked_line(unpatched) == 4 + 2
    assert cpu_seconds() - start < 3.0


def test_a_patch_in_one_test_still_leaves_the_next_unpatched() -> None:
    text = _many_tests(3) + "\n\ndef test_count():\n    pynvml.nvmlInit()\n"
    assert unmocked_line(text) == len(text.split("\n")) - 1
