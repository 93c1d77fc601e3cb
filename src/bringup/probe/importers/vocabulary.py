"""The one vocabulary the report readers match names against: subjects (Python, the OS, a
device, a backend's toolkit and driver...) with their English and Chinese aliases, operating
systems, and the kernel tags that name a distribution -- read from ``vocabulary.toml`` beside
this module and from each backend's own subjects file (its ``ReportTerms.subjects_file``), so
a new alias is data, not code."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import msgspec

from bringup import backends
from bringup.probe.importers.terms import report_terms
from bringup.tomlfile import parse_toml

VOCABULARY_FILE = Path(__file__).with_name("vocabulary.toml")

_NOISE = re.compile(r"\([^()]*\)|[`*_\-.\s'\"：:=|#>]+")
_VERSION_WORDS = re.compile(r"(?:versions?|vers?|版本号|版本|的)$")


class Subject(msgspec.Struct, frozen=True, kw_only=True):
    """One thing a report states: the fact (or Python package) it becomes and how its value
    is read (``version``, ``chip``, ``count``, ``driver``, ``text``)."""

    name: str
    kind: str
    aliases: tuple[str, ...]
    fact: Optional[str] = None
    package: Optional[str] = None


class OsName(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    aliases: tuple[str, ...]


class KernelTag(msgspec.Struct, frozen=True, kw_only=True):
    pattern: str
    os: str
    version: str


class _File(msgspec.Struct, frozen=True, kw_only=True):
    subject: tuple[Subject, ...] = ()
    os: tuple[OsName, ...] = ()
    kernel_tag: tuple[KernelTag, ...] = ()


class Vocabulary(msgspec.Struct, frozen=True, kw_only=True):
    """Subjects by normalised alias, plus the mention pattern that finds any alias in prose."""

    subjects: tuple[Subject, ...]
    by_alias: dict[str, Subject]
    os_names: tuple[OsName, ...]
    kernel_tags: tuple[tuple[re.Pattern[str], KernelTag], ...]
    mention: re.Pattern[str]

    def subject(self, label: str) -> Subject | None:
        """The subject a label names (``**<Device> Driver Version:**`` -> that backend's driver)."""
        return self.by_alias.get(normalise_label(label))

    def os_id(self, text: str) -> str | None:
        """The os-release ID of a distribution named in ``text`` (longest alias first)."""
        lowered = text.lower()
        best: tuple[int, str] | None = None
        for name in self.os_names:
            for alias in name.aliases:
                named = re.search(rf"(?<![a-z]){re.escape(alias)}(?![a-z])", lowered)
                if named and (best is None or len(alias) > best[0]):
                    best = (len(alias), name.id)
        return best[1] if best else None


def normalise_label(label: str) -> str:
    """A label as aliases are compared: lower case, without Markdown marks, punctuation,
    spaces, a parenthesised note or a trailing "version"/"版本" (``Python 版本`` == ``python``)."""
    text = _NOISE.sub("", label.lower())
    previous = None
    while previous != text:
        previous, text = text, _VERSION_WORDS.sub("", text)
    return text


def _build(_registered: object) -> Vocabulary:
    data = _read(VOCABULARY_FILE)
    subjects = list(data.subject)
    for item in report_terms():
        if item.terms.subjects_file is not None:
            subjects += _read(item.terms.subjects_file).subject
    by_alias: dict[str, Subject] = {}
    spellings: set[str] = set()
    for subject in subjects:
        for alias in (subject.name, *subject.aliases):
            by_alias.setdefault(normalise_label(alias), subject)
            spellings.add(alias.lower())
    return Vocabulary(
        subjects=tuple(subjects),
        by_alias=by_alias,
        os_names=data.os,
        kernel_tags=tuple((re.compile(t.pattern), t) for t in data.kernel_tag),
        mention=_mention_pattern(spellings),
    )


def _read(path: Path) -> _File:
    raw = parse_toml(path.read_text(encoding="utf-8"), str(path))
    return msgspec.convert(raw, type=_File)


load_vocabulary = backends.per_registry(_build)
"""The vocabulary of the built-in words and every registered backend's (built once per
registry)."""


def _mention_pattern(spellings: set[str]) -> re.Pattern[str]:
    """Any alias as a word of its own (an ASCII alias is not part of a longer word; digits may
    follow it, as in ``python3.10``); longest first so ``torch ext`` wins over ``torch``. The
    boundaries are written once for all the ASCII aliases: a pattern with one lookaround per
    alias takes tens of milliseconds to compile, which every ``probe --from`` would pay."""

    def body(spelling: str) -> str:
        return r"[\s_\-]*".join(re.escape(word) for word in re.split(r"[\s_\-]+", spelling))

    ordered = sorted(spellings, key=len, reverse=True)
    ascii_part = "|".join(body(s) for s in ordered if s.isascii())
    other_part = "|".join(body(s) for s in ordered if not s.isascii())
    return re.compile(
        rf"(?<![A-Za-z0-9_\-/\[])(?:{ascii_part})(?![A-Za-z_]|\.\d)|{other_part}",
        re.IGNORECASE,
    )
