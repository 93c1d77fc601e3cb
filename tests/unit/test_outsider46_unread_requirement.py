"""Outsider 27's D7 (tests/data/outsider46/REPORT.md, "Part 3"): a requirements.txt whose pin
ends in two bytes that are no UTF-8 was read as Latin-1, its line reported as "not a requirement
string", and `check` still said "runs here" with the torch pin dropped. A line of a pip
requirements file that reads as no requirement makes the verdict unverified, naming file:line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.solve.unreadfiles import unread_files

# the outsider's odd/badutf/requirements.txt, byte for byte
BAD_UTF8 = b"torch==2.1.0\xff\xfe\nnumpy\n"


def test_a_requirements_line_that_is_no_requirement_makes_the_verdict_unverified(
    tmp_path: Path,
) -> None:
    (tmp_path / "requirements.txt").write_bytes(BAD_UTF8)
    component = scan_repo(tmp_path, "h1").component
    assert "pypi:numpy" in {r.subject for r in component.requirements}
    doubts = unread_files(component)
    assert [(o.kind, o.detail, o.source.line if o.source else None) for o in doubts] == [
        ("unchecked", "requirements.txt:1", 1)
    ]
    assert "what the line states is not known" in doubts[0].missing[0]


def test_readable_pins_and_a_setup_py_string_are_no_doubt(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("torch==2.1.0\nnumpy\n", encoding="utf-8")
    # a setup.py string that is no requirement is what the build computes, not a line pip reads
    (tmp_path / "setup.py").write_text(
        'from setuptools import setup\nsetup(name="x", install_requires=["torch==2.1.0ÿþ"])\n',
        encoding="utf-8",
    )
    component = scan_repo(tmp_path, "h1").component
    assert unread_files(component) == []
