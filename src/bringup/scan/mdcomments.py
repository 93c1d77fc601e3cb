"""Markdown's HTML comments are not shown to the reader and state nothing: "<!-- Although
tile-lang aims to be portable ... tested and validated on ... the H100 ... A100, V100 -->"
(zhaojiqiao/tilelang-npu@1bc99fd README.md:36) is the upstream's text a fork hid, and was read
as a need of compute capability >= 7.0 (outsider22 D9)."""

from __future__ import annotations

import re

from bringup import lazyre

_COMMENT = lazyre.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)


def uncommented(text: str) -> str:
    """``text`` with each HTML comment made spaces, its line breaks kept (lines keep their
    numbers and every other line its offsets); an unclosed one runs to the end, as in HTML."""
    if "<!--" not in text:
        return text
    return _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
