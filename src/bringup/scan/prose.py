"""Requirements stated in words, English or Chinese, one line at a time.

A line is cut into clauses; in each, a subject ("CANN", "Python", "GCC", "驱动") is followed by
a version phrase (``phrases.read_phrase``). Device counts ("至少两张卡", "at least 2 NPUs"),
chip families ("Atlas 800T A2", "910B"), compute capabilities ("SM90", "Ampere") and
unversioned needs ("install CANN and the driver") have their own patterns. Only clauses that
say something is needed count for the looser patterns, so "tested on 8 NPUs" is not a need.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple, Optional

from bringup.model import Confidence
from bringup.scan.phrases import read_phrase

Vendor = Optional[Literal["ascend", "nvidia"]]

_SUBJECTS: tuple[tuple[str, str], ...] = (
    ("torch_npu", r"\btorch[_-]npu\b"),
    ("vllm_ascend", r"\bvllm[_-]ascend\b"),
    ("triton_ascend", r"\btriton[_-]ascend\b"),
    ("torchvision", r"\btorchvision\b"),
    ("torchaudio", r"\btorchaudio\b"),
    # "Ascend/Intel Extension for PyTorch 26.0.0" is the extension's release, not torch's.
    (
        "torch",
        r"(?<![\w.-])(?<![Ee]xtension for )(?:PyTorch|Pytorch|pytorch|torch)(?![\w-]|\.\w)",
    ),
    ("mindspore", r"\bMindSpore\b"),
    ("vllm", r"(?<![\w-])vLLM(?![\w-])"),
    ("cann", r"\bCANN\b|\bascend[_-]toolkit\b|\bAscend-cann-toolkit\b"),
    ("ascend_firmware", r"(?:昇腾\s*)?(?:NPU\s*)?(?:\bfirmware\b|固件)"),
    (
        "ascend_driver",
        r"(?:昇腾\s*)?(?:NPU|Ascend|昇腾)\s*(?:driver|驱动)|\bHDK\b|\bnpu[_-]driver\b",
    ),
    ("nvidia_driver", r"\bNVIDIA\s+(?:GPU\s+)?drivers?\b|\bnvidia[_-]driver\b"),
    ("driver", r"\bdrivers?\b|驱动(?:程序)?"),
    ("cuda", r"\bCUDA(?:\s+Toolkit)?(?![\w-])|\bcudatoolkit\b"),
    ("cudnn", r"\bcuDNN\b"),
    ("nccl", r"\bNCCL\b"),
    (
        "python",
        r"\b(?:C?Python|python)(?=3\.\d|\s*[\d>=<≥~（(:：]|\s+versions?\b|\s*版本)",
    ),
    ("gcc", r"(?<![\w-])(?:GCC|gcc|[gG]\+\+)(?![\w-])"),
    ("clang", r"\b[Cc]lang\b"),
    ("cmake", r"\b[Cc][Mm]ake\b"),
    ("glibc", r"\b(?:glibc|GLIBC)(?:_(?=\d))?"),
    ("cxx_standard", r"(?:-std=)?[Cc]\+\+\s?(?=\d\d\b)"),
)
_SUBJECT = re.compile("|".join(f"(?P<s{i}>{rx})" for i, (_, rx) in enumerate(_SUBJECTS)))
_CLAUSE_END = re.compile(r"[。；;！!？?|]|\.\s")
_NEGATED_BEFORE = re.compile(
    r"not\s+supported|unsupported|不支持|does\s+not\s+support|doesn't\s+support|"
    r"incompatible|不兼容",
    re.IGNORECASE,
)
_NEGATED_AFTER = re.compile(
    r"^\s*(?:is|are|was|were)?\s*(?:not\s+supported|unsupported|不支持|不被支持)", re.IGNORECASE
)
NEED = re.compile(
    r"\b(?:install|installed|installing|require|requires|required|requirements?|need|needs|"
    r"needed|prerequisites?|depends?|dependency|dependencies|make\s+sure|ensure|must|only|"
    r"supports?|supported)\b|"
    r"安装|需要|依赖|确保|请先|前提|要求|必须|仅|只",
    re.IGNORECASE,
)
UNVERSIONED_SUBJECTS = frozenset(
    {"cann", "ascend_driver", "ascend_firmware", "cuda", "nvidia_driver"}
)

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
_COUNT_EN = re.compile(
    r"(?P<q>\bat\s+least|\ba\s+minimum\s+of|\bminimum\s+of|>=|≥|\bmore\s+than)?\s*"
    r"(?P<n>(?<![A-Za-z0-9.])\d+|\bone|\btwo|\bthree|\bfour|\beight|\bsixteen|\ban?|\bsingle|\bmultiple)\s*"
    r"(?:x\s*|×\s*)?(?:Ascend\s+|NVIDIA\s+|physical\s+)?"
    r"(?P<dev>NPUs?|GPUs?|cards?|devices?|accelerators?)\b"
    # "an accelerator software stack", "a GPU vendor": the device word qualifies another noun.
    r"(?!\s+(?:software|stacks?|vendors?|ecosystems?|librar(?:y|ies)|frameworks?|SDKs?|"
    r"programming|languages?|compan(?:y|ies)|makers?)\b)"
    r"|(?P<multi>\bmulti-?(?:NPU|GPU|card|device))",
    re.IGNORECASE,
)
_COUNT_ZH = re.compile(
    r"(?P<q>至少|最少|不少于|最低)?\s*(?P<n>(?<![A-Za-z0-9.])\d+|十六|一|单|两|二|双|三|四|八|多)\s*"
    r"(?:张|块|个|颗)?\s*(?:昇腾|Ascend\s*|NVIDIA\s*)?(?P<dev>NPU|GPU|加速卡|卡)"
)
_TESTS = re.compile(r"\btests?\b|\btesting\b|测试|用例", re.IGNORECASE)
_UP_TO = re.compile(
    r"(?:up\s+to|per|each|every|without|\bno|最多|每|无需|不需要)\s*$", re.IGNORECASE
)
_NPU_WORDS = re.compile(r"NPU|Ascend|昇腾|CANN|Atlas|HCCL|910|310P", re.IGNORECASE)
_GPU_WORDS = re.compile(r"GPU|CUDA|NVIDIA|NCCL", re.IGNORECASE)

CHIPS: tuple[tuple[str, str], ...] = (
    ("910_93", r"Atlas\s*(?:800[TI]|900|9000|A200T)?\s*A3\b|\b910_93\d*\b|\b910C\b"),
    ("910B", r"Atlas\s*(?:800[TI]|900|200T|300[TI])?\s*A2\b|\b910B\d?(?:-\d)?\b"),
    ("310P", r"\b310P\d?\b|Atlas\s*300I\s*(?:Pro|Duo)|Atlas\s*300V\b"),
    ("310B", r"\b310B\d?\b|Atlas\s*200I\s*(?:DK\s*)?A2"),
    ("950", r"(?:Ascend|Atlas)\s*950"),
    ("910", r"Ascend\s*910(?![\w_])|\b910A\b|\b910ProB?\b"),
)
_CHIP = re.compile("|".join(f"(?P<c{i}>{rx})" for i, (_, rx) in enumerate(CHIPS)), re.IGNORECASE)
_HARDWARE_WORDS = re.compile(
    r"support|hardware|product|device|server|only|run\s+on|支持|硬件|产品|设备|服务器|适用|运行",
    re.IGNORECASE,
)
_SM = re.compile(
    r"\b(?:SM\s?_?|sm_)(?P<sm>\d{2,3})a?\b|compute\s+capability\s*(?:of\s*)?"
    r"(?:>=|≥|at\s+least)?\s*(?P<cc>\d+\.\d)"
)
ARCHITECTURES = {
    "volta": "7.0",
    "turing": "7.5",
    "ampere": "8.0",
    "ada": "8.9",
    "hopper": "9.0",
    "blackwell": "10.0",
}
_ARCH = re.compile(r"\b(Volta|Turing|Ampere|Ada(?:\s+Lovelace)?|Hopper|Blackwell)\b")
PRODUCTS = {
    "v100": "7.0", "t4": "7.5", "a100": "8.0", "a800": "8.0", "a30": "8.0", "a10": "8.6",
    "a10g": "8.6", "a40": "8.6", "l4": "8.9", "l40": "8.9", "l40s": "8.9", "h100": "9.0",
    "h800": "9.0", "h200": "9.0", "gh200": "9.0", "b200": "10.0", "gb200": "10.0",
}  # fmt: skip
"""Data-center GPUs by compute capability (cuda-facts.md section 2, from NVIDIA's
developer.nvidia.com/cuda-gpus list)."""
_PRODUCT = re.compile(r"\b(" + "|".join(sorted(PRODUCTS, key=len, reverse=True)) + r")\b", re.I)
_CONDITION = re.compile(r"\b(?:if|when|whenever)\b|如果|假如|若", re.IGNORECASE)
_FAILURE = re.compile(
    r"\b(?:errors?|fails?|failed|failure|crash(?:es)?|cannot|unable)\b|报错|失败|错误|无法",
    re.IGNORECASE,
)
"""A clause that says what goes wrong under a version condition ("If the GCC version is
earlier than 9.4.0, ... error ... may be reported") states the opposite as the requirement."""
_OLDER_THAN_BEFORE = re.compile(
    r"(?:earlier|older|lower|prior)\s+(?:than|to)\s*$|\bbefore\s*$|早于\s*$|低于\s*$",
    re.IGNORECASE,
)
"""A subject right after "versions earlier than" ("features of versions earlier than GCC 9")
is talked about, not required."""
_INVERTED = {"<": ">=", ">=": "<"}

_NOT_YET = re.compile(
    r"coming\s+soon|not\s+yet|in\s+the\s+future|will\s+be\s+supported|planned|即将|计划支持",
    re.IGNORECASE,
)


class Mention(NamedTuple):
    """One requirement read from a line: ``text`` keeps the words it came from; ``hard`` is
    false for what only tests need ("多卡测试需要至少两张卡"); ``offset`` is where in the
    text the words start (to find their line when a paragraph spans several)."""

    subject: str
    spec: str
    text: str
    confidence: Confidence
    hard: bool = True
    offset: int = 0


def vendor_of(text: str) -> Vendor:
    """Which accelerator the text is about, if it says (NPU words win over GPU words)."""
    if _NPU_WORDS.search(text):
        return "ascend"
    if _GPU_WORDS.search(text):
        return "nvidia"
    return None


def subject_named(text: str) -> str | None:
    """The subject ``text`` names when it is nothing but a name ("昇腾NPU驱动", "torch_npu")."""
    match = _SUBJECT.fullmatch(text.strip())
    return _subject_name(match) if match is not None else None


def _subject_name(match: re.Match[str]) -> str:
    return next(_SUBJECTS[i][0] for i in range(len(_SUBJECTS)) if match.group(f"s{i}"))


def _clauses(line: str) -> list[tuple[int, str]]:
    parts: list[tuple[int, str]] = []
    start = 0
    for end in _CLAUSE_END.finditer(line):
        parts.append((start, line[start : end.start() + 1]))
        start = end.end()
    parts.append((start, line[start:]))
    return [(offset, part) for offset, part in parts if part.strip()]


def read_line(line: str, *, required: bool = False, vendor: Vendor = None) -> list[Mention]:
    """Every requirement stated in ``line``. ``required`` says the line sits in a
    requirements section or table, where looser patterns count; ``vendor`` settles words
    such as "driver" or "cards" when the line itself does not say whose."""
    found: list[Mention] = []
    for start, clause in _clauses(line):
        if _NOT_YET.search(clause):
            continue
        needed = required or bool(NEED.search(clause))
        clause_vendor = vendor_of(clause) or vendor
        mentions = _versioned(clause, needed, clause_vendor)
        if needed:
            for_tests = bool(_TESTS.search(clause))
            loose = device_counts(clause, clause_vendor) + _chips(clause, required)
            mentions.extend(m._replace(hard=not for_tests) for m in loose)
            mentions.extend(_capabilities(clause, required))
        found.extend(m._replace(offset=start + m.offset) for m in mentions)
    return found


def _versioned(clause: str, needed: bool, vendor: Vendor) -> list[Mention]:
    found: list[Mention] = []
    matches = list(_SUBJECT.finditer(clause))
    seen_unversioned: set[str] = set()
    # A subject is negated when a negation ends before it; the first one found ends first
    # (none lies inside another), so one search serves every subject of the clause.
    negation = _NEGATED_BEFORE.search(clause)
    negation_end = negation.end() if negation is not None else len(clause) + 1
    # Likewise a condition ("if", "when") before a subject, in a clause that says something
    # fails, makes its version the failing one; found once per clause, not once per subject.
    condition = _CONDITION.search(clause) if _FAILURE.search(clause) else None
    condition_end = condition.end() if condition is not None else len(clause) + 1
    for index, match in enumerate(matches):
        subject = _subject_name(match)
        if subject == "driver":
            if vendor is None:
                continue
            subject = "ascend_driver" if vendor == "ascend" else "nvidia_driver"
        end = matches[index + 1].start() if index + 1 < len(matches) else len(clause)
        window = clause[match.end() : end]
        negated = negation_end <= match.start()
        phrase = read_phrase(window, subject)
        if phrase is not None and not negated:
            after = window[phrase.length :]
            if _NEGATED_AFTER.match(after):
                phrase = read_phrase(window, subject, negated=True)
        elif phrase is not None:
            phrase = read_phrase(window, subject, negated=True)
        if phrase is not None and not (phrase.explicit or needed):
            continue
        if phrase is not None and _right_before(_OLDER_THAN_BEFORE, clause, match.start()):
            continue
        if phrase is not None and condition_end <= match.start() and _single_bound(phrase.spec):
            operator = "<" if phrase.spec.startswith("<") else ">="
            phrase = phrase._replace(spec=_INVERTED[operator] + phrase.spec[len(operator) :])
        if phrase is not None:
            words = (match.group(0) + window[: phrase.length]).strip()
            confidence: Confidence = "high" if phrase.explicit else "medium"
            found.append(Mention(subject, phrase.spec, words, confidence, offset=match.start()))
        elif needed and subject in UNVERSIONED_SUBJECTS and subject not in seen_unversioned:
            seen_unversioned.add(subject)
            found.append(Mention(subject, "", clause.strip(), "low", offset=match.start()))
    return found


def _single_bound(spec: str) -> bool:
    """Whether ``spec`` is one ``<V`` or ``>=V``: the kind a failure condition inverts."""
    return re.fullmatch(r"(?:<|>=)[^<>=!,|]+", spec) is not None


_LOOKBEHIND = 32
"""How far before a match the words that qualify it ("earlier than", "up to", "每") are
looked for: they stand right before it, and a bounded window keeps a long line linear."""


def _right_before(pattern: re.Pattern[str], clause: str, start: int) -> bool:
    """Whether ``pattern`` (anchored with ``$``) ends where ``start`` is; word boundaries
    still see the text before the window."""
    return pattern.search(clause, max(0, start - _LOOKBEHIND), start) is not None


def device_counts(clause: str, vendor: Vendor) -> list[Mention]:
    """ "at least 2 NPUs", "至少两张卡", "one NPU", "multi-GPU" as ``npu_count``/``gpu_count``."""
    best: dict[str, Mention] = {}
    for pattern in (_COUNT_EN, _COUNT_ZH):
        for match in pattern.finditer(clause):
            if _right_before(_UP_TO, clause, match.start()):
                continue
            groups = match.groupdict()
            if groups.get("multi"):
                count, device = 2, groups["multi"]
            else:
                raw = (groups["n"] or "").strip().lower()
                count = int(raw) if raw.isdigit() else _WORD_NUMBERS.get(raw, 0)
                device = groups["dev"] or ""
                if (groups.get("q") or "").strip().lower() in ("more than",):
                    count += 1
            if count <= 0 or count > 4096:
                continue
            upper = device.upper()
            kind = "npu" if "NPU" in upper else "gpu" if "GPU" in upper else None
            if kind is None:
                kind = {"ascend": "npu", "nvidia": "gpu"}.get(vendor or "")
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


def chips_in(text: str) -> list[str]:
    """Chip families named in ``text``, in order of first mention."""
    names: list[str] = []
    for match in _CHIP.finditer(text):
        name = next(CHIPS[i][0] for i in range(len(CHIPS)) if match.group(f"c{i}"))
        if name not in names:
            names.append(name)
    return names


def _chips(clause: str, required: bool) -> list[Mention]:
    if not (required or _HARDWARE_WORDS.search(clause)):
        return []
    names = chips_in(clause)
    if not names:
        return []
    first = _CHIP.search(clause)
    offset = first.start() if first else 0
    return [Mention("chip", ",".join(names), clause.strip(), "medium", offset=offset)]


def lowest_architecture(archs: list[tuple[str, int]]) -> tuple[str, int, list[str]] | None:
    """For GPU architectures a build targets (``("80", line)`` from ``sm_80`` or
    ``CMAKE_CUDA_ARCHITECTURES 80``): the compute capability spec the oldest one sets, its
    line, and every architecture, sorted. A binary for sm_80 runs on 8.0 and newer."""
    if not archs:
        return None
    arch, line = min(archs, key=lambda item: int(item[0]))
    listed = sorted({a for a, _ in archs}, key=int)
    return f">={arch[:-1]}.{arch[-1]}", line, listed


def _capabilities(clause: str, required: bool) -> list[Mention]:
    values: list[str] = []
    offsets: list[int] = []
    for match in _SM.finditer(clause):
        offsets.append(match.start())
        if match.group("cc"):
            values.append(match.group("cc"))
        else:
            sm = match.group("sm")
            values.append(f"{sm[:-1]}.{sm[-1]}")
    if required or _GPU_WORDS.search(clause):
        for match in _ARCH.finditer(clause):
            offsets.append(match.start())
            values.append(ARCHITECTURES[match.group(1).split()[0].lower()])
        for match in _PRODUCT.finditer(clause):
            offsets.append(match.start())
            values.append(PRODUCTS[match.group(1).lower()])
    if not values:
        return []
    lowest = min(values, key=lambda value: tuple(int(p) for p in value.split(".")))
    return [
        Mention("compute_capability", f">={lowest}", clause.strip(), "medium", offset=min(offsets))
    ]
