"""Conditions a signature states about the host, checked against a snapshot (archspec-style:
predicates are registered in code by name, the knowledge base refers to them by name). The
generic ones are here; each backend registers its own from the modules it names in
``predicates`` (imported at the end of this module).

A predicate answers True (the snapshot confirms the cause), False (it contradicts it) or None
(the snapshot cannot tell), with the facts it read, so a diagnosis can cite them. Arguments may
carry values captured from the log: ``glibcxx_below = "{version}"``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import NamedTuple, Optional, Union

from bringup import backends, subjects
from bringup.model import keys
from bringup.model.facts import Fact
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.versions import InvalidVersion, Version

PredicateArg = Union[str, bool, int, list[str]]
Verdict = tuple[Optional[bool], tuple[Fact, ...]]
PredicateFn = Callable[[Snapshot, PredicateArg], Verdict]

UNKNOWN: Verdict = (None, ())


class Predicate(NamedTuple):
    name: str
    check: PredicateFn
    arg_type: type
    doc: str


PREDICATES: dict[str, Predicate] = {}


def predicate(name: str, arg_type: type) -> Callable[[PredicateFn], PredicateFn]:
    """Register ``check`` under ``name``; data may only name registered predicates."""

    def register(check: PredicateFn) -> PredicateFn:
        if name in PREDICATES:
            raise ValueError(f"predicate {name!r} registered twice")
        PREDICATES[name] = Predicate(name, check, arg_type, (check.__doc__ or "").strip())
        return check

    return register


def ok_fact(snapshot: Snapshot, key: str) -> Optional[Fact]:
    fact = snapshot.fact(key)
    return fact if fact is not None and fact.ok and fact.value is not None else None


def numeric(raw: object) -> Optional[Version]:
    text = re.sub(r"^[A-Za-z_]+", "", str(raw)).strip()
    try:
        return Version(text, "numeric")
    except InvalidVersion:
        return None


def _below(snapshot: Snapshot, key: str, arg: PredicateArg) -> Verdict:
    fact = ok_fact(snapshot, key)
    have, need = (numeric(fact.value), numeric(arg)) if fact else (None, None)
    if fact is None or have is None or need is None:
        return UNKNOWN
    return (have < need, (fact,))


def _absent(snapshot: Snapshot, key: str) -> Verdict:
    fact = snapshot.fact(key)
    if fact is None or fact.status in ("unknown", "timed_out", "unparsed"):
        return UNKNOWN
    return (fact.status in ("absent", "failed") or fact.value in (None, ""), (fact,))


def _version_floor(name: str, key: str, doc: str) -> None:
    """Register ``name``: the snapshot's ``key`` is a version below the predicate's argument."""

    def check(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
        return _below(snapshot, key, arg)

    check.__doc__ = doc
    check.__name__ = name
    predicate(name, str)(check)


_version_floor("glibcxx_below", keys.GLIBCXX_MAX, "The host's libstdc++ stops below GLIBCXX_<arg>.")
_version_floor("cxxabi_below", keys.CXXABI_MAX, "The host's libstdc++ stops below CXXABI_<arg>.")
_version_floor("glibc_below", keys.GLIBC, "The host's glibc is older than <arg>.")
_version_floor("cmake_below", keys.CMAKE, "The CMake on PATH is older than <arg>.")


@predicate("gcc_major_above", str)
def gcc_major_above(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The host GCC's major version is greater than <arg>."""
    fact = ok_fact(snapshot, keys.GCC)
    have = numeric(fact.value) if fact else None
    if fact is None or have is None or not str(arg).isdigit():
        return UNKNOWN
    first = str(fact.value).split(".")[0]
    major = int(first) if first.isascii() and first.isdigit() else None
    return UNKNOWN if major is None else (major > int(str(arg)), (fact,))


_TOOLS = {"ninja": keys.NINJA, "cmake": keys.CMAKE, "gcc": keys.GCC, "g++": keys.GXX}


@predicate("tool_absent", str)
def tool_absent(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The build tool <arg> (ninja, cmake, gcc, g++) was looked for and not found."""
    key = _TOOLS.get(str(arg))
    return UNKNOWN if key is None else _absent(snapshot, key)


@predicate("toolkit_absent", str)
def toolkit_absent(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """No active toolkit <arg> (a toolkit subject of the catalogue) on this host."""
    found = subjects.subject(str(arg))
    if found is None or found.scope != "toolkit" or found.fact_key is None:
        return UNKNOWN
    return _absent(snapshot, found.fact_key)


@predicate("env_unset", str)
def env_unset(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The environment variable <arg> is not set in the probed environment (as a backend's
    collector or the generic one recorded it: ``<namespace>env.<NAME>``)."""
    prefixes = [f"{b.signature_namespace}env." for b in backends.registered()]
    for prefix in (*prefixes, "env."):
        if snapshot.fact(prefix + str(arg)) is not None:
            return _absent(snapshot, prefix + str(arg))
    return UNKNOWN


def _device_fact(vendor: PredicateArg, which: str) -> str:
    """The fact key of vendor <arg>'s tool answer (``tool``) or device count (``count``)."""
    found = backends.by_vendor(str(vendor))
    if found is None or found.devices is None:
        return ""
    return found.devices.tool_fact if which == "tool" else found.devices.count_fact


@predicate("smi_unavailable", str)
def smi_unavailable(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The vendor tool of backend vendor <arg> (its ``Vocabulary.status_command``) is missing or
    failed."""
    fact = snapshot.fact(_device_fact(arg, "tool"))
    if fact is None or fact.status == "unknown":
        return UNKNOWN
    return (fact.status != "ok", (fact,))


@predicate("no_devices", str)
def no_devices(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The probe found no device of backend vendor <arg>."""
    fact = snapshot.fact(_device_fact(arg, "count"))
    if fact is None or fact.status not in ("ok", "absent"):
        return UNKNOWN
    return (fact.status == "absent" or fact.value == 0, (fact,))


def inspected_python(snapshot: Snapshot) -> Optional[PythonInstall]:
    """The default interpreter if its packages were listed, else the first one listed."""
    default = snapshot.value(keys.PYTHON_DEFAULT_PATH)
    inspected = [p for p in snapshot.pythons if p.packages is not None]
    return next((p for p in inspected if p.path == default), inspected[0] if inspected else None)


def installed_packages(snapshot: Snapshot) -> dict[str, tuple[str, Source]]:
    """Installed distributions of the default interpreter (else the first one inspected)."""
    chosen = inspected_python(snapshot)
    if chosen is None or chosen.packages is None:
        return {}
    return {
        pkg.name.replace("_", "-").lower(): (pkg.version, chosen.source) for pkg in chosen.packages
    }


def package_fact(name: str, version: str, source: Source) -> Fact:
    return Fact(key=f"python.package.{name}", value=version, source=source)


@predicate("torch_cpu_build", bool)
def torch_cpu_build(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The installed torch is a CPU-only build (``+cpu``); ``+cuXYZ`` contradicts it."""
    found = installed_packages(snapshot).get("torch")
    if found is None or "+" not in found[0]:
        return UNKNOWN
    local = found[0].split("+", 1)[1]
    fact = package_fact("torch", *found)
    return (local.startswith("cpu") == bool(arg), (fact,)) if local[:2] in ("cp", "cu") else UNKNOWN


def release(version: str, parts: int) -> str:
    return ".".join(re.split(r"[.+]", version)[:parts])


@predicate("numpy_major_at_least", str)
def numpy_major_at_least(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The installed numpy's major version is at least <arg>."""
    found = installed_packages(snapshot).get("numpy")
    if found is None or not found[0][:1].isdigit() or not str(arg).isdigit():
        return UNKNOWN
    major = int(re.split(r"\D", found[0], maxsplit=1)[0])
    return (major >= int(str(arg)), (package_fact("numpy", *found),))


@predicate("arch_is", str)
def arch_is(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The host CPU architecture is <arg> (``x86_64``, ``aarch64``)."""
    fact = ok_fact(snapshot, keys.ARCH)
    return UNKNOWN if fact is None else (fact.value == arg, (fact,))


def _register_backend_predicates() -> None:
    for backend in backends.registered():
        for module in backend.predicates:
            importlib.import_module(module)


_register_backend_predicates()
