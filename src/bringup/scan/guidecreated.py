"""A script a guide has its reader create before running it: not a file the repo lacks.

Quick starts write the file out and then run it: "Create and run a simple inference test. The
`example.py` can be like:" and a code block, then ``python example.py``
(vllm-project/vllm-ascend docs/source/quick_start.md:128-153, outsider11 #15). The checkout
never has ``example.py``; counted as "a script the repo does not have", the guide looked
broken. Such a step needs the user's input instead: the file, written from the guide. It is
so when, in the lines of the guide just before the step, a sentence tells the reader to make
the file (create, write, save as, "can be like", "with the following content"; 创建, 新建, 保存为),
or a code block is headed by its name (```` ```python title="example.py" ````, a first line
``# example.py``).
"""

from __future__ import annotations

import re
from typing import Optional

import msgspec

from bringup.model import Step

WINDOW = 40
"""How many lines before the step the guide's instruction may stand (a file's content is
rarely longer in a quick start, and an instruction further up is about something else)."""

_VERB = (
    r"(?:create|creating|write|writing|make|add|save|saving|put|paste|copy)"
    r"(?:\s+(?:it|this|them|the\s+following(?:\s+code)?|the\s+code|a|an|the|new|python|"
    r"script|file|code|test|simple|sample|example|to|into|in|as|named|called)){0,6}"
)
_LIKE = (
    r"(?:can|could|may|might|should|would)\s+(?:be|look)\s+like"
    r"|(?:looks|is)\s+like(?:\s+this)?\s*:"
    r"|with\s+the\s+(?:following\s+)?(?:content|code|contents)"
)
_ZH = r"(?:创建|新建|编写|写入|保存为|保存到|内容如下)"


def _said(name: str) -> re.Pattern[str]:
    quoted = rf"(?<![`'\"*])[`'\"*]{{0,3}}{re.escape(name)}[`'\"*]{{0,3}}"
    return re.compile(
        rf"\b{_VERB}\s+{quoted}(?![\w.])"
        rf"|{quoted}(?![\w.])[^.\n]{{0,30}}?\b(?:{_LIKE})"
        rf"|{_ZH}[^\n。]{{0,20}}?{re.escape(name)}",
        re.IGNORECASE,
    )


def _heads(name: str) -> re.Pattern[str]:
    """A code block's fence that names the file, or its first line that does."""
    named = re.escape(name)
    return re.compile(
        rf"^\s*(?:```|~~~)[^\n]*(?:title=|filename=|\s)[\"']?{named}[\"']?\s*$"
        rf"|^\s*(?:#|//|--)\s*{named}\s*$"
    )


def created_by_guide(script: str, text: str, line: int) -> Optional[int]:
    """The line of ``text`` (a guide, 1-based) within ``WINDOW`` lines before the step at
    ``line`` that has the reader create ``script`` (matched by its file name); None when no
    line does."""
    name = script.rsplit("/", 1)[-1]
    if not name or line <= 1:
        return None
    lines = text.splitlines()
    start = max(0, line - 1 - WINDOW)
    said, heads = _said(name), _heads(name)
    for number in range(min(line - 1, len(lines)), start, -1):
        row = lines[number - 1]
        if name in row and (said.search(row) or heads.search(row)):
            return number
    return None


def created_input(step: Step, guide: str, text: Optional[str]) -> Step:
    """``step``, whose script the checkout lacks, as needing the user's input instead when
    its guide (``text`` of the repo file ``guide``) has the reader create that script."""
    if text is None or len(step.needs.missing) != 1 or step.source.line is None:
        return step
    (script,) = step.needs.missing
    at = created_by_guide(script, text, step.source.line)
    if at is None:
        return step
    made = f"{script} ({CREATED} {guide}:{at} shows)"
    needs = msgspec.structs.replace(step.needs, missing=(), inputs=(*step.needs.inputs, made))
    return msgspec.structs.replace(step, needs=needs)


CREATED = "a file to create, as"
"""What an input that is such a file says before the guide's line (report wording keys on it)."""
