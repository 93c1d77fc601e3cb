"""The loaded knowledge base: records by topic, rules for the solver, known releases, and the
queries of ``bringup.kb.query`` bound to them."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Optional, Union

from bringup.kb.floors import series_floors
from bringup.kb.loader import load_compiled
from bringup.kb.query import (
    ChipRows,
    Compatibility,
    Implication,
    ScopedRule,
    SubjectVersion,
    chip_matches,
    parse_subject_version,
    parse_version,
)
from bringup.kb.query import chip_rows as chip_rows_of
from bringup.kb.query import compatible as compatible_pins
from bringup.kb.query import implications as implications_of
from bringup.kb.query import newest as newest_of
from bringup.kb.schema import (
    AnyEntry,
    ChipEntry,
    ChipRecord,
    Compiled,
    PackageEntry,
    PackageRecord,
    Problem,
    ReleaseEntry,
    ReleaseRecord,
    RuleEntry,
    RuleRecord,
    Topic,
)
from bringup.kb.series import series_rules
from bringup.model.rules import Rule
from bringup.subjects import scheme_for
from bringup.versions import Version

SubjectVersionLike = Union[SubjectVersion, str]


class KnowledgeBase:
    """Immutable after loading. ``problems`` are the overlays' problems: files left out and
    why (shown as warnings by normal commands, as errors by ``kb validate``)."""

    def __init__(self, compiled: Compiled) -> None:
        self._compiled = compiled
        self.dirs = tuple(Path(d) for d in compiled.dirs)
        self.topics: tuple[Topic, ...] = compiled.topics
        self.problems: tuple[Problem, ...] = compiled.problems

    def topic(self, name: str) -> Optional[Topic]:
        return next((topic for topic in self.topics if topic.name == name), None)

    def entries(self, topic: Optional[str] = None) -> tuple[AnyEntry, ...]:
        """Every record with its topic and origin, in load order."""
        return tuple(e for e in self._compiled.entries if topic is None or e.topic == topic)

    def rule_records(self, topic: Optional[str] = None) -> tuple[RuleRecord, ...]:
        return tuple(e.record for e in self.entries(topic) if isinstance(e, RuleEntry))

    def release_records(self, subject: Optional[str] = None) -> tuple[ReleaseRecord, ...]:
        if subject is None:
            return tuple(e.record for e in self._compiled.entries if isinstance(e, ReleaseEntry))
        return self._releases_by_subject.get(subject, ())

    @functools.cached_property
    def _releases_by_subject(self) -> dict[str, tuple[ReleaseRecord, ...]]:
        """The release records by subject, in load order, built once: asked per subject, a
        pass over every record cost ``check`` half a millisecond per requirement."""
        found: dict[str, list[ReleaseRecord]] = {}
        for entry in self._compiled.entries:
            if isinstance(entry, ReleaseEntry):
                found.setdefault(entry.record.subject, []).append(entry.record)
        return {subject: tuple(records) for subject, records in found.items()}

    def chips(self) -> tuple[ChipRecord, ...]:
        return tuple(e.record for e in self._compiled.entries if isinstance(e, ChipEntry))

    def chip_families(self) -> tuple[str, ...]:
        """The chip families the chip records name (``910B``, ``910_93``), in load order: the
        names a user may give as a chip (``--chip``, a manifest's ``chips``, a what-if)."""
        return tuple(dict.fromkeys(record.family for record in self.chips()))

    def packages(self) -> tuple[PackageRecord, ...]:
        return tuple(e.record for e in self._compiled.entries if isinstance(e, PackageEntry))

    def rules(
        self,
        topic: Optional[str] = None,
        *,
        chip: Optional[str] = None,
        chips: Sequence[str] = (),
        arch: Optional[str] = None,
    ) -> tuple[Rule, ...]:
        """The compatibility rows as solver input, one ``Rule`` per implied subject (id
        ``<record id>/<subject>``). Rows limited to some chip families are included only
        when one of them is ``chip`` or in ``chips``; rows limited to some architectures
        only when ``arch`` is one of them or unknown (None)."""
        wanted = [*chips, chip] if chip is not None else list(chips)
        return tuple(
            scoped.rule
            for scoped in self._scoped_rules
            if (topic is None or scoped.rule.topic == topic)
            and _for_chips(scoped, wanted)
            and _for_arch(scoped, arch)
        )

    def left_out_by_arch(self, arch: Optional[str], chips: Sequence[str] = ()) -> tuple[Rule, ...]:
        """The rows ``rules(chips=chips, arch=arch)`` leaves out for the architecture alone: a
        release's own requirement on other architectures (torch 2.7.0's wheel pins triton on
        x86_64 only, torch_triton.toml), which says this host's build of it needs none."""
        return tuple(
            scoped.rule
            for scoped in self._scoped_rules
            if _for_chips(scoped, chips) and not _for_arch(scoped, arch)
        )

    def releases(self, subject: str) -> tuple[str, ...]:
        """Known versions of ``subject``, oldest first: its ``[[release]]`` records (and chip
        families for ``chip``) and every exact version (``==X``) the rows name. Names (chips,
        distributions) keep the order they are read in."""
        return self._release_map.get(subject, ())

    def subjects(self) -> tuple[str, ...]:
        """Every subject the knowledge base knows versions of."""
        return tuple(sorted(self._release_map))

    def implications(
        self, subject: str, version: str, *, chip: Optional[str] = None
    ) -> tuple[Implication, ...]:
        """What ``subject==version`` implies for other subjects, with rows and sources."""
        parse_subject_version(f"{subject}=={version}")
        return implications_of(self._scoped_rules, subject, version, chip=chip)

    def chip_rows(self, pins: Sequence[SubjectVersion], chip: str) -> ChipRows:
        """Which rows about ``pins`` ``chip`` keeps and leaves out (``kb why --chip``)."""
        return chip_rows_of(self._scoped_rules, pins, chip)

    def compatible(
        self, a: SubjectVersionLike, b: SubjectVersionLike, *, chip: Optional[str] = None
    ) -> Compatibility:
        """Whether two pins go together; *unknown* when no row covers the pair."""
        return compatible_pins(
            self._scoped_rules, _subject_version(a), _subject_version(b), chip=chip
        )

    def newest(
        self,
        subject: str,
        constraints: Iterable[str] = (),
        *,
        given: Iterable[SubjectVersionLike] = (),
        chip: Optional[str] = None,
    ) -> Optional[str]:
        """The newest known version of ``subject`` within ``constraints`` (specs on it) and
        compatible, by a row, with each pin in ``given``; ``None`` when there is none."""
        if scheme_for(subject) == "name":
            raise ValueError(f"{subject} versions are names, which have no order")
        return newest_of(
            self._scoped_rules,
            self.releases(subject),
            subject,
            constraints,
            given=[_subject_version(p) for p in given],
            chip=chip,
        )

    @functools.cached_property
    def _scoped_rules(self) -> tuple[ScopedRule, ...]:
        rows = tuple(self._export())
        return (*rows, *series_rules(rows), *series_floors(rows, self.releases))

    def _export(self) -> Iterator[ScopedRule]:
        for entry in self._compiled.entries:
            if not isinstance(entry, RuleEntry):
                continue
            record = entry.record
            note = record.note
            if record.chips is not None:
                note = f"only on chips {record.chips}" + (f"; {note}" if note else "")
            for then_subject, then_spec in record.then.items():
                rule = Rule(
                    id=f"{record.id}/{then_subject}",
                    subject=record.subject,
                    spec=record.spec,
                    then_subject=then_subject,
                    then_spec=then_spec,
                    source=record.source,
                    topic=entry.topic,
                    note=note,
                    hard=record.hard,
                    confidence=record.confidence,
                    brings=record.brings,
                    builds=record.builds,
                    metadata=record.metadata,
                )
                yield ScopedRule(rule, record.chips, record.machines)

    @functools.cached_property
    def _release_map(self) -> Mapping[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        today = datetime.date.today().isoformat()
        for entry in self._compiled.entries:
            if isinstance(entry, ReleaseEntry):
                if _not_out_yet(entry.record, today):
                    continue
                found.setdefault(entry.record.subject, []).append(entry.record.version)
            elif isinstance(entry, ChipEntry):
                found.setdefault("chip", []).append(entry.record.family)
            elif isinstance(entry, RuleEntry):
                for subject, spec in (*entry.record.when.items(), *entry.record.then.items()):
                    found.setdefault(subject, []).extend(exact_versions(spec, subject))
        return {subject: _ordered(subject, raws) for subject, raws in found.items() if raws}


def _not_out_yet(record: ReleaseRecord, today: str) -> bool:
    """A release the record plans for a later day than ``today`` (``YYYY-MM-DD``): no plan may
    pick it (``python-3.16``, due 2027-10-06, was chosen as the newest Python)."""
    return record.kind == "planned" and record.date is not None and record.date[:10] > today


def exact_versions(spec: str, subject: str) -> list[str]:
    """The versions a spec names exactly: ``==X`` clauses (no wildcard); for names, the
    allowed names."""
    found = []
    for alternative in spec.split("||"):
        for clause in (part.strip() for part in alternative.split(",")):
            if scheme_for(subject) == "name":
                if clause and not clause.startswith("!"):
                    found.append(clause.lstrip("=").strip())
            elif clause.startswith("==") and not clause.startswith("===") and "*" not in clause:
                found.append(clause[2:].strip())
    return found


def _ordered(subject: str, raws: Sequence[str]) -> tuple[str, ...]:
    unique: dict[Version, str] = {}
    for raw in raws:
        unique.setdefault(parse_version(raw, subject), raw)
    if scheme_for(subject) == "name":
        return tuple(unique.values())
    return tuple(unique[version] for version in sorted(unique))


def _subject_version(value: SubjectVersionLike) -> SubjectVersion:
    return value if isinstance(value, SubjectVersion) else parse_subject_version(value)


def load_knowledge_base(
    *,
    kb_dir: str | Path | None = None,
    extra_dirs: Sequence[str | Path] = (),
    env: Optional[Mapping[str, str]] = None,
    use_cache: bool = True,
) -> KnowledgeBase:
    """The built-in knowledge base (or ``kb_dir`` instead of it) with the overlays on top;
    see ``bringup.kb.paths`` for the order. A compiled copy is cached in the user cache dir
    and reused until a data file changes."""
    return KnowledgeBase(load_compiled(kb_dir, extra_dirs, env=env, use_cache=use_cache))


def _for_chips(scoped: ScopedRule, chips: Sequence[str]) -> bool:
    """Whether a row holds for one of ``chips`` (every row not limited to chip families)."""
    return scoped.chips is None or any(chip_matches(scoped.chips, c) for c in chips)


def _for_arch(scoped: ScopedRule, arch: Optional[str]) -> bool:
    """Whether a row holds on ``arch`` (every row where the architecture is unknown)."""
    return scoped.machines is None or arch is None or arch in scoped.machines.split(",")
