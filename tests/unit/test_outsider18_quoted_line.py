"""A finding quotes a bounded excerpt of the line it cites (outsider18 D12: a requirements.txt
of one 3 MB line, the break test odd/hugeline of tests/data/outsider37/REPORT.md, was echoed
twice, 2.1 MB of output): the place is the citation, file:line."""

from __future__ import annotations

from bringup.model import file_source
from bringup.scan.pydeps import QUOTED, python_requirement


def test_an_invalid_huge_line_is_quoted_short_and_once() -> None:
    line = "x" * 3_000_000 + " y"
    requirement, finding = python_requirement(line, file_source("requirements.txt", 1))
    assert requirement is None
    assert finding is not None
    assert len(finding.message) < 2 * QUOTED + 100
    assert finding.message.count(" ... ") == 1  # one excerpt: the error draws no second copy
    assert finding.message.endswith(
        "Expected semicolon (after name with no version specifier) or end"
    )
