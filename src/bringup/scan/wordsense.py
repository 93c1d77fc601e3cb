"""Which sense a word has by its neighbours: 驱动 is a driver, or "-driven" / "to drive".

"**Agent 驱动" (maoxx241/vllm-ascend-workspace@d403d8eb README.md:132) is
"agent-driven, not agent-dependent", no driver the repo needs; "数据驱动" is data-driven,
"配置参数来驱动测试用例" is "to drive the test cases". "安装NPU驱动和固件", "由驱动进行安全校验"
("the driver checks"), "驱动版本" name the driver.
"""

from __future__ import annotations

import re

from bringup import lazyre

_DRIVER_OWNERS = lazyre.compile(
    r"^(?:[A-Z]?PU|GPU|NPU|XPU|MLU|DCU|TPU|HDK|Ascend|NVIDIA|Nvidia|CUDA|ROCm|AMD|Intel|Linux|"
    r"Windows|kernel|Kernel|USB|PCIe|RDMA|NIC|nvidia|ascend)$"
)
"""A Latin word a driver belongs to ("NPU 驱动", "NVIDIA 驱动"): the noun's owner."""
_BEFORE = lazyre.compile(
    r"(?:(?P<latin>[A-Za-z][A-Za-z0-9+-]*)|(?P<han>数据|元数据|消息|事件|测试|模型|需求|意图|"
    r"配置|参数|业务|任务|指令|中断|机制|策略|规则|场景|信号|创新|技术|来))\s?$"
)
"""The word right before 驱动 that makes it a verb: a Latin word that owns no driver
("Agent", "AI", "LLM"), an abstract noun ("数据驱动", "事件驱动"), or a purpose word ("来驱动")."""
_AFTER_NOUN = lazyre.compile(r"^(?:程序|版本|包|固件|安装|与固件|和固件|及固件)")
"""What follows the noun: "驱动版本", "驱动程序", "驱动固件包"."""


def driven(clause: str, start: int, end: int) -> bool:
    """Whether the bare 驱动 at ``clause[start:end]`` is the verb ("-driven", "to drive"),
    not a driver."""
    if clause[start:end] != "驱动" or _AFTER_NOUN.match(clause, end):
        return False
    before = _BEFORE.search(clause, max(0, start - 24), start)
    if before is None:
        return False
    latin = before.group("latin")
    return latin is None or not _DRIVER_OWNERS.match(latin)


def driver_words(clause: str, matches: list[re.Match[str]]) -> list[re.Match[str]]:
    """``matches`` without a 驱动 that is the verb."""
    return [m for m in matches if not driven(clause, m.start(), m.end())]
