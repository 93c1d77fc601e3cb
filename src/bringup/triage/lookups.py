"""Look-ups that cause and fix templates make in the knowledge base.

``{version:gcc_for_glibcxx}`` names the first GCC whose libstdc++ provides the captured
GLIBCXX symbol version (``3.4.30`` -> ``GCC 12.1.0``), and ``{version:gcc_for_cxxabi}`` the
same for CXXABI. The answer is read, through the knowledge base's query API, from its
``gcc_glibcxx`` rows (what ``bringup kb show gcc_glibcxx`` prints, with their source), so the
table is kept in one place. The knowledge base is loaded only when a template needs it.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Optional

from bringup.errors import StackError
from bringup.subjects import scheme_for
from bringup.versions import InvalidVersion, SpecifierSet, Version

if TYPE_CHECKING:
    from bringup.kb import KnowledgeBase

LOG = logging.getLogger(__name__)

KnowledgeLoader = Callable[[], "KnowledgeBase"]

FIRST_GCC_TABLES = {"gcc_for_glibcxx": "glibcxx", "gcc_for_cxxabi": "cxxabi"}
"""Template table name -> the symbol-version subject it maps to the first GCC providing it."""


def default_knowledge() -> KnowledgeBase:
    """The knowledge base as ``bringup kb`` reads it by default (built-in, then overlays)."""
    from bringup.kb import load_knowledge_base

    return load_knowledge_base()


def lookup_tables(knowledge: Optional[KnowledgeLoader] = None) -> dict[str, Mapping[str, str]]:
    """The knowledge-base look-ups by table name, sharing one lazily loaded knowledge base."""
    loader = functools.lru_cache(maxsize=1)(knowledge or default_knowledge)
    tables: dict[str, Mapping[str, str]] = {
        name: FirstGcc(subject, loader) for name, subject in FIRST_GCC_TABLES.items()
    }
    tables[CUDA_FOR_ARCH] = CudaForArch(loader)
    return tables


def knowledge_of(tables: Mapping[str, Mapping[str, str]]) -> KnowledgeLoader:
    """The loader of the knowledge base a catalogue's look-ups read (``lookup_tables``: the
    one ``--kb``/``--kb-extra`` gave), so that other readings of it ask the same one; the
    default for tables made without look-ups."""
    table = tables.get(CUDA_FOR_ARCH)
    return table.knowledge if isinstance(table, CudaForArch) else default_knowledge


def loaded(knowledge: KnowledgeLoader) -> Optional[KnowledgeBase]:
    """The knowledge base, or None when it cannot be loaded (the look-up then says nothing)."""
    try:
        return knowledge()
    except StackError as error:
        LOG.debug("knowledge base not loaded (%s): look-ups unknown", error)
        return None


class FirstGcc(Mapping[str, str]):
    """Symbol version -> ``GCC X.Y.Z``, the oldest GCC release in the knowledge base whose
    ``gcc -> symbol >= V`` row has ``V`` at least that version: code built by that GCC may
    need symbols up to ``V``, so its own libstdc++ provides them."""

    def __init__(self, subject: str, knowledge: KnowledgeLoader) -> None:
        self._subject = subject
        self._knowledge = knowledge

    @functools.cached_property
    def _provided(self) -> tuple[tuple[Version, str], ...]:
        """(newest symbol version provided, GCC release), oldest GCC first."""
        kb = loaded(self._knowledge)
        if kb is None:
            return ()
        found: list[tuple[Version, str]] = []
        for gcc in kb.releases("gcc"):
            for implication in kb.implications("gcc", gcc):
                if implication.subject == self._subject:
                    floors = [_floor(spec, self._subject) for spec in implication.specs]
                    found.extend((floor, gcc) for floor in floors if floor is not None)
        return tuple(found)

    def __getitem__(self, version: str) -> str:
        try:
            wanted = Version(version, scheme_for(self._subject))
        except InvalidVersion:
            raise KeyError(version) from None
        for provided, gcc in self._provided:
            if provided >= wanted:
                return f"GCC {gcc}"
        raise KeyError(version)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(provided.raw for provided, _ in self._provided))

    def __len__(self) -> int:
        return len(dict.fromkeys(provided.raw for provided, _ in self._provided))


def _floor(spec: str, subject: str) -> Optional[Version]:
    """The lowest ``>=`` bound of ``spec`` (``>=3.4.30`` -> 3.4.30), if it has one."""
    alternatives = SpecifierSet(spec, scheme_for(subject)).alternatives
    floors = [c.version for clauses in alternatives for c in clauses if c.operator == ">="]
    return min(floors) if floors else None


CUDA_FOR_ARCH = "cuda_for_arch"
_ARCH = re.compile(r"(?:compute|sm)_(?P<major>[0-9]{1,2})(?P<minor>[0-9])\Z")
"""An architecture without a suffix: ``sm_90a`` and ``sm_100f`` came after their base one."""


class CudaForArch(Mapping[str, str]):
    """``compute_XY`` / ``sm_XY`` -> the CUDA releases that can target it, as the knowledge
    base's row for compute capability X.Y bounds them: ``>=11.1`` reads "added in CUDA 11.1",
    ``<9.0`` "removed in CUDA 9.0". An architecture no row names is not in the table."""

    def __init__(self, knowledge: KnowledgeLoader) -> None:
        self.knowledge = knowledge

    @functools.cached_property
    def _bounds(self) -> dict[str, str]:
        """Compute capability -> what its ``cuda`` rows say, for every capability with one."""
        kb = loaded(self.knowledge)
        if kb is None:
            return {}
        said: dict[str, str] = {}
        for capability in kb.releases("compute_capability"):
            for implication in kb.implications("compute_capability", capability):
                if implication.subject == "cuda":
                    text = _bound_text(implication.specs)
                    if text:
                        said[capability] = text
        return said

    @functools.cached_property
    def _virtual(self) -> dict[str, str]:
        """Compute capability -> the virtual architecture of a real-only one (its row's
        ``virtual`` detail: sm_21's is compute_20)."""
        kb = loaded(self.knowledge)
        if kb is None:
            return {}
        return {
            record.spec.removeprefix("=="): str(record.details["virtual"])
            for record in kb.rule_records("gpus")
            if isinstance(record.details.get("virtual"), str)
        }

    def __getitem__(self, arch: str) -> str:
        found = _ARCH.match(arch)
        if found is None:
            raise KeyError(arch)
        capability = f"{int(found.group('major'))}.{found.group('minor')}"
        virtual = self._virtual.get(capability)
        if virtual is not None and arch.startswith("compute_") and arch != virtual:
            # "compute_21 was removed in CUDA 9.0" beside CUDA 7.5 rejecting it (outsider17 D16)
            real = f"sm_{arch.removeprefix('compute_')}"
            return (
                f"{arch} is not one of nvcc's virtual architectures: {real} is a real "
                f"architecture, compiled from {virtual} (arch={virtual},code={real})"
            )
        return f"{arch} {self._bounds[capability]}"

    def __iter__(self) -> Iterator[str]:
        return iter(f"compute_{c.replace('.', '')}" for c in self._bounds)

    def __len__(self) -> int:
        return len(self._bounds)


def _bound_text(specs: tuple[str, ...]) -> str:
    """``(">=11.1",)`` -> "was added in CUDA 11.1 (it needs CUDA 11.1 or newer)"; ``("<9.0",)``
    -> "was removed in CUDA 9.0 (only an older toolkit targets it)"; both, joined."""
    added: list[str] = []
    removed: list[str] = []
    for spec in specs:
        for clauses in SpecifierSet(spec, scheme_for("cuda")).alternatives:
            for clause in clauses:
                if clause.operator == ">=":
                    added.append(clause.version.raw)
                elif clause.operator == "<":
                    removed.append(clause.version.raw)
    said = [f"was added in CUDA {v} (it needs CUDA {v} or newer)" for v in added[:1]]
    said += [f"was removed in CUDA {v} (only an older toolkit targets it)" for v in removed[:1]]
    return " and ".join(said)
