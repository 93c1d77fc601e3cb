"""How many devices a clause says a repo needs ("至少两张卡", "at least 2 <devices>",
"multi-<device>"), and the words that make a count no need: a bound, a condition, a caption,
a section's name, a mode the repo supports. Apart from ``devices``, which reads the other
hardware a clause states, since the count's readers are a grammar of their own."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Confidence
from bringup.scan.mention import Mention, right_before
from bringup.scan.prose_vocabulary import Vendor, device_kind_of, vocabulary

_WORD_NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "eight": 8,
    "sixteen": 16,
    "multiple": 2,
    "一": 1,
    "单": 1,
    "两": 2,
    "二": 2,
    "双": 2,
    "三": 3,
    "四": 4,
    "八": 8,
    "十六": 16,
    "多": 2,
}
_UP_TO = lazyre.compile(
    r"(?:up\s+to|per|each|every|without|\bno|最多|每|无需|不需要"
    # a count the text refuses: 'not supported on 2 GPUs', 'cannot use 2 NPUs', 不支持使用多张卡
    r"|\bnot\s+support(?:ed|s)?(?:\s+(?:on|with|using|for))?|\bcan(?:not|'t)\s+use"
    r"|不支持(?:使用)?|不能(?:使用)?|不可(?:以)?(?:使用)?"
    # a cap per process or node: '每个进程只支持使用1张NPU卡' (Ascend/torchair
    # docs/zh/overview.md:35); '本模型仅支持8卡训练' states the need
    r"|(?:进程|节点)[^\uff0c\u3002,]{0,4}[只仅](?:支持|能)(?:使用)?"
    # a count given as an example: "如8卡" (such as 8 cards)
    r"|如)\s*$",
    re.IGNORECASE,
)
_OPENS_CONDITION = lazyre.compile(
    r"\b(?:if|when|whenever|unless|in\s+(?:the\s+)?case\s+of)\b"
    r"|如果|假如|倘若|若|一旦|如(?=需|要|使用|有)|当(?![前然])",
    re.IGNORECASE,
)
_CLOSES_CONDITION = lazyre.compile(
    r"(?:情况|场景|环境|模式)下|的时候|的话|(?<![同及实临小耗按准])时(?![间长刻效代])"
)
"""The words that open a condition before a count ("if you use multiple GPUs", 如果/若/当 ...)
or, in Chinese, close one after it ("在多卡情况下", "使用8卡时", "多卡的话")."""
_PART_END = lazyre.compile(r"[,;:!?\u3002\uff0c\uff1b\uff1a\uff01\uff1f]")
_CONDITION_REACH = 48
"""How far from a count, within its part of the clause, a condition's words are looked for."""


def _in_condition(clause: str, start: int, end: int) -> bool:
    """Whether the count at ``start:end`` lies inside a condition, which says what to do on
    so many devices, not that the repo needs them: "在多卡情况下" ... "你需要按照实际情况修改
    tensor_to_npu函数" (with several cards, adapt the function;
    HowXu/alphafold3-pytorch-npu@f1b109e0 README.MD:48), "if you have a GPU running on a
    Linux host" (ai-dynamo/nixl@8770b655 README.md:38), "如果需要多卡或多节点并行"
    (hicann/mat-chem-sim-pred@fef85c9b FAQ.md:130). Only the words of the count's own part
    (to a comma or a sentence's end) count: "If you want to train, you need 8 GPUs" still
    needs them."""
    before = clause[max(0, start - _CONDITION_REACH) : start]
    ends = list(_PART_END.finditer(before))
    if _OPENS_CONDITION.search(before, ends[-1].end() if ends else 0) is not None:
        return True
    after = clause[end : end + _CONDITION_REACH]
    cut = _PART_END.search(after)
    return _CLOSES_CONDITION.search(after, 0, cut.start() if cut else len(after)) is not None


_CAPTION = lazyre.compile(r"(?:图|表|\bFig(?:ure)?\.?|\bTable)\s*\**\s*$", re.IGNORECASE)
"""A number that labels a figure or a table, no count ("**图 7**  accelerator=huawei-Ascend910
标签", Ascend/MindIE-Motor@5dfb024e docs/zh/user_guide/service_deployment/
environment_preparation.md:217)."""
_SINGLE_SAID = lazyre.compile(
    r"\b(?:an?|one|on|with|using|in|to|requires?|needs?|needed|required)\s{1,3}$", re.IGNORECASE
)
"""The words before "single <device>" that make it a count ("runs on a single GPU", "requires
single NPU"); without them it names a mode: "we support single GPU CPU offloading"
(pytorch/ao@36027d82 README.md:257), "If True then non-MPI (single GPU) build will be forced"
(NVIDIA/AMGX@3188dce5 README.md:65) say what one GPU gets, not that one is needed."""
_SUPPORTS = lazyre.compile(
    r"(?<!\bonly\s)(?<!仅)(?<!只)(?:\bsupport(?:s|ed|ing)?\b|支持)", re.IGNORECASE, guard=True
)
"""A word saying the repo can use what follows ("Support distributed training & testing with
multiple GPUs and multiple machines", open-mmlab/OpenPCDet@8cacccec README.md:134; "支持多卡训练"):
"only supports" (仅支持, 只支持) still limits it."""


_UNTESTED = lazyre.compile(
    r"\b(?:has|have|is|are|was|were)\s+not\s+(?:yet\s+)?(?:been\s+)?(?:tested|verified|validated)\b"
    r"|\b(?:untested|not\s+(?:yet\s+)?tested)\b|未(?:经)?(?:测试|验证)",
    re.IGNORECASE,
)
"""A clause saying its setup was never tried ("Multi-GPU setups **have not been tested** and may
require further optimization", dgme-syz/trans0-NPU@0b38c07a README.md:93, outsider29 D6: was
``gpu_count >=2``): a count there is no need, nor a claim that the repo uses such devices."""

_INDEFINITE = frozenset({"multi", "multiple", "多"})

_SECTION_AFTER = lazyre.compile(
    r"\]\(|\s*(?:section|chapter|guide|tutorial|docs?)\b|\s*(?:部分|章节|教程)", re.IGNORECASE
)
"""What follows a count that is a heading's or page's name ("following instructions from
[multi-GPU](#multi-gpu-training) section", karpathy/llm.c@f1e2ace6 README.md:158): the words
name where to read, not what the repo needs."""


def _names_a_section(clause: str, start: int, end: int) -> bool:
    """Whether the count at ``start``-``end`` is a link's text or target, or a section's name."""
    opened = clause.rfind("](", 0, start)
    in_target = opened >= 0 and ")" not in clause[opened:start]
    return in_target or _SECTION_AFTER.match(clause, end) is not None


_SINGLE = lazyre.compile(
    r"单(?:机单)?(?:张|个)?(?:卡|GPU|NPU)|\bsingle[\s-]{1,3}(?:GPU|NPU|card|device)s?\b"
    r"|\bone[\s-](?:GPU|NPU)\b",
    re.IGNORECASE,
)
_MODES_REACH = 24
"""How far from an indefinite count the single-device mode listed beside it is looked for."""


_COVERS = lazyre.compile(
    r"\binclud(?:e|es|ed|ing)\b|\bsuch\s+as\b|\bcover(?:s|ed|ing)?\b|\be\.\s?g\.|包括|包含|涵盖",
    re.IGNORECASE,
)
"""Words that list what something covers ("高级用法请参考 examples/README_zh.md (包括多 GPU
微调)", advanced usage, including multi-GPU fine-tuning: hiyouga/LLaMA-Factory@ff6d4d12
README_zh.md:681): an indefinite count after them, in its own part of the clause, is one of
the topics or features listed, as after "supports"."""


def _supported_many(clause: str, start: int, said: str) -> bool:
    """Whether an indefinite count ("multiple <devices>", "multi-<device>", "多卡") is what the
    clause says the repo supports or covers (``_COVERS``): a capability, which one device also
    runs, no need of two; or one of the modes listed beside a single device's ("单卡、多卡、
    混合环境", the cases a port handles, zhonganbi102-netizen/nano-chat-NPU@fe64c6dd
    README.md:296; "single-GPU and multi-GPU training")."""
    if said.lower() not in _INDEFINITE:
        return False
    if _SUPPORTS.search(clause, 0, start) is not None:
        return True
    ends = list(_PART_END.finditer(clause, 0, start))
    if _COVERS.search(clause, ends[-1].end() if ends else 0, start) is not None:
        return True
    near = clause[max(0, start - _MODES_REACH) : start + _MODES_REACH]
    return _SINGLE.search(near) is not None


def device_counts(clause: str, vendor: Vendor) -> list[Mention]:
    """ "at least 2 <devices>", "至少两张卡", "multi-<device>" as the count subject of the device
    kind the words (or else ``vendor``) name: that backend's ``DeviceFacts.count_subject``. A
    count the words right before bound or refuse ("up to 8", "per", 不支持使用多张卡) is none."""
    words = vocabulary()
    best: dict[str, Mention] = {}
    if _UNTESTED.search(clause) is not None:
        return []
    for pattern, named in zip((words.count_en, words.count_zh), words.count_words):
        if named.search(clause) is None:  # every count names its device
            continue
        for match in pattern.finditer(clause):
            if (
                right_before(_UP_TO, clause, match.start())
                or right_before(_CAPTION, clause, match.start())
                or _in_condition(clause, match.start(), match.end())
                or _names_a_section(clause, match.start(), match.end())
            ):
                continue
            groups = match.groupdict()
            if groups.get("multi"):
                count, device = 2, groups["multi"]
            elif (
                (groups.get("n") or "").lower() == "single"
                and not groups.get("q")
                and not right_before(_SINGLE_SAID, clause, match.start("n"))
            ):
                continue
            else:
                raw = (groups["n"] or "").strip().lower()
                count = int(raw) if raw.isascii() and raw.isdigit() else _WORD_NUMBERS.get(raw, 0)
                device = groups["dev"] or ""
                if (groups.get("q") or "").strip().lower() in ("more than",):
                    count += 1
            if count <= 0 or count > 4096:
                continue
            said = "multi" if groups.get("multi") else (groups.get("n") or "").strip()
            if _supported_many(clause, match.start(), said):
                continue
            upper = device.upper()
            said = [kind for word, kind in words.kinds.items() if word in upper]
            kind = said[0] if said else device_kind_of(vendor)
            if kind is None:
                continue
            confidence: Confidence = "high" if groups.get("q") else "medium"
            mention = Mention(
                f"{kind}_count",
                f">={count}",
                match.group(0).strip(),
                confidence,
                offset=match.start(),
            )
            held = best.get(kind)
            if held is None or (count, confidence == "high") > (
                int(held.spec[2:]),
                held.confidence == "high",
            ):
                best[kind] = mention
    return list(best.values())
