"""Reading one value as people write it after a label: a version in any vendor's spelling
(``8.0.RC2``, ``24.1.rc3``, ``2.1.0.post6``, ``2.8.0post2``, ``v0.9.1rc1``, ``2.7.1+cu126``),
a device count (``8-card``, ``8卡``, ``8 x 910B``), and the words that mean "not there"
(``Module Not Found``, ``未安装``). A backend's device nouns and its own "not there" words are
its ``ReportTerms`` (``count_units``, ``absent``)."""

from __future__ import annotations

import re

from bringup import backends
from bringup.probe.importers.terms import report_terms

VERSION = re.compile(
    r"(?<![A-Za-z0-9_./])[vV]?(\d+(?:\.\d+)+(?:[.\-]?(?:rc|RC|alpha|beta|post|dev|a|b|T|B|SPC)\d+)*"
    r"(?:\.\d+)*(?:\+[0-9A-Za-z][0-9A-Za-z.]*)?)(?![A-Za-z0-9/])"
)
"""A dotted version with the suffixes vendors add; not part of a longer word or path."""

_REQUIREMENT = re.compile(r"(?:>=|<=|~=|!=|>|<|\^)\s*$")
_UNITS = r"cards?\b|卡|张卡|张|块|devices?\b"
"""The generic units after a device count; each backend adds its device nouns."""


def _count_pattern(_registered: object) -> re.Pattern[str]:
    units = [_UNITS, *(t.terms.count_units for t in report_terms() if t.terms.count_units)]
    return re.compile(
        r"(?<![A-Za-z0-9_.:/\-])(\d{1,3})\s*(?:-|\s)?\s*(?:x\s*|\*\s*|×\s*)?"
        rf"(?:{'|'.join(units)})",
        re.IGNORECASE,
    )


_count = backends.per_registry(_count_pattern)
_CN_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_CN_COUNT = re.compile(
    r"([一二两三四五六七八九]?十[一二三四五六七八九]?|[一二两三四五六七八九])\s*张?卡"
)
_TIMES = re.compile(r"(?<![A-Za-z0-9_.:/\-])(\d{1,3})\s*[x×*]\s*(?=(?-i:[A-Z0-9]))", re.IGNORECASE)
"""``8 x 910B``, ``2x A4000``: a count before a model name (which starts with a capital or a
digit), not a PCIe width such as ``16xpcie``."""
_ABSENT = ("module not found", "not installed", "none", "not found", "无", "未安装")


def _absent_pattern(_registered: object) -> re.Pattern[str]:
    words = [*_ABSENT, *(w.lower() for t in report_terms() for w in t.terms.absent)]
    return re.compile(rf"^(?:{'|'.join(map(re.escape, words))})\b", re.IGNORECASE)


_absent = backends.per_registry(_absent_pattern)


MAX_COUNT = 64
"""The most accelerators one report's host states (8 or 16 devices per server are usual);
a larger number next to a device word is a source line or an error code, not a count."""

_NOT_STATED = re.compile(
    r"^[\s)]*(?:or\s+(?:higher|later|newer|above|greater)|(?:\+\s*)?(?:is\s+)?required|及?以上|或更高"
    r"|\+(?![\w.+])|(?:-|–|~|to\b)\s*v?\d+\.\d+\b|-cp\d|-py\d|\.whl|\.tar)",
    re.IGNORECASE,
)
_ASKED = re.compile(
    r"(?:at least|requires?|required|install|upgrade to|需要|要求|安装|升级到?)\s*[:：]?\s*$",
    re.IGNORECASE,
)


def stated(before: str, after: str) -> bool:
    """Whether a version between ``before`` and ``after`` is stated as present, not asked
    for (``3.18 or higher is required``, ``at least 8.0``, ``3.9+``, a range ``3.8-3.10``) or
    named in a wheel's file name."""
    return not (_NOT_STATED.match(after) or _ASKED.search(before))


def compared(before: str) -> bool:
    """Whether the words before a version end in a comparison (``>=``, ``<``, ``~=``, ``^``):
    the version is asked for (``CANN >= 7.0``, ``python >= 3.7.0``), not stated."""
    return _REQUIREMENT.search(before) is not None


def read_version(text: str) -> tuple[str, int] | None:
    """The first version in ``text`` that is not a requirement (``>=8.0``), with its offset;
    a glued ``post``/``rc`` (``2.8.0post2``) is kept as written."""
    for match in VERSION.finditer(text):
        if compared(text[: match.start()]):
            continue
        return match.group(1), match.start(1)
    return None


def read_count(text: str) -> int | None:
    """A device count: ``8-card server``, ``8卡``, ``八卡``, ``8 <devices>``, ``8 x <chip>``,
    ``8*<product>``; a list of models with their counts is their sum (``1x 3090, 2x A4000``)."""
    match = _count().search(text)
    chinese = _CN_COUNT.search(text)
    times = [int(m.group(1)) for m in _TIMES.finditer(text)]
    if match is not None:
        count = int(match.group(1))
    elif chinese is not None:
        count = _chinese_number(chinese.group(1))
    elif times:
        count = sum(times) if len(times) > 1 else times[0]
    else:
        return None
    return count if 0 < count <= MAX_COUNT else None


def _chinese_number(text: str) -> int:
    """一 .. 九十九 as Chinese writes them (``八``, ``十六``, ``二十``)."""
    tens, _, units = text.rpartition("十")
    if "十" not in text:
        return _CN_DIGITS[text]
    return (_CN_DIGITS.get(tens, 1) if tens else 1) * 10 + (_CN_DIGITS[units] if units else 0)


def says_absent(value: str) -> bool:
    """``Module Not Found``, ``None``, ``未安装`` (or a backend's own words): the report says
    it is not there."""
    return bool(_absent().match(value.strip().strip("`*").strip()))
