"""Which sense a word has by its neighbours: 驱动 is a driver, or "-driven" / "to drive".

"**Agent 驱动" (maoxx241/vllm-ascend-workspace@d403d8eb README.md:132) is
"agent-driven, not agent-dependent", no driver the repo needs; "数据驱动" is data-driven,
"配置参数来驱动测试用例" is "to drive the test cases". "安装NPU驱动和固件", "由驱动进行安全校验"
("the driver checks"), "驱动版本" name the driver.
"""

from __future__ import annotations

import re

from bringup import lazyre

_BEFORE = lazyre.compile(
    r"(?:(?<![A-Za-z0-9])(?i:agent|agentic|ai|llm|profiler|event|data|model|prompt|config|test)"
    r"|数据|元数据|消息|事件|测试|模型|需求|意图|配置|参数|业务|任务|指令|中断|机制|策略|规则|场景|"
    r"信号|创新|技术|来)\s?$"
)
"""The word right before 驱动 that makes it a verb, a closed list: a Latin word any case
("Agent 驱动", "profiler 驱动的"), an abstract noun ("数据驱动", "事件驱动"), or a purpose word
("来驱动"). Any other word keeps the driver: a device, vendor or toolkit ("npu 驱动", "CANN 驱动")
and a product name with digits ("910B 驱动", "Atlas 800I A2 驱动", "25.0.RC1 驱动")."""
_AFTER_NOUN = lazyre.compile(r"^(?:程序|版本|包|固件|安装|与固件|和固件|及固件)")
"""What follows the noun: "驱动版本", "驱动程序", "驱动固件包"."""


def driven(clause: str, start: int, end: int) -> bool:
    """Whether the bare 驱动 at ``clause[start:end]`` is the verb ("-driven", "to drive"),
    not a driver."""
    if clause[start:end] != "驱动" or _AFTER_NOUN.match(clause, end):
        return False
    return _BEFORE.search(clause, max(0, start - 24), start) is not None


def driver_words(clause: str, matches: list[re.Match[str]]) -> list[re.Match[str]]:
    """``matches`` without a 驱动 that is the verb."""
    return [m for m in matches if not driven(clause, m.start(), m.end())]
