"""A sentence that opens with what a reader wants to do states that feature's needs.

"To perform sparse quantization and compression, install CANN 8.2.RC1 or later"
(msmodelslim docs/en/getting_started/install_guide.md:37), "若需使用 ONNX 量化功能，请确保所用
Python 版本低于 3.12", "如果需要使用NPU多卡量化，请先配置环境变量": the versions, devices and
counts they name are what one optional feature needs, not the repo's main install; so with
the reader's wish said in English as it is in Chinese ("If you want to clone our model zoo,
please make sure that `git-lfs` is installed.", mit-han-lab/qserve README.md:121). A purpose
that is the main install itself ("To install Apex from source, …", "To use this library, …",
"To ensure that the tool runs properly, …") is no feature, unless what it builds is the tests,
examples or benchmarks: "如需编译[单元测试](tests/unittest/…/README.md#环境要求)，需 `gcc` <= 12.0"
(catlass README.md:115), "若需要同时编译C++样例或基准测试benchmarks，…" (hixl docs/zh/build.md:189),
"To build the test suite, …" (AscendNPU-IR bishengir/triton/third_party/f2reduce/README.md:59).
The same need may be said with the side target as the sentence's subject: "(The [unittest](…)
requires `gcc` <= 12.0 to compile.)" (catlass README_en.md:112). A link's words are read
without its target.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.scopes import OPTIONAL, TESTS
from bringup.subjects import frameworks

_SENTENCE_END = lazyre.compile(r"[.!?;:。！？；：]\s|[。！？；：]|^\s*(?:\d+[.)、]|[-*+])\s")
"""Where a sentence (or a list item's text) starts after: its end mark, or an item marker."""
_PURPOSE = lazyre.compile(
    r"\W*(?:\d+[.)、]\s*)?(?:"
    r"(?:in\s+order\s+|if\s+you\s+(?:want|need|wish|would\s+like|'d\s+like|plan)\s+)?"
    r"to\s+(?P<en>(?!(?:get\s+started|"
    r"ensure|make\s+sure|run\s+(?:this|the\s+(?:tool|code|project))|"
    r"use\s+(?:this|it|the\s+(?:tool|library|package|project|repo\w*|following)\b))\b)"
    r"[a-z][\w\s/-]{2,60}?),"
    r"|(?:如需|若需|如果需要|若要|如要|如果要|如果想|若想)(?P<zh>[^，,。；]{2,50})[，,]"
    r")",
    re.IGNORECASE,
)
_MAIN_INSTALL = lazyre.compile(
    r"^(?:要)?(?:安装|编译|构建|使用本|使用该)|^(?:install|build|compile|set\s*up)\b", re.IGNORECASE
)
"""A purpose that is the main install ("To install Apex from source", "如需编译本项目")."""
_ON_ONE_BACKEND = lazyre.compile(
    r"\b(?:on|for|with)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:ascend|npus?|gpus?|cuda|nvidia|rocm|amd|mlu|xpu)\b|(?:在|于)(?:昇腾|NPU|GPU)",
    re.IGNORECASE,
)
"""A main install said for one backend's devices ("To install LlamaFactory on Ascend NPU
devices, please use Python 3.12", hiyouga/LLaMA-Factory@ff6d4d12 README.md:607, a repo that
runs on CUDA too): that backend's route, a feature named for it, not the repo's."""
_SIDE_TARGET = lazyre.compile(
    r"\b(?:unit\s*)?tests?\b|\btest\s+suite|\bunittests?\b|\bexamples?\b|\bsamples?\b|"
    r"\bbenchmarks?\b|\bdemos?\b|测试|用例|样例|示例|基准",
    re.IGNORECASE,
)
"""What a build makes beside the repo's library: its tests, examples, samples, benchmarks."""
_JOINED = lazyre.compile(r"\s(?:and|or)\s|[&,、和及与或]")
_LEFT_OUT = lazyre.compile(
    r"\b(?:without|except|excluding|skip(?:s|ping)?|no)\b|不含|不包含|不编译|跳过|除", re.IGNORECASE
)
"""Words that leave the side target out of the build: "to build without tests" (nats.java's
README, ush's "To build without tests: `cmake … -DUSH_BUILD_TESTS=OFF`") is the main build."""


def _side(words: str) -> bool:
    """Whether every thing ``words`` name is a side target: "build the test suite", "编译C++
    样例或基准测试"; not "The library and tests" (gdrcopy README.md:51-52: the repo's own library
    needs CUDA too) nor "build the library and example", nor a build that leaves them out
    ("build without tests")."""
    parts = [p for p in _JOINED.split(words) if p.strip()]
    kept = _LEFT_OUT.search(words) is None
    return kept and bool(parts) and all(_SIDE_TARGET.search(p) for p in parts)


_SIDE_SUBJECT = lazyre.compile(
    r"\W{0,4}(?:the\s{1,4})?(?P<subject>[\w\s/-]{2,40}?)\s{1,4}(?:requires?|needs?)\b",
    re.IGNORECASE,
)
"""A sentence whose subject is what needs: "The unittest requires `gcc` <= 12.0"."""
OPTIONAL_WORDS = lazyre.compile(
    r"(?<!\bnot\s)(?<!\bnon-)(?<!\bnon\s)\boptional(?:ly)?\b|(?<![非不])可选",
    re.IGNORECASE,
    guard=True,
)
"""Words marking a sentence, a table or a row optional ("Optional", "optionally", 可选):
what an optional feature needs. Not "not optional", "non-optional", 非可选 or 不可选 (required)."""
_LINK = lazyre.compile(r"\[([^\[\]]{0,80})\]\([^()\s]{0,300}\)")


def sentence_ends(text: str) -> list[int]:
    """Where each sentence mark of ``text`` ends, in order: what ``purpose_at`` is given for a
    text it reads at many offsets, so that each call does not scan the text again from its
    start (a 3,000-row table's paragraph took 13 s)."""
    return [mark.end() for mark in _SENTENCE_END.finditer(text)]


def purpose_at(text: str, offset: int, ends: Optional[Sequence[int]] = None) -> str:
    """The feature the sentence holding ``offset`` of ``text`` is for (its purpose words, or
    the tests or examples it says need), or ``""`` when the sentence states neither. ``ends``
    (``sentence_ends(text)``) holds every mark wholly before ``offset``: only the last two
    characters are searched again, for a mark that ``offset`` cuts short ("。" of "。 ")."""
    start = 0
    searched = 0
    if ends is not None:
        before = bisect_right(ends, offset)
        start = ends[before - 1] if before else 0
        searched = max(start, offset - 2)
    for mark in _SENTENCE_END.finditer(text, searched, offset):
        start = mark.end()
    said = _LINK.sub(r"\1", text[start : offset + 1]) if "](" in text[start:offset] else None
    sentence = text[start : offset + 1] if said is None else said
    match = _PURPOSE.match(sentence)
    if match is not None:
        words = re.sub(r"\s+", " ", (match.group("en") or match.group("zh") or "").strip())
        if _MAIN_INSTALL.match(words) and not _side(words) and not _ON_ONE_BACKEND.search(words):
            return ""
        return words
    subject = _SIDE_SUBJECT.match(sentence)
    if subject is not None and _side(subject.group("subject")):
        return re.sub(r"\s+", " ", subject.group("subject").strip())
    return ""


def optional_intro(paragraph: str) -> bool | None:
    """Whether the last sentence of the words before a code block marks what the block
    installs optional (``None`` when it does not), and names what for (``FOR_WHAT``):
    "Install runtime dependencies (optional, only required for running
    [samples](../../examples/README.md))." (hicann/ge docs/en/quick_install.md:163) over a
    ``pip3 install attrs cython numpy …`` line. An optional word earlier in the paragraph is
    about another sentence's thing."""
    text = paragraph.rstrip(" \t.:：。")
    start = 0
    for mark in _SENTENCE_END.finditer(text):
        start = mark.end()
    sentence = _LINK.sub(r"\1", text[start:])
    return bool(FOR_WHAT.search(sentence)) if OPTIONAL_WORDS.search(sentence) else None


FOR_WHAT = lazyre.compile(
    r"\bfor\b|\bto\s+(?:use|run|enable)\b|\bonly\b|用于|如需|若需|使用|仅|只(?:有|在|需)|时需",
    re.IGNORECASE,
)
"""Words naming what an optional install is for ("For gradio demos", "for float8 and nvfp4
inference kernels", "仅运行[样例]依赖", hicann/ge docs/zh/quick_install.md:159): a feature of
its own, where a bare "(Optional) Makes the build much
faster" (xformers README.md:51, over ``pip install ninja``) is a soft need of the repo's."""


def optional_commands(lines: list[str], start: int, end: int) -> dict[int, bool]:
    """The lines (1-based) of ``lines[start:end]``, a shell block, that a comment marks
    optional, each with whether the comment names what for (``FOR_WHAT``): the commands under
    a "# Optional: For gradio demos" line (nunchaku docs/source/installation/installation.rst:
    133-134, ``pip install peft opencv-python gradio spaces``; pytorch/ao README.md:66-70
    "# optional - install MSLK for float8 and nvfp4 inference kernels") up to the next blank
    or comment line, or one ending in such a comment."""
    marked: dict[int, bool] = {}
    note = ""
    for index in range(start, end):
        text = lines[index].strip()
        if not text or text.startswith("#"):
            note = text if OPTIONAL_WORDS.search(text) else ""
            continue
        at = text.find(" #")
        said = note or (text[at:] if at >= 0 and OPTIONAL_WORDS.search(text[at:]) else "")
        if said:
            marked[index + 1] = bool(FOR_WHAT.search(said))
    return marked


def optional_install(found: Requirement, purpose: bool | None) -> Requirement:
    """A Python distribution (or framework) an install marked optional installs
    (``optional_intro``, ``optional_commands``): the optional feature's where the words say
    what for (``purpose``), a soft need otherwise; untouched when not marked (``None``) or
    already a feature's."""
    python = found.subject.startswith("pypi:") or found.subject in frameworks()
    if purpose is None or found.feature or not python:
        return found
    if purpose:
        return msgspec.structs.replace(found, feature=OPTIONAL)
    return msgspec.structs.replace(found, hard=False)


def side_purpose(paragraph: str) -> str:
    """The side target (tests, examples, benchmarks) the last sentence of the words before a
    code block says the block builds, or "": "To build the tests, benchmarks, and examples:"
    over ``cmake ..``, ``make`` and ``ctest`` (NVIDIA/cuCollections README.md:78-86, a
    header-only library with "nothing to build to use it", :76)."""
    text = paragraph.rstrip()
    words = purpose_at(text, len(text) - 1) if text else ""
    return words if words and _side(words) else ""


_COMMENT_PURPOSE = lazyre.compile(
    r"#\s*(?:[^#]*?(?:\bfor\b|\bto\b|用于|以便|为了)[^#]*?"
    r"(?P<tests>\btest(?:s|ing)?\b|\bcoverage\b|\bUTs?\b|测试|覆盖率|用例)"
    r"|(?P<run>to\s+(?:run|use|enable)\s+[^#]{2,60}))",
    re.IGNORECASE,
)
"""A shell comment naming what the commands it heads or ends are for: the tests ("# 安装lcov2.0
用于统计测试覆盖率", install lcov 2.0 to collect test coverage, Ascend/VisionSDK README.md:88)
or one thing to run ("pip3 install vllm==0.7.2 # to run ppo on vllm engine",
PKU-Alignment/align-anything README.md:169)."""


def commented_purposes(lines: list[str], start: int, end: int) -> dict[int, str]:
    """The lines (1-based) of ``lines[start:end]``, a shell block, whose comment (above them,
    up to the next blank or comment line, or at their end) says what they are for
    (``_COMMENT_PURPOSE``), each with that feature: ``tests``, or ``option:<what it runs>``."""
    marked: dict[int, str] = {}
    note = ""
    for index in range(start, end):
        text = lines[index].strip()
        if not text or text.startswith("#"):
            note = _purpose_of(text) if text else ""
            continue
        at = text.find(" #")
        said = note or (_purpose_of(text[at + 1 :]) if at >= 0 else "")
        if said:
            marked[index + 1] = said
    return marked


def _purpose_of(comment: str) -> str:
    found = _COMMENT_PURPOSE.search(comment)
    if found is None:
        return ""
    return TESTS if found.group("tests") else f"option:{found.group('run').strip()}"


_REMEDY = lazyre.compile(
    r"\b(?:you\s+can|to)\s+(?:fix|resolve|work\s+around)\b|\bfix(?:ed)?\s+(?:it\s+|this\s+)?by\b|"
    r"解决|规避",
    re.IGNORECASE,
)
"""A block given as the fix of a failure ("Sometimes, there's a libc10.so error, which you can
fix with:", HazyResearch/ThunderKittens README.md:177): a case beside the route."""
_ABBREVIATION = lazyre.compile(r"\b(?:e\.g|i\.e|etc)\.", re.IGNORECASE)
""""(e.g. inside a container)": no end of a sentence."""


def without_remedies(found: list[Requirement], intro: str) -> list[Requirement]:
    """``found`` (a block's exports) less the ``env_var`` needs when the sentence introducing
    the block gives it as the fix of a failure (``_REMEDY``): the route builds without them
    (the truth conventions, scan29: only a variable whose absence breaks the route is an
    ``env_var``)."""
    said = _ABBREVIATION.sub("", intro.rstrip(" \t.:：。"))
    sentences = [s.strip() for s in _SENTENCE_END.split(said) if s.strip()]
    if sentences and _REMEDY.search(sentences[-1]):
        return [r for r in found if r.subject != "env_var"]
    return found
