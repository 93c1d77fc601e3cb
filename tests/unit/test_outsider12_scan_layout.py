"""``scan`` draws a small repo's needs the way it draws a large one's at the same width
(outsider12 #21): the tester's two-line repo (``CUDA 12.4 required``, ``torch==2.4.0``,
/work/outsider12/repro.sh 21) came out one field a line (``spec:``, ``hard:``, ``conf:``)
where marlin's came out a block a need."""

from __future__ import annotations

from pathlib import Path

from bringup.report.document_text import document_lines
from bringup.report.scan_text import scan_document
from bringup.scan.stack import scan_stack


def _drawn(root: Path, width: int) -> list[str]:
    return [line.plain for line in document_lines(scan_document(scan_stack([root]), []), width)]


def test_a_small_repo_s_needs_are_blocks_like_a_large_one_s(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("CUDA 12.4 required\n")
    (tmp_path / "requirements.txt").write_text("torch==2.4.0\n")
    lines = _drawn(tmp_path, 80)
    assert not [line for line in lines if line.strip().startswith(("spec:", "hard:", "conf:"))]
    assert any(line.split()[:2] == ["torch", "==2.4.0"] for line in lines), lines
    # wide enough for every column, still the blocks: one layout at every width (left32)
    assert not any(
        line.split()[:3] == ["subject", "spec", "hard"] for line in _drawn(tmp_path, 200)
    )
    assert any(line.split()[:2] == ["torch", "==2.4.0"] for line in _drawn(tmp_path, 200))
