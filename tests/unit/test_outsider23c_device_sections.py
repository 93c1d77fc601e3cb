"""A device count that names a section or a link ("[multi-GPU](#multi-gpu-training) section")
says where to read, not what the repo needs (session-23c outside tester, D4: llm.c "needs
GPUs >= 2" from its multi-node section, though its quick start runs on 1 GPU). And a refused
generation "or lower" leaves the next one as the floor (D14: "does not support Maxwell or lower"
read as compute capability >= 5.0, Maxwell's own)."""

from __future__ import annotations

from bringup.scan.devicecounts import device_counts
from bringup.scan.devices import capabilities


def test_a_link_to_the_multi_gpu_section_is_no_count() -> None:
    # karpathy/llm.c@f1e2ace6 README.md:158 (verbatim)
    line = (
        "Make sure you've installed `NCCL` following instructions from "
        "[multi-GPU](#multi-gpu-training) section."
    )
    assert device_counts(line, "nvidia") == []


def test_a_count_the_clause_asks_for_stays() -> None:
    # constructed: the same words asking for the devices
    line = "Make sure you have multi-GPU nodes with NCCL installed."
    assert [m.spec for m in device_counts(line, "nvidia")] == [">=2"]


def test_refusing_a_generation_or_lower_leaves_the_next_one() -> None:
    # AutoGPTQ/AutoGPTQ@9f7d3707 README.md:59 (verbatim); setup.py:114 "requires Pascal or higher"
    line = (
        "On NVIDIA systems, AutoGPTQ does not support [Maxwell or lower]"
        "(https://qiita.com/uyuni/items/733a93b975b524f89f46) GPUs."
    )
    assert [m.spec for m in capabilities(line, True, "nvidia")] == [">=6.0"]


def test_a_generation_or_newer_is_its_own_floor() -> None:
    # constructed
    assert [m.spec for m in capabilities("Needs a Pascal or newer GPU.", True, "nvidia")] == [
        ">=6.0"
    ]
