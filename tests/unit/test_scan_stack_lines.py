"""outsider17 D4: ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:263 writes the grader's
environment and the author's as releases joined by "+", with no word of need: none was read, so
torch_npu 2.7.1.post4 / 2.10.0 and Python 3.11 / 3.12 were missed. Each release is a soft
mention, what the code is known to run on."""

from __future__ import annotations

from bringup.scan.prose import read_line
from bringup.scan.stacklines import stack_lines

NOTES_263 = (
    "> 比赛官方 docker（`/workspace/docker.txt`）= **Py3.11 + CANN 8.5.0 + torch_npu 2.7.1.post4 + "
    "triton-ascend 3.2.1**。本 workspace = **Py3.12 + CANN 9.1.0-beta.1 + torch_npu 2.10.0 + "
    "triton-ascend 3.2.1**（真 910B3 硬件，非模拟器）。"
)
"""ZyEng-Art/flash_attn_npu@aa59cd6 OPTIMIZATION_NOTES.md:263."""


def test_each_release_of_a_stack_line_is_a_soft_mention() -> None:
    found = [(m.subject, m.spec, m.hard) for m in stack_lines(NOTES_263)]
    assert found == [
        ("python", "==3.11.*", False),
        ("cann", "==8.5.0", False),
        ("torch_npu", "==2.7.1.post4", False),
        ("triton_ascend", "==3.2.1", False),
        ("python", "==3.12.*", False),
        ("cann", "==9.1.0-beta.1", False),
        ("torch_npu", "==2.10.0", False),
        ("triton_ascend", "==3.2.1", False),
    ]
    assert ("torch_npu", "==2.7.1.post4") in [(m.subject, m.spec) for m in read_line(NOTES_263)]


def test_a_line_whose_parts_are_not_all_releases_is_no_stack() -> None:
    assert stack_lines("Ubuntu 20.04 + CUDA 11.8 + the driver of your choice") == []
    assert stack_lines("CANN 8.5.0 + torch_npu 2.7.1") == []  # two parts: any pair of words
    assert stack_lines("a + b + c") == []


def test_a_stack_its_words_refuse_is_no_preference() -> None:
    # review36 (constructed): a label or a remark that refuses the stack
    assert stack_lines("Unsupported: Py3.8 + CUDA 10.2 + torch 1.8") == []
    assert stack_lines("**Py3.8 + CUDA 10.2 + torch 1.8** (not supported)") == []
