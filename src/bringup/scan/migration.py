"""What a migration guide leaves behind: the stack a sentence migrates from, or sets the
repo's own ways against or likens them to, is no need of the repo's ("从 CUDA 迁移到 Ascend C",
"migrating models from CUDA", "这与 CUDA 中相对透明的 cache 层级不同", "unlike CUDA",
"类比于CUDA")."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import right_before

_MIGRATED_FROM = lazyre.compile(
    r"(?:\b(?:migrat\w{0,5}|port(?:s|ing|ed)?|mov(?:e|es|ing|ed))\s{1,3}(?:[\w-]{1,20}\s{1,3}){0,2}"
    r"from|从|\bunlike|\bcompared\s{1,3}(?:to|with)|\bin\s{1,3}contrast\s{1,3}to|不同于|区别于|"
    r"相比于?|与|类比于?|类似于|相当于|\banalogous\s{1,3}to|\bakin\s{1,3}to|"
    r"\b(?:the\s{1,3})?equivalent\s{1,3}(?:to|of))\s{0,3}$",
    re.IGNORECASE,
)
"""... also a likeness that explains the repo's own stack by another: "类比于CUDA" after
"首先需要安装最新的CANN包" (install CANN, which is analogous to CUDA,
KaihuaTang/LLM-TP-Inference-on-910B@e1c3284 README.md:15, outsider8 #8): CANN is the need,
CUDA only the comparison."""
_MIGRATING = lazyre.compile(r"^\W{0,3}[^\uff0c,\u3002\uff1b;\s]{0,12}\s{0,3}(?:迁移|移植)")
_STOP = r"\uff0c,\u3002\uff1b;:\uff1a!\uff01?\uff1f\s"
_SET_AGAINST = lazyre.compile(
    rf"^[^\uff0c,\u3002\uff1b;]{{0,20}}?(?:相比|类似|相似|(?:不同|区别)[^{_STOP}]{{0,2}}(?:[{_STOP}]|$))"
)
""""与 X" sets X against the repo's own ways only with a word of difference or likeness after it
("这与 CUDA 中相对透明的 cache 层级不同", hicann/mat-chem-sim-pred@fef85c9b FAQ.md:59); "与"
alone joins ("安装 CANN 与 CUDA"). A difference ends its clause (a stop within two characters
of 不同/区别): "请勿使用与 CANN 8.0.RC1 不同的版本" demands that release, its clause going on
to what differs."""
_NEEDED_BACK = lazyre.compile(
    r"(?:[^.\u3002;\uff1b!?]|\.(?=\S)){0,200}?\b(?:requires?|needs?)\s{1,3}(?:it|them)\b",
    re.IGNORECASE,
)
"""A need verb later in the sentence that points back at the stack it was ported from ("Ported
from CUDA 11.8: building the reference kernels requires it"): a need after all."""
_USE_NOT = lazyre.compile(r"(?:请勿|不要|不能|切勿|禁止)\s{0,2}使用\s{0,2}$")
"""A negated use before "与" ("请勿使用与 X 不同的…"): what differs from X is barred, X needed."""


_ORIGINAL = lazyre.compile(
    r"原版|原始(?:代码|版本|实现)|\b(?:the\s+)?original\s+(?:code|version|implementation|"
    r"repo(?:sitory)?|project)\b",
    re.IGNORECASE,
)
"""The code a port started from, said of in the same part of the clause ("原版 `nanochat/
common.py` 中的 `compute_init()` 函数硬编码了 CUDA 支持", then "must be changed to support
the NPU", zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:219): what it did, left."""
_PART = ",\uff0c;\uff1b"


def migrated_from(clause: str, start: int, end: int) -> bool:
    """Whether the subject at ``clause[start:end]`` is what a migration starts from, no
    need: "对于从 CUDA 迁移到 Ascend C 的开发者" (hicann/mat-chem-sim-pred@fef85c9b FAQ.md:55),
    "when migrating models from CUDA": the guide is for leaving it. "从 X" says so only with
    迁移/移植 right after X ("从源码安装" installs from the sources). So is what the original
    code does (``_ORIGINAL``)."""
    part = max(clause.rfind(mark, 0, start) for mark in _PART) + 1
    if _ORIGINAL.search(clause, part, start) is not None:
        return True
    if not right_before(_MIGRATED_FROM, clause, start):
        return False
    before = clause[max(0, start - 4) : start].rstrip()
    if before.endswith("从"):
        return _MIGRATING.match(clause[end:]) is not None
    if before.endswith("与"):
        if right_before(_USE_NOT, clause, clause.rindex("与", 0, start)):
            return False
        return _SET_AGAINST.match(clause[end:]) is not None
    return _NEEDED_BACK.match(clause, end) is None
