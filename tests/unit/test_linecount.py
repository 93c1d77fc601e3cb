"""``linecount.line_counter``: the line of each offset, as counting the line breaks before it
gives, in any order of offsets; and a reader numbering many matches (attorch's kernel module
grown to 20,000 kernels) in one pass over the text, not one a match."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bringup.linecount import line_counter
from bringup.scan.tritonkernels import triton_kernels
from cpuclock import cpu_seconds

KERNELS_6_14 = (
    "import triton\nimport triton.language as tl\n\n\n\n\n\n@triton.jit\ndef sigmoid(input):\n"
)
"""BobMcDear/attorch@67c2772 attorch/act_kernels.py:6-14 (lines 8-12, a relative import, blank
here), as tests/unit/test_outsider40_triton_library.py keeps it."""


@given(st.text(alphabet="a\n\u4e2d", max_size=60), st.lists(st.integers(0, 60), max_size=12))
def test_each_offset_gets_the_line_counting_gives(text: str, offsets: list[int]) -> None:
    line = line_counter(text)
    for offset in offsets:
        assert line(offset) == text.count("\n", 0, offset) + 1


def test_many_kernels_are_numbered_in_one_pass() -> None:
    kernel = "@triton.jit\ndef sigmoid(input):\n    return input\n\n\n"  # act_kernels.py:13-14
    text = KERNELS_6_14 + kernel * 20_000
    start = cpu_seconds()
    lines = triton_kernels(text)
    assert cpu_seconds() - start < 1.5
    assert lines[:2] == [8, 10]
    assert lines[-1] == 10 + 5 * 19_999
