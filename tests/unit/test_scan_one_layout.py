"""outsider12 #21: at one terminal width ``scan`` set out one repo's steps as a table (``kind
needs cwd source step`` headers, a short step that fit) and another's as blocks (a long step
that did not): the layout followed the input. Scan's needs and steps are the blocks at every
width. The repos: the six-repos example's npu-samples (README.md:27 ``bash build.sh``, its
steps were a table in the golden scan.txt) beside a long command."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.report.document_text import document_lines
from bringup.report.scan_text import scan_document
from bringup.scan import scan_stack

SAMPLES = Path(__file__).resolve().parents[2] / "examples" / "six-repos" / "npu-samples"


@pytest.mark.parametrize("width", [60, 80, 200])
def test_steps_and_needs_are_blocks_at_every_width(width: int) -> None:
    stack = scan_stack([str(SAMPLES)])
    shown = "\n".join(line.plain for line in document_lines(scan_document(stack, []), width))
    assert "bash build.sh" in shown
    assert "kind   needs" not in shown
    assert "subject" not in shown
    # the step's line, wrapped where the width is narrow
    assert "README.md:27 needs toolkit CANN (no NPU) in hello_acl" in " ".join(shown.split())
