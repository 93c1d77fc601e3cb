"""A release-notes page's version mapping states its newest release's row (issue 11):
the rows of past releases are history, on real lines of the pages."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.doctables import read_table
from bringup.scan.extraction import SourceFile
from bringup.scan.tablecells import Row

# Ascend/DrivingSDK@e667017e docs/zh/release_notes.md:38-46 (a table newest-first)
_DRIVING_SDK = """\
### 相关产品版本配套说明

**表 1**  DrivingSDK配套表

|DrivingSDK代码分支名称|CANN版本|Ascend Extension for PyTorch版本|Python版本|PyTorch版本|
|--|--|--|--|--|
|branch_v26.0.0|9.0.0|26.0.0|3.9, 3.10, 3.11|2.7.1, 2.8.0|
|branch_v7.3.0|8.5.0|7.3.0|3.9, 3.10, 3.11|2.7.1, 2.8.0|
|branch_v7.2.0|8.3.RC1|7.2.0|3.8, 3.9, 3.10, 3.11|2.1.0, 2.7.1, 2.8.0|
"""

# Ascend/msprobe@8ff00da3 docs/en/release_notes.md:3, 12-16 (links and checksums shortened; the
# lines between left out)
_MSPROBE = """\
## Version Mapping








|       Version      |   Release Date  |       Supported Python Version      |         Supported PyTorch Version        |      Supported MindSpore Version     |  Download Link  |  Checksum  |
|:--------------:|:--------:|:----------------------:|:---------------------------:|:-----------------------:|:--:|:--:|
| 26.0.0-alpha.3 | 2026.4.8 | 3.8/3.9/3.10/3.11/3.12 | 2.1/2.2/2.5/2.6/2.7/2.8/2.9 | 2.4.0/2.5.0/2.6.0/2.7.1 | [mindstudio_probe-26.0.0a3-py3-none-any.whl](https://example.invalid/a3.whl) | 073a07ac201e |
| 26.0.0-alpha.2 | 2026.3.2 | 3.8/3.9/3.10/3.11/3.12 | 2.1/2.2/2.5/2.6/2.7/2.8/2.9 | 2.4.0/2.5.0/2.6.0/2.7.1 | [mindstudio_probe-26.0.0a2-py3-none-any.whl](https://example.invalid/a2.whl) | 6f84ebc8424 |
| 26.0.0-alpha.1 | 2026.2.4 |   3.8/3.9/3.10/3.11    |   2.1/2.2/2.5/2.6/2.7/2.8   | 2.4.0/2.5.0/2.6.0/2.7.1 | [mindstudio_probe-26.0.0a1-py3-none-any.whl](https://example.invalid/a1.whl) | 52512b082dc |
"""  # noqa: E501


def _page(rel: str, text: str, first_line: int) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text="\n" * (first_line - 1) + text)


def test_a_release_notes_table_states_its_newest_row() -> None:
    page = _page("docs/zh/release_notes.md", _DRIVING_SDK, 38)
    stated = {r.subject: (r.spec, r.source.line) for r in extract_docs(page).requirements}
    assert stated == {
        "cann": ("==9.0.0", 44),
        "python": ("==3.9.* || ==3.10.* || ==3.11.*", 44),
        "torch": ("==2.7.1 || ==2.8.0", 44),
    }


def test_the_newest_row_of_a_table_with_a_checksum_column() -> None:
    page = _page("docs/en/release_notes.md", _MSPROBE, 3)
    stated = {(r.subject, r.source.line) for r in extract_docs(page).requirements}
    # no checksum "distribution"; the alpha.3 row, not the union of three releases
    assert stated == {("python", 14), ("torch", 14), ("mindspore", 14)}


def test_a_table_oldest_first_states_its_last_row() -> None:
    # the DrivingSDK rows above, oldest first: the highest release is the newest
    rows = [
        Row(42, ["DrivingSDK代码分支名称", "CANN版本", "Python版本"]),
        Row(44, ["branch_v7.2.0", "8.3.RC1", "3.8, 3.9, 3.10, 3.11"]),
        Row(45, ["branch_v7.3.0", "8.5.0", "3.9, 3.10, 3.11"]),
        Row(46, ["branch_v26.0.0", "9.0.0", "3.9, 3.10, 3.11"]),
    ]
    page = _page("docs/zh/release_notes.md", "", 1)
    found = read_table(page, rows, required=False, vendor="ascend", newest=True)
    assert {(r.subject, r.spec, r.source.line) for r in found} == {
        ("cann", "==9.0.0", 46),
        ("python", "==3.9.* || ==3.10.* || ==3.11.*", 46),
    }


def test_elsewhere_a_release_matrix_keeps_every_row() -> None:
    # the same rows outside a release-notes page: which row applies is the knowledge base's
    rows = [
        Row(42, ["DrivingSDK代码分支名称", "CANN版本"]),
        Row(44, ["branch_v26.0.0", "9.0.0"]),
        Row(45, ["branch_v7.3.0", "8.5.0"]),
    ]
    page = _page("docs/zh/versions.md", "", 1)
    (cann,) = read_table(page, rows, required=False, vendor="ascend")
    assert (cann.spec, cann.hard) == ("==9.0.0 || ==8.5.0", False)


def test_rows_naming_no_release_keep_every_row() -> None:
    # which row is newest is not told: the columns stay alternatives
    rows = [
        Row(42, ["分支", "CANN版本"]),
        Row(44, ["稳定分支", "9.0.0"]),
        Row(45, ["旧分支", "8.5.0"]),
    ]
    page = _page("docs/zh/release_notes.md", "", 1)
    (cann,) = read_table(page, rows, required=False, vendor="ascend", newest=True)
    assert (cann.spec, cann.hard) == ("==9.0.0 || ==8.5.0", False)
