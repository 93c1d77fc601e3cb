"""Test files (Python and C/C++): the device guards that decide where a test can run.

``torch.<device>.device_count() < 2`` (skip) and ``device_count() >= 2`` (run) both say the
test needs two devices; ``get_device_capability() >= (9, 0)`` needs compute capability 9.0;
``<module>.is_available()`` one device; ``sys.version_info < (3, 10)`` Python 3.10. Tests are
optional for using a repo, so these requirements are soft; they decide which test steps need
hardware. Comments are ignored; whose device a guard means is read from the names on the line
(or in the file, when the line does not say), in the backends' words (``code_markers``,
``code_modules``, ``device_words``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import NamedTuple, Optional

from bringup import backends, lazyre, patterncache, wordgate
from bringup.backends.base import Backend
from bringup.model import Confidence, Requirement
from bringup.scan.architectures import capability_subject
from bringup.scan.extraction import Extraction, SourceFile

_COUNT = (
    r"\b(?P<name>\w*(?:device_?count|DeviceCount|{counts}num_(?:{plurals}devices)))"
    r"\b(?:\([^()]*\))?\s*(?P<op><=|>=|==|<|>)\s*(?P<n>\d+)"
)
_CAPABILITY = lazyre.compile(
    r"get_device_capability\([^()]*\)\s*(?P<op><=|>=|==|<|>)\s*\(\s*(?P<major>\d+)\s*,\s*(?P<minor>\d+)\s*\)"
)
_PYTHON = lazyre.compile(
    r"sys\.version_info\s*(?P<op><=|>=|<|>)\s*\(\s*(?P<major>\d+)\s*,\s*(?P<minor>\d+)"
)


class _Guards(NamedTuple):
    counts: re.Pattern[str]
    available: Optional[re.Pattern[str]]
    modules: dict[str, str]
    """A module whose ``is_available()`` asks for a device -> that device's kind."""
    markers: tuple[tuple[str, re.Pattern[str]], ...]
    """(device kind, identifiers that make code about it), in registry order."""
    triggers: tuple[str, ...]
    """Words every guard pattern holds one of: only the lines holding one are read (a test
    file of thousands of lines has a handful). The count names are spelled whole
    (``num_npus``, not ``num_``): a kernel's tests say ``num_heads`` on most lines
    (flashinfer: 12,386 of the 14,150 lines read), and each was cleaned and searched."""


def _compile(registered: tuple[Backend, ...]) -> _Guards:
    words = [w.lower() for b in registered for w in b.vocabulary.device_words]
    modules = {m: b.device_kind for b in registered for m in reversed(b.vocabulary.code_modules)}
    counts = "".join(f"{re.escape(w)}_?count|" for w in dict.fromkeys(words))
    plurals = "".join(f"{re.escape(w)}s|" for w in dict.fromkeys(words))
    spelled = "|".join(re.escape(m) for m in modules)
    return _Guards(
        counts=patterncache.compile(_COUNT.format(counts=counts, plurals=plurals)),
        available=patterncache.compile(rf"\b({spelled})\.is_available\(\)") if modules else None,
        modules=modules,
        markers=tuple(
            (b.device_kind, patterncache.compile(b.vocabulary.code_markers, re.IGNORECASE))
            for b in registered
            if b.vocabulary.code_markers
        ),
        triggers=(
            *_count_names(list(dict.fromkeys(words))),
            "get_device_capability",
            "version_info",
            *(("is_available",) if modules else ()),
        ),
    )


def _count_names(words: list[str]) -> tuple[str, ...]:
    """What every match of ``_COUNT``'s name holds one of, for the ``words`` it is built
    with: ``device_count``, ``DeviceCount``, ``<word>_count``, ``num_<word>s`` ..."""
    spelled = ["device_count", "devicecount", "DeviceCount", "num_devices"]
    for word in words:
        spelled += [f"{word}_count", f"{word}count", f"num_{word}s"]
    return tuple(spelled)


guards = backends.per_registry(_compile)
_LINE_COMMENT = lazyre.compile(r"(?:^|\s)(?:#|//).*$")


def _minimum(operator: str, value: int) -> int:
    """The device count a comparison asks for, read as a guard either way round:
    ``count < 2`` (skip when fewer) and ``count >= 2`` (run when enough) both need 2."""
    return {"<": value, ">=": value, "<=": value + 1, ">": value + 1, "==": max(value, 1)}[operator]


def _kind(line: str, file_kind: Callable[[], str | None]) -> str | None:
    """The device kind the line's words name, else the file's (counted only when needed:
    most test files have no guard line that leaves it to the file)."""
    for kind, markers in guards().markers:
        if markers.search(line):
            return kind
    return file_kind()


def _file_kind(text: str) -> str | None:
    """The device kind whose words the file uses most; None on a tie."""
    hits = sorted(((len(m.findall(text)), k) for k, m in guards().markers), reverse=True)
    if not hits or (len(hits) > 1 and hits[0][0] == hits[1][0]):
        return None
    return hits[0][1]


def _lines_with(text: str, words: tuple[str, ...]) -> list[tuple[int, str]]:
    """``(number, line)`` of each line holding one of ``words``, in order, once each; lines
    are counted at ``\\n`` as editors and ``grep -n`` count them (``wordgate.line_starts``)."""
    found: list[tuple[int, str]] = []
    number, counted = 1, 0
    for start in wordgate.line_starts(text, words):
        number += text.count("\n", counted, start)
        counted = start
        stop = text.find("\n", start)
        found.append((number, text[start : len(text) if stop < 0 else stop + 1].rstrip("\r\n")))
    return found


_SKIPS = lazyre.compile(r"\bskip|\bassert\b|\braise\b|\brequires?\b", re.IGNORECASE)
_CHOICE = lazyre.compile(r"^\s*(?:el)?if\s+$|\bif\s+$")


def _fallback(line: str, match: re.Match[str]) -> bool:
    """Whether an ``is_available()`` chooses where the test runs rather than skips it: a
    positive ``if`` or a conditional expression with no skip on the line (``device = "cpu"``
    then ``if torch.cuda.is_available(): device = torch.cuda.current_device()``,
    shanshuo/MindSpeed-MM@dc326082 tests/ut/tools/test_profiler.py:46-48) runs on the CPU
    too; ``not …is_available()`` and a ``skipif`` stay needs."""
    return bool(_CHOICE.search(line, 0, match.start())) and not _SKIPS.search(line)


_ASSIGNED = lazyre.compile(r"^\s*(?P<name>[A-Za-z_]\w{0,40})\s*=\s*[\w.]*get_device_capability\(")
_NEAR = 4
"""How many lines after the assignment its comparison is looked for: the function's next
statements (``capability = torch.cuda.get_device_capability(0)`` then ``return capability >=
(8, 9)``, mobiusml/gemlite@1a6815d tests/test_gemlitelineartriton.py:12-13, outsider 24 D9)."""


def _compared_later(text: str, number: int, line: str) -> list[tuple[int, str, re.Match[str]]]:
    """The comparisons of the name ``line`` (numbered ``number``) assigns the capability to,
    on the next ``_NEAR`` lines: each ``(number, line, match)``."""
    assigned = _ASSIGNED.match(line)
    if assigned is None:
        return []
    name = re.escape(assigned.group("name"))
    pattern = patterncache.compile(
        rf"\b{name}\s*(?P<op><=|>=|==|<|>)\s*\(\s*(?P<major>\d+)\s*,\s*(?P<minor>\d+)\s*\)"
    )
    found = []
    for offset, later in enumerate(text.split("\n")[number : number + _NEAR], 1):
        code = _LINE_COMMENT.sub("", later.rstrip("\r"))
        found += [(number + offset, code, m) for m in pattern.finditer(code)]
    return found


def extract_test_guards(file: SourceFile) -> Extraction:
    """The device, capability and Python guards of one test file, as soft requirements."""
    found = guards()
    file_kind = functools.cache(functools.partial(_file_kind, file.text))
    requirements: list[Requirement] = []

    def add(subject: str, spec: str, line: int, text: str, confidence: Confidence = "high") -> None:
        requirements.append(
            file.requirement(
                subject, spec, line, text=text.strip(), confidence=confidence, hard=False
            )
        )

    capability = capability_subject()
    for number, raw in _lines_with(file.text, found.triggers):
        line = _LINE_COMMENT.sub("", raw)
        if not line.strip():
            continue
        for match in found.counts.finditer(line):
            subject = backends.count_subject(_kind(match.group("name") + " " + line, file_kind))
            count = _minimum(match.group("op"), int(match.group("n")))
            if subject is not None and count >= 1:
                add(subject, f">={count}", number, line)
        for match in found.available.finditer(line) if found.available else ():
            subject = backends.count_subject(found.modules[match.group(1)])
            if subject is not None and not _fallback(line, match):
                add(subject, ">=1", number, line, "medium")
        compared = [(number, line, m) for m in _CAPABILITY.finditer(line)]
        for at, text, match in compared or _compared_later(file.text, number, line):
            operator = match.group("op")
            value = f"{match.group('major')}.{match.group('minor')}"
            spec = {"<": ">=", ">=": ">=", "==": "==", "<=": ">", ">": ">"}[operator] + value
            if capability is not None:
                add(capability, spec, at, text)
        for match in _PYTHON.finditer(line):
            operator = match.group("op")
            value = f"{match.group('major')}.{match.group('minor')}"
            bound = ">=" if operator in ("<", ">=") else ">"
            add("python", f"{bound}{value}", number, line, "medium")
    return Extraction(requirements=tuple(requirements))
