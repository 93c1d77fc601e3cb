"""Review 44b: o27 made a requirements line that reads as no PEP 508 string turn the ``check``
verdict "unverified" ("pip refuses the file whole"), but pip's requirements file format also
reads ``<archive url/path>`` and ``[-e] <local project path>`` lines: ``.[dev]``, a wheel URL
or a wheel's file name were each told as an unreadable line. The class: pip's non-specifier
forms are read as what they are (a path or archive pip installs), not as unreadable lines."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.solve.unreadfiles import unread_files

# source: https://pip.pypa.io/en/stable/reference/requirements-file-format/ ("<archive url/path>",
# "[-e] <local project path>"; its examples ./downloads/numpy-1.9.2-cp34-none-win32.whl and
# http://wxpython.org/Phoenix/snapshot-builds/wxPython_Phoenix-3.0.3.dev1820+49a8884-cp34-none-win_amd64.whl)
PIP_FORMS = (
    ".[dev]\n"
    "./downloads/numpy-1.9.2-cp34-none-win32.whl\n"
    "http://wxpython.org/Phoenix/snapshot-builds/"
    "wxPython_Phoenix-3.0.3.dev1820+49a8884-cp34-none-win_amd64.whl\n"
    "numpy-1.9.2-cp34-none-win32.whl\n"
    "../sibling\n"
    "torch==2.1.0\n"
)


def test_pips_path_and_archive_lines_are_no_unread_line(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text(PIP_FORMS, encoding="utf-8")
    component = scan_repo(tmp_path, "h1").component
    assert unread_files(component) == []
    assert "torch" in {r.subject for r in component.requirements}
    notes = [f for f in component.findings if "pip installs" in (f.reason or "")]
    assert len(notes) == 5


def test_a_line_pip_refuses_still_makes_the_verdict_unverified(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("torch==2.1.0\n==\n", encoding="utf-8")
    doubts = unread_files(scan_repo(tmp_path, "h1").component)
    assert [o.detail for o in doubts] == ["requirements.txt:2"]
