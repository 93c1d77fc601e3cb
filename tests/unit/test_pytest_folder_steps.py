"""pytest runs only of the files pytest collects, and the short scan counts the folder runs
past the first few (outsider23 D15: vllm-ascend's scan was 470 lines, most of them pytest
folders, some of helpers that hold no test)."""

from __future__ import annotations

import io

from bringup.model import Component
from bringup.report.console import PlainWriter
from bringup.report.document_text import render_document
from bringup.report.scan_text import scan_document
from bringup.scan import Stack
from bringup.scan.steps_found import pytest_steps

# zzhx1/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756 tests/e2e/ (helpers beside the
# folders of tests) and tests/e2e/models/; montehoover/verl@9c46ae8
# tests/single_controller/check_worker_alive/main.py (a script the test beside it starts)
FILES = [
    "tests/e2e/generate_coverage_md.py",
    "tests/e2e/model_utils.py",
    "tests/e2e/utils.py",
    "tests/e2e/conftest.py",
    "tests/e2e/models/conftest.py",
    "tests/e2e/models/test_asr_eval_correctness.py",
    "tests/e2e/models/test_lm_eval_correctness.py",
    "tests/single_controller/check_worker_alive/main.py",
]


def test_only_folders_with_files_pytest_collects_are_run() -> None:
    steps = pytest_steps([(rel, f"repo/{rel}") for rel in FILES], [])
    assert [s.argv[3:] for s in steps] == [("tests/e2e/models",)]


def test_the_short_scan_counts_the_folder_runs_past_the_first_few() -> None:
    # constructed: one test file in each of twelve folders
    files = [
        (f"tests/part{n:02}/test_it.py", f"repo/tests/part{n:02}/test_it.py") for n in range(12)
    ]
    component = Component(
        name="repo", path="repo", role="other", steps=tuple(pytest_steps(files, []))
    )

    def shown(details: bool) -> str:
        out = io.StringIO()
        stack = Stack(components=(component,))
        render_document(PlainWriter(out, width=100), scan_document(stack, [], details=details))
        return out.getvalue()

    short, full = shown(False), shown(True)
    assert "7 more pytest runs of test folders (--details lists them)" in short
    assert "tests/part04" in short
    assert "tests/part05" not in short
    assert "tests/part11" in full
    assert "more pytest runs" not in full
