"""A device count that names a section or a link ("[multi-GPU](#multi-gpu-training) section")
says where to read, not what the repo needs (session-23c outside tester, D4: llm.c "needs
GPUs >= 2" from its multi-node section, though its quick start runs on 1 GPU)."""

from __future__ import annotations

from bringup.scan.devices import device_counts


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
