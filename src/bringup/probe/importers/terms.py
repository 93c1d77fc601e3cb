"""The words a backend's facts go by in the generic reports people paste (PyTorch's
collect_env, issue templates, package lists, ``dpkg -l``, gpustack's JSON): declared by each
backend as a ``ReportTerms`` in its ``report_importers`` slot, so the generic readers hold no
vendor's table and a plug-in backend adds its own fields without an edit here.

``report_terms()`` gives every registered backend's terms with what its ``Backend`` already
says (its vendor, device facts, driver fact and signature namespace), once per registry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from bringup import backends
from bringup.model import Accelerator, Fact, Source
from bringup.probe.importers.readers import declared

if TYPE_CHECKING:
    from bringup.backends.base import Backend


def _no_family(name: str) -> Optional[str]:
    return None


@dataclass(frozen=True)
class DeviceProperty:
    """A line stating a property of devices listed elsewhere in the report (``<DEVICE>
    0,1 <property>: <value>``): ``pattern`` (group 1 the indices, group 2 the value,
    matched on the stripped line), the ``fact`` it states, and ``apply`` giving a listed
    device that property."""

    pattern: re.Pattern[str]
    fact: str
    apply: Callable[[Accelerator, str], Accelerator]


@dataclass(frozen=True)
class ReportTerms:
    """What a backend's facts are called in the generic reports; every field optional.

    collect_env and tools' key/value reports: ``fields``: label -> (fact key, how its value
    is read: ``version``, ``bool``, ``int``, ``text``, ``banner``); ``packages``: label ->
    the Python package whose version it states; ``labels``: more labels its tools print
    (a report pasted on one line is cut into fields at these, ``fields`` and ``packages``);
    ``absent``: values that say the thing is not there; ``environment``: variables recorded
    as ``<signature namespace>env.NAME``; ``device_lines``: patterns of lines listing its
    devices (matched on the line, group 1 the indices ``0,1``, group 2 the name); ``family``:
    a device's family from its name; ``device_property``: a line giving listed devices a
    property.

    Lines people write: ``words``: a regex of words that make text about this backend (which
    accelerator a ``Driver:`` label means); ``device_words``: a regex of words that make a
    number on a line a count of its devices; ``count_units``: a regex of the unit after such a
    number (a plural-tolerant device word); ``stated_count``: the fact a count people write
    becomes (default: its ``DeviceFacts.count_fact``); ``device_name``: (label, value) -> the
    value of its ``DeviceFacts.name_fact`` a device label's value names, or None;
    ``prose_chip``: (line, whether the report is about this backend) -> the chip family a
    line of prose names; ``libraries``: a library as its ``lib<name>.so.X.Y.Z`` file names it
    -> the fact its version is.

    Package files and lists: ``dpkg``: (regex over a ``dpkg -l`` package name, fact its
    version is); ``dpkg_named``: (regex over a package name whose group 1 is a version, fact);
    ``json_vendors``: how gpustack's worker JSON names its vendor (lower case);
    ``file_names``: readers of names that pack versions (its package files), line -> facts.

    ``expressions``: a Python expression typed at an interpreter's prompt (``torch.version.cuda``)
    -> (fact key, how the answer on the next line is read, as ``fields``).

    ``implied``: a fact key -> the fact the same value also is (a tool's version that is its
    driver's). ``subjects_file``: a TOML file of ``[[subject]]`` tables in the format of
    ``vocabulary.toml``: its subjects' names as people write them."""

    fields: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    labels: tuple[str, ...] = ()
    packages: Mapping[str, str] = field(default_factory=dict)
    absent: tuple[str, ...] = ()
    environment: tuple[str, ...] = ()
    device_lines: tuple[re.Pattern[str], ...] = ()
    family: Callable[[str], Optional[str]] = _no_family
    device_property: Optional[DeviceProperty] = None
    words: str = ""
    device_words: str = ""
    count_units: str = ""
    stated_count: Optional[str] = None
    device_name: Optional[Callable[[str, str], Optional[str]]] = None
    prose_chip: Optional[Callable[[str, bool], Optional[str]]] = None
    libraries: Mapping[str, str] = field(default_factory=dict)
    dpkg: tuple[tuple[str, str], ...] = ()
    dpkg_named: tuple[tuple[str, str], ...] = ()
    json_vendors: tuple[str, ...] = ()
    file_names: tuple[Callable[[str, Source], list[Fact]], ...] = ()
    expressions: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    implied: Mapping[str, str] = field(default_factory=dict)
    subjects_file: Optional[Path] = None


@dataclass(frozen=True)
class BackendTerms:
    """One backend's terms with the facts its ``Backend`` names: ``vendor`` (of the devices
    read), ``count_fact`` (devices a report lists), ``name_fact`` (a device named),
    ``driver_fact``, ``stated_count`` (a count people write), ``env_prefix``, ``environment``
    (the variables a report's lines record: the terms' and the backend's device-visibility
    ones, ``CUDA_VISIBLE_DEVICES``), and ``words`` compiled (None: it has none)."""

    name: str
    vendor: Optional[str]
    terms: ReportTerms
    count_fact: Optional[str]
    name_fact: Optional[str]
    driver_fact: Optional[str]
    stated_count: Optional[str]
    env_prefix: str
    environment: tuple[str, ...]
    words: Optional[re.Pattern[str]]


def _resolve(item: Backend, terms: ReportTerms) -> BackendTerms:
    devices = item.devices
    driver = next((s for s in item.subjects if s.name == item.driver_subject), None)
    count_fact = devices.count_fact if devices is not None else None
    return BackendTerms(
        name=item.name,
        vendor=item.vendor,
        terms=terms,
        count_fact=count_fact,
        name_fact=(devices.name_fact or None) if devices is not None else None,
        driver_fact=driver.fact_key if driver is not None else None,
        stated_count=terms.stated_count or count_fact,
        env_prefix=item.signature_namespace + "env.",
        environment=tuple(dict.fromkeys((*terms.environment, *item.vocabulary.device_env))),
        words=re.compile(terms.words, re.IGNORECASE) if terms.words else None,
    )


def _load(registered: tuple[Backend, ...]) -> tuple[BackendTerms, ...]:
    return tuple(_resolve(item, terms) for item, terms in declared(ReportTerms, registered))


report_terms = backends.per_registry(_load)
"""Every registered backend's report terms, in backend order."""


def speaking_of(text: str, default: Optional[BackendTerms]) -> Optional[BackendTerms]:
    """The first backend whose words ``text`` uses, else ``default``."""
    return next((b for b in report_terms() if b.words and b.words.search(text)), default)


def report_backend(text: str) -> Optional[BackendTerms]:
    """The backend a whole report is about, for labels that do not say (``Driver``): the one
    whose words it uses most, the first registered on a tie (None: no backend has words)."""
    best: Optional[tuple[int, BackendTerms]] = None
    for item in report_terms():
        if item.words is None:
            continue
        count = len(item.words.findall(text[:200_000]))
        if best is None or count > best[0]:
            best = (count, item)
    return best[1] if best else None
