"""The shape of knowledge-base TOML files, and of the compiled knowledge base.

A file holds one topic (``topic = "torch"``, the file's stem by default) and arrays of
records: ``[[rule]]`` (a compatibility row), ``[[release]]`` (a known version of a subject),
``[[chip]]`` (a chip family) and ``[[package]]`` (a toolkit's package file). Every record has a
stable ``id`` and a ``source``; an overlay record that takes the place of an existing one says
so with ``replaces = "<id>"``. Versions and specifiers are strings, always: TOML reads
``12.10`` as the number 12.1.
"""

from __future__ import annotations

from typing import Literal, Optional, Union

import msgspec

from bringup.errors import KnowledgeBaseError
from bringup.model.source import Confidence

Detail = Union[str, list[str], dict[str, str]]
"""A table column that is not a rule: a word, a list of names, or values by name (a
device's nominal TFLOP/s: ``peak_tflops_bf16 = { "<device name>" = "989.5" }``; numbers are
strings in the knowledge base, as versions are)."""
RecordKind = Literal["rule", "release", "chip", "package"]
RECORD_KINDS: tuple[RecordKind, ...] = ("rule", "release", "chip", "package")
FILE_KEYS = frozenset({"topic", "title", *RECORD_KINDS})


class RuleRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A compatibility row: when ``when``'s one subject is in its spec, each subject of
    ``then`` must be in its spec (``then = { <toolkit> = "==8.0.RC1", python = ">=3.8,<3.12" }``).
    ``chips`` limits the row to some chip families (``"910B"``, ``"!950"``); ``hard = false``
    makes it a recommendation; ``brings = false`` makes a hard row of a package only bound
    ``then``'s subjects where an environment has them, not install them (a torch wheel needs
    no CUDA toolkit, but one beside it must have torch's major); ``builds = true`` marks a
    recommendation that lists the published builds of ``when``'s release (torch 2.7's CUDA
    variants); ``machines`` limits it to some host architectures (``"x86_64"``: a wheel's
    ``platform_machine`` marker), kept where the host's is unknown; ``metadata = true`` marks
    a row read from ``when``'s release's own published requirements (its wheel's
    Requires-Dist), which an installer reads too; ``details`` carries table columns that are
    not rules."""

    id: str
    when: dict[str, str]
    then: dict[str, str]
    source: str
    note: Optional[str] = None
    confidence: Confidence = "high"
    hard: bool = True
    brings: bool = True
    builds: bool = False
    metadata: bool = False
    chips: Optional[str] = None
    machines: Optional[str] = None
    details: dict[str, Detail] = {}
    replaces: Optional[str] = None

    @property
    def subject(self) -> str:
        return next(iter(self.when))

    @property
    def spec(self) -> str:
        return next(iter(self.when.values()))


class ReleaseRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A known version of ``subject``; dates are ``YYYY-MM-DD`` or ``YYYY-MM`` strings."""

    id: str
    subject: str
    version: str
    source: str
    date: Optional[str] = None
    end_of_life: Optional[str] = None
    kind: Optional[str] = None
    note: Optional[str] = None
    confidence: Confidence = "high"
    replaces: Optional[str] = None


class ChipRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A chip family as ``Accelerator.family`` names it. The fields are the Ascend backend's
    (``soc_versions``, ``npu_smi_names``: what its tools print), the one that has chip files."""

    id: str
    family: str
    source: str
    title: Optional[str] = None
    pci_device_id: Optional[str] = None
    soc_versions: list[str] = []
    npu_smi_names: list[str] = []
    products: list[str] = []
    note: Optional[str] = None
    confidence: Confidence = "high"
    replaces: Optional[str] = None
    details: dict[str, Detail] = {}


class PackageRecord(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A package file name pattern of toolkit ``subject``, the toolkit
    ``versions`` it applies to, and its role. The older spelling names the toolkit as the
    field (``<toolkit> = ">=5.0"``); the loader reads it as ``subject`` and ``versions``."""

    id: str
    name: str
    role: str
    subject: str
    versions: str
    source: str
    chips: Optional[str] = None
    note: Optional[str] = None
    confidence: Confidence = "high"
    replaces: Optional[str] = None


Record = Union[RuleRecord, ReleaseRecord, ChipRecord, PackageRecord]
RECORD_TYPES: dict[RecordKind, type[Record]] = {
    "rule": RuleRecord,
    "release": ReleaseRecord,
    "chip": ChipRecord,
    "package": PackageRecord,
}


class Origin(msgspec.Struct, frozen=True):
    """Where a record was read: the file and the line of its ``[[kind]]`` header."""

    path: str
    line: Optional[int]

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path


class Problem(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One thing wrong with a knowledge-base file: file, line, record id and field."""

    path: str
    message: str
    line: Optional[int] = None
    record_id: Optional[str] = None
    field: Optional[str] = None

    def error(self) -> KnowledgeBaseError:
        """The problem as the exception ``bringup.errors`` defines for it."""
        return KnowledgeBaseError(
            self.message,
            path=self.path,
            line=self.line,
            record_id=self.record_id,
            field=self.field,
        )

    def __str__(self) -> str:
        """``file:line: record 'id', field 'name': message``."""
        return str(self.error())


class Topic(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A topic and the files that contributed records to it."""

    name: str
    title: Optional[str] = None
    paths: tuple[str, ...] = ()


class Entry(msgspec.Struct, frozen=True, tag_field="kind"):
    """A record with its topic and origin, as kept in the compiled knowledge base."""

    topic: str
    origin: Origin


class RuleEntry(Entry, frozen=True, tag="rule"):
    record: RuleRecord


class ReleaseEntry(Entry, frozen=True, tag="release"):
    record: ReleaseRecord


class ChipEntry(Entry, frozen=True, tag="chip"):
    record: ChipRecord


class PackageEntry(Entry, frozen=True, tag="package"):
    record: PackageRecord


AnyEntry = Union[RuleEntry, ReleaseEntry, ChipEntry, PackageEntry]
ENTRY_TYPES: dict[RecordKind, type[AnyEntry]] = {
    "rule": RuleEntry,
    "release": ReleaseEntry,
    "chip": ChipEntry,
    "package": PackageEntry,
}


class Compiled(msgspec.Struct, frozen=True, kw_only=True):
    """Everything loading produces, in a form msgpack stores and reads back fast: the
    surviving entries in load order and the problems found in overlays (warnings for normal
    commands). ``key`` identifies the data files it was compiled from."""

    key: str
    dirs: tuple[str, ...]
    topics: tuple[Topic, ...]
    entries: tuple[AnyEntry, ...]
    problems: tuple[Problem, ...]
