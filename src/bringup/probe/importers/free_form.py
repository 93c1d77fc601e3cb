"""Free-form environment lines as issue templates and people write them, in English and
Chinese: ``<Toolkit> version: 8.0.RC2``, ``- <Device> type: <chip>``, ``**<Device> Driver
Version:** `24.1.rc3```, ``<package>: 2.8.0``, ``<package> && torch: 2.9.0``, ``<Toolkit>
版本：8.0.0``, ``| <Toolkit> | 8.5.0 |``, ``<DRIVER>=25.5.0``, prose such as ``<Toolkit> 8.5.0，
<package> 2.8.0post2`` or a chip behind its vendor's name, "8-card server", and the key/value
reports of other tools (``llamafactory-cli env``, sglang's ``check_env``: ``- Datasets
version: 3.1.0``, ``triton: 3.0.0``). Each backend's real forms are listed in its
``report_terms.py``.

Labels and names are matched through the one vocabulary (``vocabulary.toml`` and the
backends' own); a ``name: version`` line whose name is not in it is read as a Python package.
Which backend a device, a count or a driver is (and its device names, chips in prose, library
files) is each backend's ``ReportTerms``: the label's own words, else the report's backend.
What a line says is a ``medium``-confidence fact: a tool's own output wins over it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Optional

from bringup import backends
from bringup.model import Fact, Source, keys
from bringup.parsing import at_line
from bringup.probe.importers.parts import Part
from bringup.probe.importers.reading import Reading, package_fact
from bringup.probe.importers.terms import BackendTerms, report_terms, speaking_of
from bringup.probe.importers.values import (
    VERSION,
    compared,
    read_count,
    read_version,
    says_absent,
    stated,
)
from bringup.probe.importers.vocabulary import Subject, Vocabulary

_PROMPT = re.compile(
    r"^\s*(?:\([^()\s]+\)\s*)?(?:\[[^\]\s@]+@[^\]\s]+(?:\s[^\]]*)?\]|[\w.-]+@[\w.-]+:\S*)\s?[#$%]\s"
)
"""A shell prompt before a command (``[root@bms-910a-01 vllm]# ``, ``(venv) user@host:~$ ``)."""
_BULLET = re.compile(r"^\s*(?:[-*+•]\s+|--+\s*|\d{1,2}[.)、]\s+|\[[ xX]\]\s+)+")
_MARKS = re.compile(r"\*\*|__|`|<br\s*/?>|[【】]")  # 【Label】: Chinese label brackets
_PAIR = re.compile(r"^(?P<label>[^:：=|]{1,60}?)\s*(?:[:：]|==?(?!=)|\s是\s?)\s*(?P<value>.*)$")
_SPLIT_LABEL = re.compile(r"(?:(?<!\s)\s+)?(?:&&|&|/|,|，|、|和|与|\band\b|\+)\s*")
_PACKAGE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9._\-]{0,40}$")
_FILLER = re.compile(
    r"^(?:[\s:：=\-_*`'\"|,]|versions?\b|ver\b|is\b|v(?=\d)|[\u4e00-\u9fff]){0,16}$",
    re.IGNORECASE,
)
_LIST_SEPARATOR = re.compile(r"(?:(?<!\s)\s+)?[/,;，、]\s*")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_DOTTED = re.compile(r"[0-9]\.[0-9]")
_NOTE = re.compile(r"^\s*(?:\([^()]*\)|\[[^\[\]]*\])?\s*$")
_ARCH = re.compile(r"\b(x86_64|aarch64|arm64|amd64|x64)\b", re.IGNORECASE)
_DEVICE_WORDS = r"card|卡|device|server|服务器|机器"
"""Words that make a number on a line a device count; each backend adds its own."""
_LOG_LINE = re.compile(r"^\s*(?:File \"|Traceback|\[?(?:INFO|WARNING|ERROR|DEBUG)\b|\(\w+ pid=)")
_MAX_LINE = 400
_MARKUP_DECLARATION = re.compile(r"^\s*<[?!]")
"""An XML declaration or processing instruction (``<?xml version="1.0" ?>``, the first line of
``nvidia-smi -q -x``) or a DOCTYPE: the document's framing, whose ``version`` is the markup's,
never a stated fact (outsider O14 D19)."""

_ARCHES = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64"}


def clean_line(line: str) -> str:
    """A line without its bullet, Markdown emphasis and code marks."""
    return _MARKS.sub("", _BULLET.sub("", line)).strip()


def _device_words(_registered: object) -> re.Pattern[str]:
    words = [_DEVICE_WORDS, *(t.terms.device_words for t in report_terms() if t.terms.device_words)]
    return re.compile("|".join(words), re.IGNORECASE)


def _library_pattern(_registered: object) -> Optional[re.Pattern[str]]:
    names = [name for t in report_terms() for name in t.terms.libraries]
    if not names:
        return None
    return re.compile(rf"\blib({'|'.join(map(re.escape, names))})(?:_\w+)?\.so\.(\d+\.\d+\.\d+)\b")


_devices = backends.per_registry(_device_words)
_libraries_named = backends.per_registry(_library_pattern)

About = Optional[BackendTerms]
"""The backend a report is about (``terms.report_backend``); None when no backend has words."""


def read_free_form(
    lines: Iterable[tuple[int, str]], source: Source, vocabulary: Vocabulary, about: About
) -> Reading:
    """Every fact the lines state in words; ``lines`` are (number, text) pairs of the report."""
    reading = Reading()
    for number, raw in lines:
        if not raw.strip() or len(raw) > _MAX_LINE or _LOG_LINE.match(raw):
            continue
        line = clean_line(raw)
        where = at_line(source, number)
        found = _table_row(line, where, vocabulary, about)
        if found is None:
            found = _labelled(line, where, vocabulary, about)
        if not found:
            found = _mentions(line, where, vocabulary, about)
        found += _count(line, where, about, found) + _libraries(line, where)
        for item in found:
            reading.add(item, number)
    return reading


def _table_row(line: str, where: Source, vocabulary: Vocabulary, about: About) -> list[Fact] | None:
    """``| <subject> | 8.5.0 | ... |``: a Markdown table row of subject and version."""
    if not line.startswith("|") or line.count("|") < 3:
        return None
    cells = [c.strip() for c in line.strip("|").split("|")]
    if len(cells) < 2 or set(cells[1]) <= {"-", ":", " "}:
        return None
    return _label_value(cells[0], cells[1], where, vocabulary, about)


def _labelled(line: str, where: Source, vocabulary: Vocabulary, about: About) -> list[Fact]:
    """``label: value`` (or ``=``, ``==``, ``：``, ``是``) with a known label or a package name."""
    match = _PAIR.match(line)
    if match is None or compared(match.group("label")):
        return []  # "CANN >= 7.0": the ``=`` of a comparison, a version asked for
    code = re.search(r"\s=(?!=)", line) is not None  # "lr = 0.001" is code, "HDK=25.5.0" a fact
    return _label_value(
        match.group("label"), match.group("value"), where, vocabulary, about, subjects_only=code
    )


def _label_value(
    label: str,
    value: str,
    where: Source,
    vocabulary: Vocabulary,
    about: About,
    *,
    subjects_only: bool = False,
) -> list[Fact]:
    whole = vocabulary.subject(label)  # a label that names one subject whole is not split
    names = [label] if whole else [part for part in _SPLIT_LABEL.split(label.strip()) if part]
    subjects = [s for s in (vocabulary.subject(name) for name in names) if s is not None]
    if names and len(subjects) == len(names):
        found: list[Fact] = []
        for subject, own in zip(subjects, _values_in_order(value, len(subjects))):
            found += _value_facts(subject, own, label, where, about)
        return _named_in_value(found, value, where, vocabulary, about)
    if subjects_only:
        return []
    name = re.sub(r"(?i)[\s_-]*versions?$", "", label.strip()).strip(" `*")
    # a package as tools list them: lower case (``triton: 3.0.0``) or followed by the word
    # "version" (``Datasets version: 3.1.0``); not an lscpu line such as ``BogoMIPS: 200.00``
    if not _PACKAGE_NAME.match(name) or not (name.islower() or name != label.strip()):
        return []
    if says_absent(value):
        return [package_fact(name, None, where)]
    version = read_version(value)
    if version is None or version[1] > 2:
        return []
    if not _NOTE.match(value[version[1] + len(version[0]) :]):
        return []  # "inv_freq = 1.0 / (10000 ** ...)": code, not a listing
    return [package_fact(name, version[0], where)]


def _values_in_order(value: str, count: int) -> list[str]:
    """One value per subject of a combined label: ``<A>/<B> version: 11.2/8.1`` gives each
    its own version, in order, when the value holds exactly as many; else the whole value for
    each (``<A> && <B>: 2.9.0``)."""
    if count > 1:
        parts = [p for p in _LIST_SEPARATOR.split(value.strip()) if p]
        if len(parts) == count and all(read_version(p) for p in parts):
            return parts
        versions = [m.group(1) for m in VERSION.finditer(value)]
        if len(versions) == count:
            return versions
    return [value] * count


def _named_in_value(
    found: list[Fact], value: str, where: Source, vocabulary: Vocabulary, about: About
) -> list[Fact]:
    """A value that names its subjects again says which version is whose (``<A>/<B>
    version: <A> 11.0, <B> 8.0.5``) and may name more (``vllm=0.14.0和<C>8.2RC``): what
    it names wins over reading the whole value as each label's."""
    named = _mentions(value, where, vocabulary, about)
    keys_named = {f.key for f in named}
    return [f for f in found if f.key not in keys_named] + named


def _value_facts(
    subject: Subject, value: str, label: str, where: Source, about: About
) -> list[Fact]:
    """The facts one subject's value gives, read the way its kind says."""
    kind = subject.kind
    if kind == "chip":
        return _device_facts(value, label, where)
    if kind == "count":
        count = re.match(r"\s*(\d{1,3})\b", value)
        if count is None or int(count.group(1)) == 0:
            return []
        counted = _count_key(label, about)
        if counted is None:
            return []
        return [Fact(key=counted, value=int(count.group(1)), source=where, confidence="medium")]
    if kind == "text":
        return _text_facts(subject, value, where)
    if subject.package is not None and says_absent(value):
        return [package_fact(subject.package, None, where)]
    if subject.fact is not None and says_absent(value):
        return [
            Fact(
                key=subject.fact,
                source=where,
                status="absent",
                reason=f"the report says {value.strip()!r}",
            )
        ]
    version = read_version(value)
    if version is None:
        return []
    if subject.package is not None:
        return [package_fact(subject.package, version[0], where)]
    key: str | None = subject.fact
    if kind == "driver":
        key = _driver_key(label + " " + value, about)
    if key is None:
        return []
    return [Fact(key=key, value=version[0], source=where, confidence="medium")]


def _text_facts(subject: Subject, value: str, where: Source) -> list[Fact]:
    text = value.strip().strip("`*").strip()
    if not text:
        return []
    if subject.fact == keys.ARCH:
        arch = _ARCH.search(text)
        if arch is None:
            return []
        name = arch.group(1).lower()
        return [
            Fact(key=keys.ARCH, value=_ARCHES.get(name, name), source=where, confidence="medium")
        ]
    found = [Fact(key=subject.fact or subject.name, value=text, source=where, confidence="medium")]
    arch = _ARCH.search(text)
    if arch is not None and subject.fact == keys.OS_PRETTY_NAME:
        name = arch.group(1).lower()
        found.append(
            Fact(key=keys.ARCH, value=_ARCHES.get(name, name), source=where, confidence="medium")
        )
    return found


def _device_facts(value: str, label: str, where: Source) -> list[Fact]:
    """A device named after a chip label: the first backend's whose device names it reads
    (``ReportTerms.device_name``: a chip family, a product name)."""
    for item in report_terms():
        named = item.terms.device_name(label, value) if item.terms.device_name else None
        if named is not None and item.name_fact:
            return [Fact(key=item.name_fact, value=named, source=where, confidence="medium")]
    return []


def _mentions(line: str, where: Source, vocabulary: Vocabulary, about: About) -> list[Fact]:
    """Subjects named in prose with a version close after them (``<Toolkit> 8.5.0，<package>
    2.8.0post2``, ``torch版本是2.1.0``, ``python3.8``), and the chips a backend reads in
    prose (its ``ReportTerms.prose_chip``)."""
    found: list[Fact] = []
    seen: set[str] = set()
    # every version read below is dotted: a line without one is spared the alias search
    for match in vocabulary.mention.finditer(line) if _DOTTED.search(line) else ():
        subject = vocabulary.subject(match.group(0))
        if subject is None or subject.name in seen:
            continue
        rest = line[match.end() : match.end() + 40]
        if subject.kind == "chip":
            continue
        version = read_version(rest)
        if version is None:
            continue
        between = rest[: version[1]]
        if not _FILLER.match(between) or len(_CJK.findall(between)) > 8:
            continue
        after = rest[version[1] + len(version[0]) :]
        if not stated(line[: match.start()], after):
            continue
        if subject.kind == "text" and subject.fact != keys.KERNEL:
            continue
        seen.add(subject.name)
        found += _value_facts(subject, rest[version[1] :], match.group(0), where, about)
    spoken = _PROMPT.sub("", line)  # a prompt's host name (bms-910a-01) names no chip
    for item in report_terms():
        chip = item.terms.prose_chip(spoken, item is about) if item.terms.prose_chip else None
        if chip is not None and item.name_fact:
            found.append(Fact(key=item.name_fact, value=chip, source=where, confidence="medium"))
            break
    return found


def _count(line: str, where: Source, about: About, found: list[Fact]) -> list[Fact]:
    """ "8-card server", "8卡", "8 x 910B": how many accelerators, when the line talks of them."""
    counts = {t.stated_count for t in report_terms()}
    if any(f.key in counts for f in found):
        return []
    if not _devices().search(line):
        return []
    count = read_count(line)
    key = _count_key(line, about)
    if count is None or key is None:
        return []
    return [Fact(key=key, value=count, source=where, confidence="medium")]


def _libraries(line: str, where: Source) -> list[Fact]:
    """``libcudnn.so.8.9.6``, ``libnccl.so.2.18.3``: a library's version in its file name."""
    pattern = _libraries_named()
    match = pattern.search(line) if pattern is not None else None
    if match is None:
        return []
    library = match.group(1)
    key = next(t.terms.libraries[library] for t in report_terms() if library in t.terms.libraries)
    return [Fact(key=key, value=match.group(2), source=where)]


def _count_key(text: str, about: About) -> Optional[str]:
    """The fact a count is: of the backend ``text`` names, else of the report's backend."""
    item = speaking_of(text, about)
    return item.stated_count if item is not None else None


def _driver_key(text: str, about: About) -> Optional[str]:
    """The driver ``text`` names: the backend's it names, else the report's backend's."""
    item = speaking_of(text, about)
    return item.driver_fact if item is not None else None


def read_form_fields(
    lines: list[tuple[int, str]],
    parts: list[Part],
    source: Source,
    vocabulary: Vocabulary,
    about: About,
) -> Reading:
    """GitHub issue forms render each field as a heading and its answer (``### GPUStack
    version`` then ``v2.2.3``): a section whose heading names a subject and whose first line
    is a short answer, not a block."""
    reading = Reading()
    text = dict(lines)
    for part in parts:
        if part.kind != "section":
            continue
        answer = next(
            (n for n in range(part.start + 1, part.end + 1) if text.get(n, "").strip()), None
        )
        if answer is None or len(text[answer]) > 200 or text[answer].lstrip().startswith("`"):
            continue
        where = at_line(source, answer)
        for found in _label_value(part.title, clean_line(text[answer]), where, vocabulary, about):
            reading.add(found, answer)
    return reading


def looks_like_fact(line: str, vocabulary: Vocabulary) -> bool:
    """A line that seems to state a version of something (``label: 1.2.3``, a known name then
    a version, ``name  1.2.3``): listed when no reader used it."""
    if not line.strip() or len(line) > _MAX_LINE or _LOG_LINE.match(line):
        return False
    if _MARKUP_DECLARATION.match(line):
        return False
    text = clean_line(line)
    version = read_version(text)
    if version is None:
        return False
    pair = _PAIR.match(text)
    return bool(
        (pair is not None and version[1] >= pair.start("value"))
        or vocabulary.mention.search(text[: version[1]])
        or re.match(r"^[A-Za-z][\w.\-]*\s+v?\d", text)
    )
