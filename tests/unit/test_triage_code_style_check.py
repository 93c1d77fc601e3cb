"""A code-style gate that fails (outsider 27 D11): a formatter in check or diff mode that would
rewrite files fails `make check`, and make's "*** [...] Error 1" under it is no compiler error.
The class is the formatter's own words (ruff format, black), not the make line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import explain_text

STYLE = "class.build.code-style-check-failed"
LOGS = Path(__file__).parents[1] / "data" / "outsider46" / "logs"


def test_up_make_check_failing_on_a_ruff_format_diff_is_a_code_style_check() -> None:
    # source: https://github.com/huggingface/optimum-quanto/blob/e33f820/Makefile (check: ruff
    # format --diff), run by `bringup up` (tests/data/outsider46/logs/README.md, up-make-check.log)
    ranked = [
        (d.signature_id, d.layer) for d in explain_text((LOGS / "up-make-check.log").read_text())
    ]
    assert ranked[0] == (STYLE, "build")


@pytest.mark.parametrize(
    "log",
    [
        # black's report in --check mode:
        # source: https://github.com/psf/black/blob/12834d345948c4066b54ce6e9a2202776d095466/src/black/report.py
        # (out(f"{reformatted} {src}") with "would reformat"; "{n} file{s} would be reformatted")
        "would reformat src/page_tracker/app.py\n\nOh no! 💥 💔 💥\n"
        "1 file would be reformatted, 1 file would be left unchanged.\n"
        "make: *** [Makefile:12: lint] Error 1",
        # ruff format --check (as printed by a CI step)
        "Would reformat: tests/utils/mocking.py\n"
        "2 files would be reformatted, 103 files already formatted\n"
        "Error: Process completed with exit code 1.",
    ],
)
def test_a_formatter_that_would_rewrite_files_is_a_code_style_check(log: str) -> None:
    top = explain_text(log + "\n")[0]
    assert (top.signature_id, top.layer, top.kind) == (STYLE, "build", "code")


def test_a_formatter_that_left_every_file_alone_names_no_style_failure() -> None:
    log = "ruff format optimum tests --check\n148 files already formatted\nAll checks passed!\n"
    assert STYLE not in {d.signature_id for d in explain_text(log)}
