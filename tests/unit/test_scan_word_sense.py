"""驱动 read by its neighbours (outsider report 26, defect 7): "Agent 驱动" is "agent-driven",
no driver the repo needs; "确认驱动、CANN…" names the driver. Real lines, with their source."""

from __future__ import annotations

from bringup.scan.prose import read_line


def _subjects(line: str) -> list[str]:
    return [m.subject for m in read_line(line, required=True, vendor="ascend")]


def test_a_driven_thing_is_no_driver() -> None:
    # maoxx241/vllm-ascend-workspace@d403d8eb README.md:132 (was ascend_driver, unversioned)
    line = "- **Agent 驱动，但不依赖 Agent** — 所有操作都可以手动完成，Agent 只是让流程更方便。"
    assert _subjects(line) == []
    # the same repo's README.md:55: a profiler-driven experiment
    line = (
        "| **ascend-triton-kernel-optimization** | 在正确性门禁后执行 profiler 驱动的优化实验 "
        "| 优化已正确的 Triton kernel 时 |"
    )
    assert "ascend_driver" not in _subjects(line)


def test_the_driver_stays_a_driver() -> None:
    # maoxx241/vllm-ascend-workspace@d403d8eb .agents/skills/vllm-ascend-graph-debug/SKILL.md:63
    line = "1. 环境：确认驱动、CANN、torch、torch_npu、vLLM、vLLM Ascend 版本一致且被记录。"
    assert "ascend_driver" in _subjects(line)
    # momo609/mindspeed@7e624cf1 docs/zh/features/virtual-optimizer.md:57 ("because of the
    # driver's limits": the driver, whatever the reader makes of it)
    assert "ascend_driver" in _subjects("- 由于驱动限制，申请为虚拟内存的张量无法被直接访问")
