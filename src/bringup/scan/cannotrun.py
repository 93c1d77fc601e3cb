"""A sentence that says something cannot run: the subject before the failing words is what
fails ("CUDA graphs do not work here"), no need; with a lacking word before it ("没有 CANN 环境无法
运行本项目") or after the failing words ("cannot run without CANN") it is the need."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import right_before

IN_CLAUSE = r"(?:(?!\bbut\b|\bhowever\b|但)[^，,。；;]){0,16}$"
"""The reach of words right before a subject: no further than its clause, nor past a contrast."""

_CANNOT_RUN = lazyre.compile(
    r"[^\uff0c,\u3002\uff1b;.]{0,12}?(?:(?:无法|不能|不可以?)[^\uff0c,\u3002\uff1b;]{0,24}?"
    r"(?:运行|工作|使用)|\b(?:cannot|can['’]?t|could\s+not|does\s+not|doesn['’]t|do\s+not|"
    r"don['’]t|will\s+not|won['’]t)\s+(?:\w+\s+)?(?:run|work|be\s+used)\b)",
    re.IGNORECASE,
)
"""What the words right after a subject say cannot run or work ("标准的 PyTorch + CUDA 环境无法
直接在 NPU 上运行", zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:19: a CUDA setup does
not run on the NPU; "CUDA graphs do not work here"): the subject is what fails, no need."""


_LACKING = lazyre.compile(
    rf"(?:没有|缺少|缺乏|若无|\bwithout|\bmissing|\bno\b(?!\s+need)){IN_CLAUSE}", re.IGNORECASE
)
_FAILS_WITHOUT = lazyre.compile(
    r"(?:(?:无法|不能)\s*(?:运行|工作|使用)|\b(?:cannot|can['’]?t|could\s+not|does\s+not|"
    r"doesn['’]t|do\s+not|don['’]t|will\s+not|won['’]t)\s+(?:\w+\s+)?(?:run|work|be\s+used))"
    r"\s+without\s+(?:(?:the|an?)\s+)?$",
    re.IGNORECASE,
)


def fails_without(clause: str, start: int, end: int) -> bool:
    """Whether the clause says the code fails for lack of the subject ("没有 CANN 环境无法运行本
    项目", "cannot run without CANN"): the subject is needed, though a lacking word comes
    before it and a failing one after."""
    if right_before(_FAILS_WITHOUT, clause, start):
        return True
    return right_before(_LACKING, clause, start) and bool(_CANNOT_RUN.match(clause, end))


def fails_itself(clause: str, end: int) -> bool:
    """Whether the words right after a subject ending at ``end`` say it cannot run or work."""
    return bool(_CANNOT_RUN.match(clause, end))
