"""A sentence that opens with what a reader wants to do states that feature's needs.

"To perform sparse quantization and compression, install CANN 8.2.RC1 or later"
(msmodelslim docs/en/getting_started/install_guide.md:37), "若需使用 ONNX 量化功能，请确保所用
Python 版本低于 3.12", "如果需要使用NPU多卡量化，请先配置环境变量": the versions, devices and
counts they name are what one optional feature needs, not the repo's main install. A purpose
that is the main install itself ("To install Apex from source, …", "To use this library, …",
"To ensure that the tool runs properly, …") is no feature.
"""

from __future__ import annotations

import re

from bringup import lazyre

_SENTENCE_END = lazyre.compile(r"[.!?;:。！？；：]\s|[。！？；：]|^\s*(?:\d+[.)、]|[-*+])\s")
"""Where a sentence (or a list item's text) starts after: its end mark, or an item marker."""
_PURPOSE = lazyre.compile(
    r"\W*(?:\d+[.)、]\s*)?(?:"
    r"(?:in\s+order\s+)?to\s+(?P<en>(?!(?:install|build|compile|set\s*up|get\s+started|"
    r"ensure|make\s+sure|run\s+(?:this|the\s+(?:tool|code|project))|"
    r"use\s+(?:this|it|the\s+(?:tool|library|package|project|repo\w*|following)\b))\b)"
    r"[a-z][\w\s/-]{2,60}?),"
    r"|(?:如需|若需|如果需要|若要|如要|如果要|如果想|若想)(?P<zh>[^，,。；]{2,30})[，,]"
    r")",
    re.IGNORECASE,
)
_MAIN_INSTALL_ZH = lazyre.compile(r"^(?:要)?(?:安装|编译|构建|使用本|使用该)")


def purpose_at(text: str, offset: int) -> str:
    """The feature the sentence holding ``offset`` of ``text`` is for (its purpose words),
    or ``""`` when the sentence does not open with one."""
    start = 0
    for mark in _SENTENCE_END.finditer(text, 0, offset):
        start = mark.end()
    match = _PURPOSE.match(text, start)
    if match is None or match.end() > offset + 1:
        return ""
    words = (match.group("en") or match.group("zh") or "").strip()
    if match.group("zh") and _MAIN_INSTALL_ZH.match(words):
        return ""
    return re.sub(r"\s+", " ", words)
