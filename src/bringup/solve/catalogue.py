"""Known releases per subject: the versions the solver may pick besides what is installed,
from the knowledge base and, under ``--index``, the package index's whole list of a
distribution the knowledge base lists no release of."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, Union

from bringup.model.source import Source


@dataclass(frozen=True)
class Release:
    """One known release and the record it comes from (a knowledge-base file and its public
    document)."""

    version: str
    source: Source
    prerelease: bool = False


class ReleaseIndex(Protocol):
    """What the knowledge base offers: known versions of ``subject``, oldest first."""

    def releases(self, subject: str) -> tuple[str, ...]: ...


def _kb_source(subject: str) -> Source:
    return Source(kind="kb", ref=f"releases/{subject}")


class Catalogue:
    """Releases per subject, read lazily (a stack names a few subjects of the many the
    knowledge base knows). Built from a mapping (tests, benchmarks) or a ``ReleaseIndex``."""

    def __init__(
        self,
        lookup: Callable[[str], Sequence[Union[Release, str]]],
        source_for: Callable[[str], Source] = _kb_source,
    ) -> None:
        self._lookup = lookup
        self._source_for = source_for
        self._cache: dict[str, tuple[Release, ...]] = {}
        self._indexed: frozenset[str] = frozenset()

    @classmethod
    def from_mapping(
        cls,
        releases: Mapping[str, Sequence[Union[Release, str]]],
        source_for: Callable[[str], Source] = _kb_source,
    ) -> Catalogue:
        return cls(lambda subject: releases.get(subject, ()), source_for)

    def releases(self, subject: str) -> tuple[Release, ...]:
        cached = self._cache.get(subject)
        if cached is None:
            source = self._source_for(subject)
            cached = tuple(
                item if isinstance(item, Release) else Release(item, source)
                for item in self._lookup(subject)
            )
            self._cache[subject] = cached
        return cached

    def indexed(self, subject: str) -> bool:
        """Whether the releases of ``subject`` are the package index's whole list: a version
        a spec names that is not on it does not exist (it is no unverified candidate)."""
        return subject in self._indexed

    def with_index(self, listed: Mapping[str, Sequence[Release]]) -> Catalogue:
        """This catalogue, with the index's lists for the subjects it has no release of."""
        taken = {s: tuple(r) for s, r in listed.items() if r and not self.releases(s)}
        made = Catalogue(lambda subject: taken.get(subject) or self.releases(subject))
        made._indexed = frozenset(taken)
        return made


class _ReleaseRecord(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def kind(self) -> str | None: ...


class KnowledgeReleases(ReleaseIndex, Protocol):
    """The knowledge base's release index with its records (``bringup.kb.KnowledgeBase``)."""

    def release_records(self, subject: str | None = None) -> tuple[_ReleaseRecord, ...]: ...


def knowledge_catalogue(kb: KnowledgeReleases) -> Catalogue:
    """Releases from the knowledge base, each citing its ``[[release]]`` record and public
    document, or, for a version only a compatibility row names, the table it comes from; a
    record whose ``kind`` says pre-release (CANN 9.1.0-beta.3) is marked so."""

    def lookup(subject: str) -> list[Release]:
        records = {record.version: record for record in kb.release_records(subject)}
        found = []
        for version in kb.releases(subject):
            record = records.get(version)
            if record is None:
                found.append(Release(version, Source(kind="kb", ref=f"rows naming {subject}")))
                continue
            url = record.source if record.source.startswith(("http://", "https://")) else None
            early = "pre-release" in (record.kind or "")  # cann_releases.toml's betas, alphas
            found.append(Release(version, Source(kind="kb", ref=record.id, url=url), early))
        return found

    return Catalogue(lookup)
