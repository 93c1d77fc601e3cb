"""Accelerator backends, registered in one place: the built-in ones below, then any package
that declares an entry point in the group ``bringup.backends`` (``rocm =
"bringup_rocm:BACKEND"``). Each names a ``Backend`` (``bringup.backends.base``): data about
what it owns, and ``module:attribute`` of its collectors, imported on first use. A backend or
collector whose import fails yields a ``failed`` fact instead of breaking the probe (ReFrame's
and nox's deferred-error registries).

The CPU backend is always present and first: it is the tier every machine has.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar, cast

from bringup.backends.base import Backend, DeviceFacts, Packages
from bringup.versions import schemes

if TYPE_CHECKING:  # the probe imports backends, never the other way at run time
    from importlib import metadata

    from bringup.probe.context import Collector, ProbeContext

ENTRY_POINT_GROUP = "bringup.backends"

BUILTIN: dict[str, str] = {
    "cpu": "bringup.backends.cpu:BACKEND",
    "ascend": "bringup.backends.ascend:BACKEND",
    "cuda": "bringup.backends.cuda:BACKEND",
}
"""Backend name -> ``module:attribute`` of its ``Backend``. ``cpu`` first."""


class Registry:
    """The loaded backends in order, and those whose definition could not be imported."""

    def __init__(self, backends: tuple[Backend, ...], broken: dict[str, str]) -> None:
        self.backends = backends
        self.broken = broken


def _load(target: str) -> Backend:
    module_name, _, attribute = target.partition(":")
    return cast(Backend, getattr(importlib.import_module(module_name), attribute))


def _declared_anywhere(group: str) -> bool:
    """Whether an installed distribution may declare entry points of ``group``: the words
    searched for in the ``entry_points.txt`` of every ``*.dist-info`` and ``*.egg-info``
    folder of the ``sys.path`` folders, where ``importlib.metadata`` reads them. Importing
    that module and reading every distribution costs ~12 ms, a thirtieth of a ``bringup
    check``, on the machines without a plug-in (most). What this cannot search so plainly
    (another finder of distributions, a zip or an egg on the path) counts as declared."""
    from importlib.machinery import PathFinder

    finders = (getattr(f, "find_distributions", None) for f in sys.meta_path if f is not PathFinder)
    if any(find is not None for find in finders):
        return True
    words = group.encode("utf-8")
    for entry in sys.path:
        if not isinstance(entry, str) or entry.lower().endswith(".egg"):
            return True
        root = entry or "."
        try:
            children = os.listdir(root)
        except OSError:
            if os.path.isfile(root):
                return True
            continue
        for child in children:
            if not child.lower().endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(root, child, "entry_points.txt"), "rb") as declared:
                    if words in declared.read():
                        return True
            except OSError:
                continue
    return False


def _entry_points() -> Iterator[tuple[str, Callable[[], object]]]:
    if not _declared_anywhere(ENTRY_POINT_GROUP):
        return
    from importlib import metadata

    found = metadata.entry_points()
    points: Iterable[metadata.EntryPoint]
    if hasattr(found, "select"):  # Python 3.10 and later
        points = found.select(group=ENTRY_POINT_GROUP)
    else:  # Python 3.9: a dict of groups
        points = cast("dict[str, list[metadata.EntryPoint]]", found).get(ENTRY_POINT_GROUP, [])
    for point in points:
        yield point.name, point.load


@functools.cache
def registry() -> Registry:
    """Built-in backends, then entry-point ones (a name already taken is skipped)."""
    backends: list[Backend] = []
    broken: dict[str, str] = {}
    loaders: list[tuple[str, Callable[[], object]]] = [
        (name, functools.partial(_load, target)) for name, target in BUILTIN.items()
    ]
    loaders.extend(_entry_points())
    for name, load in loaders:
        if name in broken or any(b.name == name for b in backends):
            continue
        try:
            backends.append(cast(Backend, load()))
        except (ImportError, AttributeError) as error:
            broken[name] = str(error)
    for item in backends:
        for scheme_name, scheme in item.schemes.items():
            schemes.register(scheme_name, scheme)
    return Registry(tuple(backends), broken)


T = TypeVar("T")


_HELD: list[list[Any]] = []
"""Each ``per_registry`` table's holder (empty, or its one value), emptied by ``reset``."""


def per_registry(build: Callable[[tuple[Backend, ...]], T]) -> Callable[[], T]:
    """``build`` over the registered backends, computed once per registry (again after a
    ``reset``, which empties every holder): for tables the scan compiles from every
    backend's vocabulary. A table already built costs one list lookup: a scan asks for
    them ~116,000 times (MindIE-LLM), and asking the registry each time whether it had been
    reset cost ~200 ns more an ask (~25 ms of that scan's CPU)."""
    held: list[T] = []
    _HELD.append(held)

    def get() -> T:
        if not held:
            held.append(build(registry().backends))
        return held[0]

    return get


F = TypeVar("F", bound=Callable[..., object])


def remembering(maxsize: int) -> Callable[[F], F]:
    """A decorator: the function's last ``maxsize`` answers kept (``functools.lru_cache``),
    forgotten with the registry (after a ``reset``), for a pure function of hashable
    arguments that reads the backends' words. Its answers are shared: they must not be
    changed (tuples, strings)."""

    def decorate(function: F) -> F:
        cached = per_registry(lambda _: functools.lru_cache(maxsize)(function))

        @functools.wraps(function)
        def call(*args: object) -> object:
            return cached()(*args)

        return cast(F, call)

    return decorate


def _names(registered: tuple[Backend, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for item in registered:
        for name, subject in item.vocabulary.names.items():
            found.setdefault(name, subject)
    return found


names = per_registry(_names)
"""Every backend's names for its subjects (lower case) -> subject; the first backend wins."""


def reset() -> None:
    """Forget the loaded backends and the catalogue built from them (after installing a
    plug-in, or in a test that registers one)."""
    from bringup import subjects

    registry.cache_clear()
    for held in _HELD:
        held.clear()
    subjects.reset()
    schemes.forget_registered()


def registered() -> tuple[Backend, ...]:
    return registry().backends


def backend_names() -> tuple[str, ...]:
    return tuple(b.name for b in registered()) + tuple(registry().broken)


def backend(name: str) -> Backend:
    for found in registered():
        if found.name == name:
            return found
    raise KeyError(f"unknown backend {name!r}; known backends: {', '.join(backend_names())}")


def with_devices() -> tuple[tuple[Backend, DeviceFacts], ...]:
    """The backends that have devices, each with how its devices are read."""
    return tuple((b, b.devices) for b in registered() if b.devices is not None)


def owner_of(subject: str) -> Optional[Backend]:
    """The backend whose subject (or device count, or driver) ``subject`` is (the first
    registered, when two declare it)."""
    return _owners().get(subject)


def _owner_table(registered: tuple[Backend, ...]) -> dict[str, Backend]:
    owners: dict[str, Backend] = {}
    for found in registered:
        for item in found.subjects:
            owners.setdefault(item.name, found)
    return owners


_owners = per_registry(_owner_table)
"""Subject name -> its backend, once per registry (a check asks ~1,500 times)."""


def by_vendor(vendor: str) -> Optional[Backend]:
    for found in registered():
        if found.vendor == vendor:
            return found
    return None


def count_subject(kind: Optional[str]) -> Optional[str]:
    """The device-count subject of device kind ``kind`` (``npu`` -> ``npu_count``): the first
    backend's of that kind that has devices."""
    for item, devices in with_devices():
        if item.device_kind == kind:
            return devices.count_subject
    return None


def kind_of_count(subject: str) -> Optional[str]:
    """The device kind whose devices ``subject`` counts (``gpu_count`` -> ``gpu``)."""
    for item, devices in with_devices():
        if devices.count_subject == subject:
            return item.device_kind
    return None


def collectors() -> dict[str, Collector]:
    """Every registered backend's collectors by name, each imported when first called for;
    a backend that could not be loaded gets one collector that reports it."""
    found: dict[str, Collector] = {}
    for item in registered():
        for name, target in item.collectors.items():
            found[name] = _collector(name, target)
    for name, error in registry().broken.items():
        found[name] = _broken(name, error)
    return found


def load_collector(name: str) -> Collector:
    """The collector called ``name``; an unknown name lists the valid ones."""
    for item in registered():
        if name in item.collectors:
            return _collector(name, item.collectors[name])
    if name in registry().broken:
        return _broken(name, registry().broken[name])
    raise KeyError(f"unknown backend {name!r}; known backends: {', '.join(backend_names())}")


def _collector(name: str, target: str) -> Collector:
    module_name, _, attribute = target.partition(":")
    try:
        collector: Collector = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        return _broken(name, str(error))
    return collector


def _broken(name: str, error: str) -> Collector:
    from bringup.model import Fact, Source
    from bringup.parsing import Collected

    def collector(ctx: ProbeContext) -> Collected:
        fact = Fact(
            key=f"probe.{name}",
            source=Source(kind="derived", ref=f"backend {name}"),
            status="failed",
            reason=f"backend {name} cannot be loaded: {error}",
        )
        return Collected(facts=(fact,))

    return collector


def image_tag(item: Backend, version: str, python: str, chip: Optional[str]) -> dict[str, str]:
    """The values ``item`` fills its base image's tag rule with (``Backend.image_tag``)."""
    if item.image_tag is None:
        return {}
    module_name, _, attribute = item.image_tag.partition(":")
    values: Callable[[str, str, Optional[str]], dict[str, str]]
    values = getattr(importlib.import_module(module_name), attribute)
    return values(version, python, chip)


def packages(subject: str, version: str, *, chip: Optional[str], arch: str) -> Optional[Packages]:
    """The vendor package files of ``subject`` ``version`` for ``chip`` on ``arch``, from the
    backend that declares them (None: no backend publishes ``subject`` as files)."""
    for item in registered():
        target = item.packages.get(subject)
        if target is not None:
            module_name, _, attribute = target.partition(":")
            name: Callable[[str, Optional[str], str], Optional[Packages]]
            name = getattr(importlib.import_module(module_name), attribute)
            return name(version, chip, arch)
    return None
