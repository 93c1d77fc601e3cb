"""Version phrases as people write them, turned into specifiers in the subject's scheme.

"<Toolkit> >= 8.0.RC1", "Python 3.9~3.11", "GCC 7.5 以上", "3.8, 3.9, 3.10", "11.6 and above",
"不低于 7.0", "up to 3.10": each becomes a ``SpecifierSet`` text (``>=3.9,<3.12``). An upper
bound written with fewer parts than a full release includes the whole series ("3.8-3.10"
admits 3.10.14, so it becomes ``<3.11``). A bare version is a minimum for host tools (GCC,
CMake, drivers) and a pin for the rest (``Python 3.10`` -> ``==3.10.*``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup import lazyre, patterncache
from bringup.backends import per_registry
from bringup.backends.base import Backend
from bringup.scan.releasetrain import train_spec
from bringup.subjects import is_minimum, scheme_for, single_part_ok
from bringup.versions import InvalidSpecifier, SpecifierSet, canonical

_ASCII_WORD = "[A-Za-z0-9_]"
"""A character that continues a version or a name: ASCII only, since Chinese is written
glued to versions ("torch_npu版本为2.7.1版本", triton-ascend docs/zh/installation_guide.md:47)
and a Han character is a word character to ``\\w``."""
VERSION = (
    r"\d+(?:\.(?:\d+|[xX*]|[Rr][Cc]\d+|T\d+|alpha\d+|beta\d+|post\d+|dev\d+|b\d+)(?![A-Za-z0-9_]))*"
    r"(?:-beta\.\d+)?"
)


def _letter(char: str) -> bool:
    """Whether ``char`` goes on a word a version stands in ("8.0a"): an ASCII letter; Chinese
    written right after a version ("2.7.1版本") ends it."""
    return char.isascii() and char.isalpha()


OPERATOR = r"(?:>=|=>|≥|<=|=<|≤|==|!=|~=|>|<|=|＞|＜)"

_FILLER = lazyre.compile(
    r"(?:\s+|[:：(（]|\bversions?\b|版本号?|\bv(?=\d)|\b[A-Za-z]+_[vr](?=\d)|\bver\.?|\btoolkit\b|\bpackages?\b|"
    r"\bwheels?\b|[,，](?=\s*(?:versions?\b|版本))|"
    r"软件包|工具包|\bis\b|\bare\b|\bmust\s+be\b|\bshould\s+be\b|\brequired\b|\bneeds?\b|"
    r"\bwith\b|\bfrom\b|从|\brecommended\b|\bdefaults?(?:\s+(?:to|is))?\b|默认值?|\b(?:community|commercial)\s+edition\b|社区版|商用版|"
    r"需要|要求|需|应该|应当|应|必须|须|为|的|配套|推荐|建议|使用)*",
    re.IGNORECASE,
)
"""Words between a subject and its version: "the PyTorch wheel package, version 2.1.0"
(MindIE-SD docs/en/installing_guide.md:105) names the package, then its version after a comma."""
_V = f"(?P<v>{VERSION})"
_WORD_OPS: tuple[tuple[str, str], ...] = (
    (
        ">=",
        r"(?:greater|higher|newer|later)\s+than\s+or\s+equal\s+to|"
        r"at\s+least|minimum(?:\s+of)?|min\.?|no\s+(?:older|lower|less)\s+than|"
        r"大于等于|大于或等于|不低于|不小于|至少|最低|最少",
    ),
    ("<=", r"up\s+to|at\s+most|no\s+(?:newer|higher|later)\s+than|小于等于|不高于|不超过|最高"),
    (">", r"newer\s+than|later\s+than|greater\s+than|higher\s+than|above|大于|高于"),
    ("<", r"older\s+than|earlier\s+than|lower\s+than|less\s+than|below|before|小于|低于"),
)
_WORD_OP = lazyre.compile(
    "(?:" + "|".join(f"(?P<w{i}>{words})" for i, (_, words) in enumerate(_WORD_OPS)) + ")"
    rf"\s*{_V}",
    re.IGNORECASE,
)
_CHAIN_ITEM = lazyre.compile(rf"(?P<op>{OPERATOR})\s*{_V}")
_CHAIN_JOIN = lazyre.compile(r"\s*(?:,|，|\band\b|且|&&|;)?\s*")
RANGE_JOIN = r"(?:~|～|-|–|—|\bto\b|\bthrough\b|\buntil\b|至|到)"
"""The words between the two ends of a range ("3.9 to 3.11", "3.9 ~ 3.11", "从 3.9 到 3.11")."""
_RANGE = lazyre.compile(
    rf"(?P<a>{VERSION})\s*{RANGE_JOIN}\s*(?P<b>{VERSION})(?!{_ASCII_WORD}|\.{_ASCII_WORD})",
    re.IGNORECASE,
)
_BETWEEN = lazyre.compile(
    rf"(?:\bbetween\b|介于)\s*(?P<a>{VERSION})\s*(?:\band\b|与|和)\s*(?P<b>{VERSION})"
    rf"(?!{_ASCII_WORD}|\.{_ASCII_WORD})(?:\s*之间)?",
    re.IGNORECASE,
)
_WILDCARD_TAIL = lazyre.compile(r"(?:\.[xX*])+$")
_LIST_SEP = lazyre.compile(r"\s*(?:,|，|/|、|\bor\b|\band\b|或|和)\s*", re.IGNORECASE)
_SINGLE = lazyre.compile(_V)
_SUFFIX_GE = lazyre.compile(
    r"(?:\+|\s*(?:or|and)\s+(?:later|newer|above|higher|greater|up)\b|"
    r"\s*(?:及以上|以上|或以上|或更高|及更高|及其以上|或更新|及更新|及之后|之后|及以后|及后续))",
    re.IGNORECASE,
)
_SUFFIX_LE = lazyre.compile(
    r"(?:\s*(?:or|and)\s+(?:earlier|older|below|lower)\b"
    r"|\s*(?:及以下|以下|或更低|及更低|及以前|及之前|及更早))",
    re.IGNORECASE,
)
"""A release then the words that make it a bound. "及后续版本" and "及以后" (and the releases
after it: "仅支持CANN 8.5.0及后续版本", hicann/ops-solver@9702c4e4
docs/zh/install/quick_install.md:128; "9.1.0及以后版本", hicann/ops-nn@e5c3fa93
docs/zh/install/compile.md:19) are a floor; "及以前" and "及之前" (and the releases before it:
"兼容昇腾 CANN 8.5.0 及以前版本", Ascend/msinsight@4e16fca1
docs/zh/release_notes/release_notes.md:75) a ceiling. A bare "之前"/"以前" is left: "在 X 之前"
also says when, not which releases."""
_OP_SPELLING = {"=>": ">=", "≥": ">=", "=<": "<=", "≤": "<=", "=": "==", "＞": ">", "＜": "<"}


class Phrase(NamedTuple):
    """A spec read from the start of some text: ``spec`` in the subject's scheme, ``length``
    how much of the text it used, ``explicit`` whether an operator or word said how to read
    the version (a bare version is a guess)."""

    spec: str
    length: int
    explicit: bool


def _canonical(version: str, subject: str) -> str:
    return canonical(version, scheme_for(subject))


def _parts(version: str) -> int:
    return len(re.split(r"[.\-]", version))


def upper_bound(version: str, subject: str, inclusive: bool) -> str:
    """``<V`` or the inclusive bound: ``<=3.10`` for Python is ``<3.11`` (the series)."""
    if not inclusive:
        return f"<{version}"
    if re.fullmatch(r"\d+(?:\.\d+)?", version) and scheme_for(subject) != "name":
        parts = version.split(".")
        parts[-1] = str(int(parts[-1]) + 1)
        return "<" + ".".join(parts)
    return f"<={version}"


def _pin(version: str, subject: str) -> str:
    wildcard = re.sub(r"\.[xX*]$", "", version)
    if wildcard != version:
        return f"=={wildcard}.*"
    if is_minimum(subject):
        return f">={version}"
    if _parts(version) >= 3 or not re.fullmatch(r"[\d.]+", version):
        return f"=={version}"
    return f"=={version}.*"


def _clause(operator: str, version: str, subject: str) -> str:
    """One comparison; a series written with a wildcard ("GCC >= 7.3.x", ge docs/zh/build.md:48)
    compares as its series: from 7.3 on, or any 7.3 release for ``==``."""
    operator = _OP_SPELLING.get(operator, operator)
    wildcard = _WILDCARD_TAIL.search(version)
    if wildcard is not None:
        version = version[: wildcard.start()]
        if operator == "==":
            return f"=={version}.*" if scheme_for(subject) == "pep440" else f"=={version}"
    if operator == "<=":
        return upper_bound(version, subject, inclusive=True)
    if operator == "==" and scheme_for(subject) == "pep440" and _parts(version) < 3:
        return f"=={version}.*"
    return f"{operator}{version}"


def _valid(spec: str, subject: str) -> bool:
    try:
        SpecifierSet(spec, scheme_for(subject))
    except InvalidSpecifier:
        return False
    form = _version_forms().get(subject)
    return form is None or all(form.match(v) for v in _VERSION_IN_SPEC.findall(spec))


_VERSION_IN_SPEC = lazyre.compile(r"(?<![\w.])\d[\w.]*")


def _forms(registered: tuple[Backend, ...]) -> dict[str, re.Pattern[str]]:
    return {
        subject: patterncache.compile(pattern)
        for backend in registered
        for subject, pattern in backend.vocabulary.version_forms.items()
    }


_version_forms = per_registry(_forms)
"""What each subject's own versions look like (``Vocabulary.version_forms``)."""


def _enough(version: str, subject: str, explicit: bool) -> bool:
    return explicit or _parts(version) >= 2 or single_part_ok(subject)


def read_phrase(
    text: str, subject: str, *, negated: bool = False, trains: bool = False
) -> Phrase | None:
    """The spec that ``text`` starts with (after filler such as "version", "版本", ":"), read
    for ``subject``; ``negated`` ("not supported", "不支持") turns ``>=V`` into ``<V``; with
    ``trains`` (a table's cell under the subject's name) a release train the subject is also
    numbered by is read as its releases (``releasetrain``)."""
    start = _FILLER.match(text)
    offset = start.end() if start else 0
    if offset and not _names_own_release(text, offset, subject):
        return None
    rest = text[offset:]
    found = _read(rest, subject)
    if found is None:
        return None
    spec, used, explicit = found
    if _JOINED.match(rest, used):
        return None
    spec = ",".join(_canonical(clause, subject) for clause in spec.split(","))
    if negated:
        if spec.startswith(">=") and "," not in spec and "||" not in spec:
            spec = "<" + spec[2:]
        elif all(_PIN.fullmatch(pin) for pin in spec.split(" || ")):
            spec = ",".join("!=" + pin[2:] for pin in spec.split(" || "))
        else:
            return None
        explicit = True
    if not _valid(spec, subject):
        train = train_spec(spec, subject) if trains else None
        if train is None:
            return None
        spec = train
    return Phrase(spec, offset + used, explicit)


_PIN = lazyre.compile(r"==[^<>=!,|\s]+")
"""One release, alone or among alternatives ("==2.1.0 || ==2.1.1"): negated, each excluded."""
_EXACT_RELEASE = lazyre.compile(r"==(\d+(?:\.\d+)*)")
_TAG = lazyre.compile(r"\s*[vV]\d")
"""A version written as a branch or tag name ("v2.8.0")."""


def release_series(phrase: Phrase, subject: str, written: str) -> Phrase:
    """``phrase`` read as the release series a branch or tag name names: a version table's
    "| v2.8.0 |" under "支持的torch_npu版本" (DrivingSDK docs/zh/version/versions.md:7, the
    Gitcode branch v2.8.0) names a line of releases, and its post releases (torch_npu
    2.8.0.post4) and local builds are in it, which ``==2.8.0`` excludes under PEP 440; a bare
    "2.8.0", or an operator the text wrote, stays as written."""
    if phrase.explicit or scheme_for(subject) != "pep440" or not _TAG.match(written):
        return phrase
    alternatives = [a.strip() for a in phrase.spec.split("||")]
    series = [
        f"=={exact.group(1)}.*" if (exact := _EXACT_RELEASE.fullmatch(a)) else a
        for a in alternatives
    ]
    return phrase._replace(spec=" || ".join(series))


_BRANCH_PREFIX = lazyre.compile(r"\b([A-Za-z]+)_[vr](?=\d)")
_JOINED = lazyre.compile(r"(?:\.\w+)*_[A-Za-z]")
"""A version that goes on as a word joined by "_" ("2.1.0_core_r0.8.0", MindSpeed-MM
docs/user-guide/installation.md:10): a branch's name, not a release."""


def _names_own_release(text: str, offset: int, subject: str) -> bool:
    """Whether a branch or tag prefix before the version ("core_v0.12.1", "core_r0.8.0") names
    ``subject``'s own line of releases: Megatron-LM's tag core_v0.12.1 is megatron-core 0.12.1,
    but under "MindSpeed版本" the branch core_r0.8.0 (MindSpeed-MM
    docs/user-guide/installation.md:9) is MindSpeed's branch for Megatron core 0.8.0, no
    release of MindSpeed."""
    prefix = _BRANCH_PREFIX.search(text, 0, offset + 1)
    if prefix is None or prefix.end() > offset:
        return True
    words = re.split(r"[-_.:]", subject.lower())
    return prefix.group(1).lower() in words


_CONTINUE = lazyre.compile(r"\s*(?:,|，|、|;|\band\b|且|但|but)?\s*")


def _read(rest: str, subject: str) -> tuple[str, int, bool] | None:
    """A first phrase, then any bound that follows it ("6.3.RC1 及以上，低于 7.0")."""
    first = _read_one(rest, subject)
    if first is None:
        return None
    spec, used, explicit = first
    if "||" in spec:
        return first
    while True:
        gap = _CONTINUE.match(rest, used)
        position = gap.end() if gap else used
        more = _read_chain(rest[position:], subject) or _read_word(rest[position:], subject)
        if more is None or "||" in more[0]:
            return spec, used, explicit
        spec, used = f"{spec},{more[0]}", position + more[1]


def _read_word(rest: str, subject: str) -> tuple[str, int, bool] | None:
    word = _WORD_OP.match(rest)
    if word is None:
        return None
    index = next(i for i in range(len(_WORD_OPS)) if word.group(f"w{i}"))
    return _clause(_WORD_OPS[index][0], word.group("v"), subject), word.end(), True


def _read_one(rest: str, subject: str) -> tuple[str, int, bool] | None:
    chain = _read_chain(rest, subject)
    if chain is not None:
        return chain
    word = _read_word(rest, subject)
    if word is not None:
        return word
    ranged = _RANGE.match(rest) or _BETWEEN.match(rest)
    if ranged is not None:
        # "3.7.x至3.11.4" (ascend-transformer-boost README.md:75): a series' wildcard is its floor
        low, high = (_WILDCARD_TAIL.sub("", ranged.group(e)) for e in ("a", "b"))
        if _parts(low) >= 2 or single_part_ok(subject):
            return f">={low},{upper_bound(high, subject, True)}", ranged.end(), True
    listed = _read_list(rest, subject)
    if listed is not None:
        return listed
    single = _SINGLE.match(rest)
    if single is None:
        return None
    version, end = single.group("v"), single.end()
    ge = _SUFFIX_GE.match(rest, end)
    if ge is not None:
        return f">={version}", ge.end(), True
    le = _SUFFIX_LE.match(rest, end)
    if le is not None:
        return upper_bound(version, subject, True), le.end(), True
    if not _enough(version, subject, explicit=False) or _letter(rest[end : end + 1]):
        return None
    return _pin(version, subject), end, False


def _read_chain(rest: str, subject: str) -> tuple[str, int, bool] | None:
    clauses: list[str] = []
    position = 0
    while True:
        match = _CHAIN_ITEM.match(rest, position)
        if match is None:
            break
        clauses.append(_clause(match.group("op"), match.group("v"), subject))
        position = match.end()
        join = _CHAIN_JOIN.match(rest, position)
        if join is None or _CHAIN_ITEM.match(rest, join.end()) is None:
            break
        position = join.end()
    if not clauses:
        return None
    return ",".join(clauses), position, True


def _read_list(rest: str, subject: str) -> tuple[str, int, bool] | None:
    first = _SINGLE.match(rest)
    if first is None or not _enough(first.group("v"), subject, explicit=False):
        return None
    items = [first.group("v")]
    position = first.end()
    while True:
        sep = _LIST_SEP.match(rest, position)
        if sep is None or sep.end() == position:
            break
        item = _SINGLE.match(rest, sep.end())
        if item is None or _parts(item.group("v")) != _parts(items[0]):
            break
        if _letter(rest[item.end() : item.end() + 1]):
            break
        items.append(item.group("v"))
        position = item.end()
    if len(items) < 2:
        return None
    return " || ".join(_pin(item, subject) for item in items), position, False
