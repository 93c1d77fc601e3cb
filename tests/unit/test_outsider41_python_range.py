"""A release range whose placeholder part is in Markdown italics (outsider22 D8): "between
3.7.*x* and 3.11.4 (inclusive)" was read as nothing (and its Chinese twin, inside an HTML
comment, as ``==3.7.*``): the upper bound was lost and Python 3.14 planned."""

from __future__ import annotations

from bringup.scan.prose import read_line

# zhaojiqiao/tilelang-npu@1bc99fd README.md:84
TILELANG = (
    "Prepare a Python environment with Python version between 3.7.*x* and 3.11.4 (inclusive)"
    " and ensure that `pip3` is available."
)


def test_the_range_keeps_both_ends() -> None:
    found = [(m.subject, m.spec) for m in read_line(TILELANG)]
    assert found == [("python", ">=3.7,<=3.11.4")]
