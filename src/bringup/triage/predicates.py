"""Conditions a signature states about the host, checked against a snapshot (archspec-style:
predicates are registered in code by name, the knowledge base refers to them by name).

A predicate answers True (the snapshot confirms the cause), False (it contradicts it) or None
(the snapshot cannot tell), with the facts it read, so a diagnosis can cite them. Arguments may
carry values captured from the log: ``glibcxx_below = "{version}"``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, Optional, Union

from bringup.model import keys
from bringup.model.facts import Fact
from bringup.model.snapshot import PythonInstall, Snapshot
from bringup.model.source import Source
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

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


def _ok(snapshot: Snapshot, key: str) -> Optional[Fact]:
    fact = snapshot.fact(key)
    return fact if fact is not None and fact.ok and fact.value is not None else None


def _numeric(raw: object) -> Optional[Version]:
    text = re.sub(r"^[A-Za-z_]+", "", str(raw)).strip()
    try:
        return Version(text, "numeric")
    except InvalidVersion:
        return None


def _below(snapshot: Snapshot, key: str, arg: PredicateArg) -> Verdict:
    fact = _ok(snapshot, key)
    have, need = (_numeric(fact.value), _numeric(arg)) if fact else (None, None)
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
    fact = _ok(snapshot, keys.GCC)
    have = _numeric(fact.value) if fact else None
    if fact is None or have is None or not str(arg).isdigit():
        return UNKNOWN
    major = int(str(fact.value).split(".")[0]) if str(fact.value)[:1].isdigit() else None
    return UNKNOWN if major is None else (major > int(str(arg)), (fact,))


_TOOLS = {"ninja": keys.NINJA, "cmake": keys.CMAKE, "gcc": keys.GCC, "g++": keys.GXX}


@predicate("tool_absent", str)
def tool_absent(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The build tool <arg> (ninja, cmake, gcc, g++) was looked for and not found."""
    key = _TOOLS.get(str(arg))
    return UNKNOWN if key is None else _absent(snapshot, key)


@predicate("toolkit_absent", str)
def toolkit_absent(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """No active toolkit of kind <arg> (``cann`` or ``cuda``) on this host."""
    key = {"cann": keys.ASCEND_CANN_ACTIVE, "cuda": keys.CUDA_ACTIVE}.get(str(arg))
    return UNKNOWN if key is None else _absent(snapshot, key)


@predicate("env_unset", str)
def env_unset(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The environment variable <arg> is not set in the probed environment."""
    for prefix in (keys.ASCEND_ENV_PREFIX, "cuda.env.", "env."):
        if snapshot.fact(prefix + str(arg)) is not None:
            return _absent(snapshot, prefix + str(arg))
    return UNKNOWN


_SMI = {"ascend": keys.ASCEND_NPU_SMI, "nvidia": keys.NVIDIA_SMI}
_COUNT = {"ascend": keys.ASCEND_DEVICE_COUNT, "nvidia": keys.NVIDIA_DEVICE_COUNT}


@predicate("smi_unavailable", str)
def smi_unavailable(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The vendor tool (``ascend``: npu-smi, ``nvidia``: nvidia-smi) is missing or failed."""
    fact = snapshot.fact(_SMI.get(str(arg), ""))
    if fact is None or fact.status == "unknown":
        return UNKNOWN
    return (fact.status != "ok", (fact,))


@predicate("no_devices", str)
def no_devices(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The probe found no device of vendor <arg> (``ascend`` or ``nvidia``)."""
    fact = snapshot.fact(_COUNT.get(str(arg), ""))
    if fact is None or fact.status not in ("ok", "absent"):
        return UNKNOWN
    return (fact.status == "absent" or fact.value == 0, (fact,))


@predicate("ascend_device_count_at_most", str)
def ascend_device_count_at_most(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """Fewer NPUs than the requested device id <arg> needs (ids run 0..count-1)."""
    fact = _ok(snapshot, keys.ASCEND_DEVICE_COUNT)
    if fact is None or not str(arg).isdigit() or not isinstance(fact.value, int):
        return UNKNOWN
    return (fact.value <= int(str(arg)), (fact,))


@predicate("ascend_chip_in", str)
def ascend_chip_in(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """Some NPU of this host belongs to a chip family of <arg> (``910,310P``: the ``name``
    scheme, as the knowledge base writes chip families)."""
    devices = [d for d in snapshot.devices("ascend") if d.family]
    try:
        families = SpecifierSet(str(arg), "name")
    except InvalidSpecifier:
        return UNKNOWN
    if not devices:
        return UNKNOWN
    facts = tuple(
        Fact(key=f"ascend.device.{d.index}.family", value=d.family, source=d.source)
        for d in devices
    )
    inside = tuple(f for f in facts if families.contains(str(f.value)))
    return (True, inside) if inside else (False, facts)


@predicate("compute_capability_below", str)
def compute_capability_below(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """Some NVIDIA GPU of this host has a compute capability below <arg>."""
    need = _numeric(arg)
    devices = [d for d in snapshot.devices("nvidia") if d.compute_capability]
    if need is None or not devices:
        return UNKNOWN
    facts = tuple(
        Fact(
            key=f"nvidia.device.{d.index}.compute_capability",
            value=d.compute_capability,
            source=d.source,
        )
        for d in devices
    )
    low = [f for f in facts if (v := _numeric(f.value)) is not None and v < need]
    return (True, tuple(low)) if low else (False, facts)


def _inspected_python(snapshot: Snapshot) -> Optional[PythonInstall]:
    """The default interpreter if its packages were listed, else the first one listed."""
    default = snapshot.value(keys.PYTHON_DEFAULT_PATH)
    inspected = [p for p in snapshot.pythons if p.packages is not None]
    return next((p for p in inspected if p.path == default), inspected[0] if inspected else None)


def _packages(snapshot: Snapshot) -> dict[str, tuple[str, Source]]:
    """Installed distributions of the default interpreter (else the first one inspected)."""
    chosen = _inspected_python(snapshot)
    if chosen is None or chosen.packages is None:
        return {}
    return {
        pkg.name.replace("_", "-").lower(): (pkg.version, chosen.source) for pkg in chosen.packages
    }


def _package_fact(name: str, version: str, source: Source) -> Fact:
    return Fact(key=f"python.package.{name}", value=version, source=source)


@predicate("torch_cpu_build", bool)
def torch_cpu_build(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The installed torch is a CPU-only build (``+cpu``); ``+cuXYZ`` contradicts it."""
    found = _packages(snapshot).get("torch")
    if found is None or "+" not in found[0]:
        return UNKNOWN
    local = found[0].split("+", 1)[1]
    fact = _package_fact("torch", *found)
    return (local.startswith("cpu") == bool(arg), (fact,)) if local[:2] in ("cp", "cu") else UNKNOWN


def _release(version: str, parts: int) -> str:
    return ".".join(re.split(r"[.+]", version)[:parts])


@predicate("torch_npu_mismatch", bool)
def torch_npu_mismatch(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """torch_npu X.Y.Z(.postN) is paired with torch X.Y.Z; the installed pair differs."""
    packages = _packages(snapshot)
    torch, npu = packages.get("torch"), packages.get("torch-npu")
    if torch is None or npu is None:
        return UNKNOWN
    facts = (_package_fact("torch", *torch), _package_fact("torch-npu", *npu))
    return ((_release(torch[0], 3) != _release(npu[0], 3)) == bool(arg), facts)


@predicate("torch_npu_installed", bool)
def torch_npu_installed(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """torch_npu is installed in the inspected interpreter (``false``: it is not)."""
    chosen = _inspected_python(snapshot)
    if chosen is None:
        return UNKNOWN
    found = _packages(snapshot).get("torch-npu")
    if found is None:
        absent = Fact(
            key="python.package.torch-npu",
            source=chosen.source,
            status="absent",
            reason=f"not installed in {chosen.path}",
        )
        return (not bool(arg), (absent,))
    return (bool(arg), (_package_fact("torch-npu", *found),))


@predicate("numpy_major_at_least", str)
def numpy_major_at_least(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The installed numpy's major version is at least <arg>."""
    found = _packages(snapshot).get("numpy")
    if found is None or not found[0][:1].isdigit() or not str(arg).isdigit():
        return UNKNOWN
    major = int(re.split(r"\D", found[0], maxsplit=1)[0])
    return (major >= int(str(arg)), (_package_fact("numpy", *found),))


def _torch_cuda(snapshot: Snapshot) -> Optional[tuple[Version, Fact]]:
    found = _packages(snapshot).get("torch")
    tag = re.search(r"\+cu(\d+)(\d)$", found[0]) if found else None
    if found is None or tag is None:
        return None
    return Version(f"{tag.group(1)}.{tag.group(2)}", "numeric"), _package_fact("torch", *found)


@predicate("driver_older_than_torch_cuda", bool)
def driver_older_than_torch_cuda(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The NVIDIA driver's CUDA version is older than the CUDA the torch build (+cuXYZ) needs."""
    driver = _ok(snapshot, keys.NVIDIA_DRIVER_CUDA)
    torch = _torch_cuda(snapshot)
    have = _numeric(driver.value) if driver else None
    if driver is None or torch is None or have is None:
        return UNKNOWN
    return ((have < torch[0]) == bool(arg), (driver, torch[1]))


@predicate("arch_is", str)
def arch_is(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The host CPU architecture is <arg> (``x86_64``, ``aarch64``)."""
    fact = _ok(snapshot, keys.ARCH)
    return UNKNOWN if fact is None else (fact.value == arg, (fact,))
