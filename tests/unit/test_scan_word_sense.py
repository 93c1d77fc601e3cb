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


def test_a_device_or_product_word_keeps_the_driver() -> None:
    # constructed (review 26b H2): the word before 驱动 is a device, toolkit or product name,
    # in any case; only a listed verb-maker ("Agent", "数据") makes it "-driven"
    for line in (
        "请先安装Atlas 800I A2 驱动，再安装CANN",
        "安装910B 驱动",
        "安装 Atlas 300I Duo 驱动",
        "需要安装CANN 驱动",
        "安装 Ascend HDK 25.0.RC1 驱动",
        "安装 npu 驱动",
    ):
        assert "ascend_driver" in _subjects(line), line
    assert _subjects("该工具由 agent 驱动，无需手动操作") == []


def test_a_lowercase_device_driver_keeps_its_version() -> None:
    # constructed (review 26b H2, /tmp/rev26b/dr2/README.md)
    line = "运行前需要安装 npu 驱动，版本不低于 23.0.0。"
    found = read_line(line, required=True, vendor="ascend")
    assert [(m.subject, m.spec) for m in found] == [("ascend_driver", ">=23.0.0")]
