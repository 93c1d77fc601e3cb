"""Searching only the lines that hold a word finds what searching the whole text finds, for a
pattern whose matches hold the word and no line break (``heldlines``): the scan's speed work
must not change one answer. The lines quoted are real (source beside each); the documents
around them are constructed, to put a match at a line's edges."""

from __future__ import annotations

import re

import pytest

from bringup.scan.heldlines import found_on_held_lines, held_lines
from bringup.scan.pkgtags import _CPU_END, _CPU_TAG
from bringup.scan.specspans import _imported_or_installed

# hicann/cann-samples README.md:71 (as pkgtags cites it)
_TOOLKITS = (
    "Ascend-cann-toolkit_9.1.0_linux-aarch64.run 和 Ascend-cann-toolkit_9.1.0_linux-x86_64.run"
)
# Ascend/mspti@a3891605 docs/en/release_notes.md:12 (as pkgtags cites it)
_PROFILER = "mindstudio-profiler-tools-interface_26.0.0-alpha.1_x86_64.run"


def test_held_lines_are_each_line_holding_the_word_once() -> None:
    text = "a 64 and 64\nnone\n64\nlast 64"  # constructed
    assert [text[s:e] for s, e in held_lines(text, "64")] == ["a 64 and 64", "64", "last 64"]


@pytest.mark.parametrize(
    "text",
    [
        f"# 安装\n{_TOOLKITS}\n",  # constructed around the real line
        f"{_PROFILER}",
        # the package's own name opening a line: the look-behind sees the line break
        "_x86_64.run\n",
        "build 64 bits\nlinux-x86_64.run is named on the next line\n",
        "no cpu here, 64 GB of memory\n",
        "",
    ],
)
def test_cpu_tag_found_on_held_lines_as_in_the_whole_text(text: str) -> None:
    whole = _CPU_TAG.search(text) is not None
    assert found_on_held_lines(_CPU_TAG, text, _CPU_END) is whole


# MindIE-LLM src/kernels/setup.py:23 ``import torch_npu`` (the repo of /work/eval/speed5)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("import os\nimport torch_npu\n", True),
        ("x = 1  # import torch_npu\n", False),  # constructed: ``^`` holds at a line's start only
        ("pip3 install Torch-NPU==2.1.0\n", True),  # constructed: case-folded, one separator
        ("print('torch_npu')\nimport torch\n", False),  # constructed
    ],
)
def test_import_found_on_held_lines_as_in_the_whole_text(text: str, expected: bool) -> None:
    pattern = _imported_or_installed("torch-npu")
    assert (pattern.search(text) is not None) is expected
    assert found_on_held_lines(pattern, text, "torch", text.lower()) is expected


def test_a_pattern_spanning_lines_is_not_for_held_lines() -> None:
    """The rule the module states: a match across a line break is missed (the reason every
    caller's pattern must hold none)."""
    spanning = re.compile(r"torch\nnpu")
    assert spanning.search("torch\nnpu") is not None
    assert not found_on_held_lines(spanning, "torch\nnpu", "torch")
