"""Which chip families a clause says the repo runs on, and which it refuses.

A clause that names a chip as unsupported ("**不支持昇腾310P系列产品**", "Atlas inference series
products are not supported.", Ascend/mssanitizer user guides) says the repo does NOT run on it:
no need of it. Chinese "支持" before a chip ("本样例支持昇腾Atlas A2环境的单卡训练和推理",
cann-recipes-spatial-intelligence) reads as English "supports" does, a word of need for chips;
without it a Chinese support line named its chip for nothing while the English one stated it.
"""

from __future__ import annotations

import bisect
import re

from bringup import lazyre
from bringup.scan.prose_hedges import NEGATED_BEFORE
from bringup.scan.prose_vocabulary import vocabulary

_SUPPORT = lazyre.compile(r"\bsupport(?:s|ed|ing)?\b|支持", re.IGNORECASE, guard=True)
"""A word that the repo can use what follows; one after a negation lifts it for what follows
("不支持310P, 支持Atlas A2训练系列产品")."""

_REFUSED_AFTER = lazyre.compile(
    r"(?:\s{0,4}(?:series|products?|chips?|devices?|系列|产品|芯片|设备)){0,4}\s{0,4}"
    r"(?:(?:is|are)\s{1,4})?(?:not\s{1,4}(?:yet\s{1,4})?supported|unsupported|"
    r"(?:暂|暂时|目前|当前)?不(?:被)?支持)",
    re.IGNORECASE,
)
"""Product words then a refusal after a chip: "Atlas inference series products are not
supported" (Ascend/mssanitizer docs/en/user_guide/mssanitizer_user_guide.md:111), "310P系列产品暂
不支持". Each repetition is one bounded word, so a long line is read in linear time."""

_REMOVED_BEFORE = lazyre.compile(
    r"\b(?:remove|delete|comment\s{1,4}out)\b|移除|删除|去掉|去除|注释掉", re.IGNORECASE
)
"""A word that takes a chip's configuration out of the build: "需要移除op_host内和CMakeLists.txt内
的Atlas 训练系列产品的配置" (hansheng1001/AscendCContest@4904517
09Spence/FrameworkLaunch/README.md:74, to use dump, remove the Atlas training series
configuration) names a chip the feature does without, not one it needs (outsider20 D17).
Only for a chip in its object: ``_OBJECT_ENDS`` between the two says the chip is not."""

_OBJECT_ENDS = lazyre.compile(
    r"[,;:\uff0c\uff1b\uff1a\u3002]|后|然后|之后|以后|再|并|在|上"
    r"|运行|使用|部署|执行|编译|训练|推理|测试|安装"
    r"|\b(?:and|then|before|after|to|on|for\s+use|"
    r"(?:re)?run\w*|use[sd]?|using|deploy\w*|execut\w*|launch\w*|train\w*|test\w*|"
    r"build\w*|install\w*|compil\w*)\b",
    re.IGNORECASE,
)
"""What ends a removal's object before a chip: a clause's punctuation, a word of sequence or
place, a verb of use. "删除旧的build目录后在Atlas A2训练系列产品上运行本样例" (delete the old build
folder, then run the sample on Atlas A2 training products; review39, o20a's fix read it as
refusing the chip) removes the folder, not the chip; "Remove the old build folder and run on
Ascend 910B" likewise. A list's "和" ("移除op_host内和CMakeLists.txt内的Atlas 训练系列产品的配置")
stays inside the object."""

CHIP_USE = lazyre.compile(
    r"支持|在[^\uff0c\u3002\uff1b,;]{1,40}上(?:运行|使用|部署)"
    r"|\b(?:runs?|running)\s{1,4}on\b",
    re.IGNORECASE,
    guard=True,
)
"""Words of need for the chips a clause names, where no other word of need is: Chinese "支持"
(``chipwords`` docstring), and the hardware the repo is said to run on: "你可以在Ascend910芯片上
使用deepspeed" (Ascend/DeepSpeed README.md:3, with deepspeed_npu you can use deepspeed on the
Ascend910 chip), "runs on Ascend 910B NPUs". Not "we use X on <chip>": that tells the authors'
own set-up (review37). ``devices.chips`` still wants a hardware word beside the chip."""


def refused(clause: str, spans: list[tuple[int, int]]) -> list[bool]:
    """For each chip named at ``spans`` of ``clause``, whether the clause refuses it: a
    negation, or a removal (``_REMOVED_BEFORE``) whose object holds it, before it with no
    "supports" between ("does not support Ascend 310P"), or a refusal right after it
    ("Ascend 310P is not supported").
    The negations and supports are found once per clause: one search per chip re-read a long
    list of chips (48 KB, 46 s)."""
    negations = [m.end() for m in NEGATED_BEFORE.finditer(clause)]
    removals = [m.end() for m in _REMOVED_BEFORE.finditer(clause)]
    supports = [m.start() for m in _SUPPORT.finditer(clause)]
    answers = []
    for start, end in spans:
        if _REFUSED_AFTER.match(clause, end) is not None:
            answers.append(True)
            continue
        before = bisect.bisect_right(negations, start)
        negated_at = negations[before - 1] if before else -1
        removed = bisect.bisect_right(removals, start)
        # The nearest removal only: what ends its object ends an earlier one's too.
        if removed and _OBJECT_ENDS.search(clause, removals[removed - 1], start) is None:
            negated_at = max(negated_at, removals[removed - 1])
        if negated_at < 0:
            answers.append(False)
            continue
        lifted = bisect.bisect_left(supports, negated_at) < bisect.bisect_left(supports, start)
        answers.append(not lifted)
    return answers


_LISTED = lazyre.compile(
    r"\s{0,3}(?:[、/,\uff0c&]|\band\b|\bor\b|以及|和|与|及)\s{0,3}([A-Z]\d{1,2})(?![A-Za-z0-9])"
)
"""A list separator, then a chip shorthand: the family prefix written once for the list ("当前适用于
Atlas A2、A3系列产品", hicann/ops-nn docs/zh/install/quick_install.md:17; "Atlas A2/A3")."""


def listed_after(clause: str, end: int) -> list[str]:
    """The chip shorthands listed right after a chip named up to ``end`` of ``clause``, each
    written out as the name it stands for ("Atlas A3"): the list's later members share the
    first one's prefix, and "A3" alone names no chip."""
    shorthands = vocabulary().shorthands
    found: list[str] = []
    match = _LISTED.match(clause, end)
    while match is not None and match.group(1) in shorthands:
        found.append(shorthands[match.group(1)])
        match = _LISTED.match(clause, match.end())
    return found
