"""Known releases per subject: the versions the solver may pick besides what is installed."""

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

    @classmethod
    def from_mapping(
        cls,
        releases: Mapping[str, Sequence[Union[Release, str]]],
        source_for: Callable[[str], Source] = _kb_source,
    ) -> Catalogue:
        return cls(lambda subject: releases.get(subject, ()), source_for)

    @classmethod
    def from_index(cls, index: ReleaseIndex) -> Catalogue:
        return cls(index.releases)

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
