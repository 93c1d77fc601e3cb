"""outsider17 D1 in tables and list items: cubvh's fact (readme.md:22: "a known issue for
`torch==2.1.0` and `torch==2.1.1`") read as a sentence excludes both releases, but the same fact
in a list item ("- torch 2.1.1: the build fails") refused nothing, and in a table row ("| 2.1.0
| known issue |") the row's release became one of the alternatives the repo asks for. A row
whose words refuse its release is no alternative; a mark in a grid ("| 2.1.0 | ✓ | x |") still
says which other column's release pairs with it.

The shapes below are constructed from cubvh's fact (ashawkey/cubvh@7855c00 readme.md:22, and
the issue it cites, pytorch/pytorch#112841); the grid's marks are the form of a "Torch Version |
CUDA ..." compatibility table (✅/❌ per CUDA column)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.prose import read_line
from bringup.scan.repo import scan_repo

ISSUE = "https://github.com/pytorch/pytorch/issues/112841"


def _torch(tmp_path: Path, readme: str) -> list[str]:
    (tmp_path / "README.md").write_text(readme)
    scanned = scan_repo(tmp_path, str(tmp_path), name="cubvh").component
    return [r.spec for r in scanned.requirements if r.subject == "torch"]


def test_a_list_item_labelled_with_releases_then_its_trouble_excludes_them() -> None:
    found = [(m.subject, m.spec) for m in read_line("- torch 2.1.0/2.1.1: the build fails")]
    assert found == [("torch", "!=2.1.0,!=2.1.1")]
    found = [(m.subject, m.spec) for m in read_line(f"* `torch==2.1.1`: known issue ({ISSUE})")]
    assert found == [("torch", "!=2.1.1")]


def test_a_table_row_that_refuses_its_release_is_no_alternative(tmp_path: Path) -> None:
    readme = (
        "# cuBVH\n\n## Compatibility\n\n| torch | status |\n|---|---|\n"
        f"| 2.1.0 | known issue ({ISSUE}) |\n| 2.1.1 | known issue |\n| 2.2.0 | works |\n"
    )
    assert _torch(tmp_path, readme) == ["==2.2.0"]


def test_a_grid_mark_refuses_no_release(tmp_path: Path) -> None:
    readme = (
        "# cuBVH\n\n## Compatibility\n\n| Torch Version | CUDA 11.8 | CUDA 12.1 |\n|---|---|---|\n"
        "| 2.1.0 | ✅ | ❌ |\n| 2.2.0 | ✅ | ✅ |\n"
    )
    (spec,) = _torch(tmp_path, readme)
    assert "==2.1.0" in spec
