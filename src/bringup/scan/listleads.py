"""A list whose lead says its items are needed in addition, for one purpose: "For running
quantization script one also needs:" over "* `transformers`", "* `datasets`", "*
`sentencepiece`" (IST-DASLab/marlin@2f6d7c1 README.md:68-71, the ``gptq/`` example's
packages, README.md:108-113). The items are that purpose's, as "also, for X", not the repo's
own requirements (outsider12 #11). Both signs are needed: a purpose ("for …", "to …") and an
addition ("also", "additionally", "还需"); "For Linux:" or "Requirements:" alone lead the
repo's own list."""

from __future__ import annotations

import re

from bringup import lazyre

_ITEM = lazyre.compile(r"^\s*(?:[-*+]|\d{1,3}[.)、])\s+")
_LEAD = lazyre.compile(
    r"^\W{0,4}(?:for|to)\s+(?P<en>[^,:;.!?\n]{3,60}?)[,\s]\s{0,3}"
    r"(?:(?:one|you|we|users?|they|it|this)\s{1,3})?"
    r"(?:also|additionally)\s{1,3}(?:needs?|requires?|install|want)\b"
    r"|^\W{0,4}(?:如需|若需|如果需要|若要|如要|如果要)(?P<zh>[^，,。；:：\n]{2,30})[，,]\s{0,3}"
    r"(?:还|另外|另|额外)(?:需要?|要)",
    re.IGNORECASE,
)
_REACH = 40
"""How many lines up from an item its list's lead is looked for."""


def lead_purpose(lines: list[str], at: int) -> str:
    """The purpose the lead of the list holding line ``at`` (0-based) says its items are
    needed for in addition (``_LEAD``), or ``""``: the nearest line above the list's items
    that is not blank and not an item, when it ends with a colon."""
    if at >= len(lines) or _ITEM.match(lines[at]) is None:
        return ""
    for index in range(at - 1, max(-1, at - 1 - _REACH), -1):
        line = lines[index].strip()
        if not line:
            return ""
        if _ITEM.match(lines[index]) is not None:
            continue
        if not line.endswith((":", "：")):
            return ""
        lead = _LEAD.match(line)
        if lead is None:
            return ""
        return re.sub(r"\s+", " ", (lead.group("en") or lead.group("zh")).strip())
    return ""
