"""A text file with a corrupt line (NUL bytes) is read but for that line, which is reported
with its line and makes the verdict unverified; a binary file stays unread (outsider16 D15:
the requirements file was dropped whole and the verdict was "runs here")."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.reading import read_text
from bringup.scan.repo import scan_repo
from bringup.solve.unreadfiles import unread_files

# outsider16 D15's file, byte for byte: a pin, then a line of garbage holding NUL bytes
CORRUPT = b"numpy==1.26.4\n\xff\xfe garbage \x00\x01\n"


def test_the_other_lines_are_read_and_the_bad_one_reported(tmp_path: Path) -> None:
    path = tmp_path / "requirements.txt"
    path.write_bytes(CORRUPT)
    text, findings = read_text(path, "requirements.txt")
    assert text is not None
    assert text.splitlines() == ["numpy==1.26.4", ""]
    assert [(f.kind, f.sources[0].line) for f in findings] == [("unreadable", 2)]


# a Latin-1 line: python/cpython Lib/test/encoded_modules/module_iso_8859_1.py:3 (review35: a file
# with NUL bytes on one line and one Latin-1 byte on another was dropped whole)
LATIN1 = 'test = ("Les hommes ont oubli\xe9 cette v\xe9rit\xe9, "\n'.encode("latin-1")


def test_a_line_that_is_no_utf8_is_one_more_bad_line_not_the_file_dropped(tmp_path: Path) -> None:
    path = tmp_path / "requirements.txt"
    path.write_bytes(CORRUPT + LATIN1 + b"torch==2.1.0\n")
    text, findings = read_text(path, "requirements.txt")
    assert text is not None
    assert text.splitlines() == ["numpy==1.26.4", "", "", "torch==2.1.0"]
    assert [(f.kind, f.sources[0].line) for f in findings] == [
        ("unreadable", 2),
        ("unreadable", 3),
    ]
    assert "line 3: not UTF-8 (byte 29 of the line)" in findings[1].message
    component = scan_repo(tmp_path, "h1").component
    stated = {(r.subject, r.spec) for r in component.requirements}
    assert {("pypi:numpy", "==1.26.4"), ("torch", "==2.1.0")} <= stated


def test_a_binary_file_is_still_not_read(tmp_path: Path) -> None:
    path = tmp_path / "blob.txt"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00\n\x00\x00\x89\xfe\n\x00\x01\x02\n")
    text, findings = read_text(path, "blob.txt")
    assert text is None
    assert [f.kind for f in findings] == ["binary"]


def test_the_pin_is_kept_and_the_verdict_unverified(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_bytes(CORRUPT)
    component = scan_repo(tmp_path, "h1").component
    assert ("pypi:numpy", "==1.26.4") in {(r.subject, r.spec) for r in component.requirements}
    doubts = unread_files(component)
    assert [(o.kind, o.source.line if o.source else None) for o in doubts] == [("unchecked", 2)]
