"""Failure-signature predicates about Ascend hosts: device ids, chip families, CANN, torch_npu.

Registered into ``bringup.triage.predicates`` when it loads (the backend names this module
in ``predicates``)."""

from __future__ import annotations

from bringup.backends.ascend import keys as ascend_keys
from bringup.model.facts import Fact
from bringup.model.snapshot import Snapshot
from bringup.subjects import scheme_for
from bringup.triage.predicates import (
    UNKNOWN,
    PredicateArg,
    Verdict,
    inspected_python,
    installed_packages,
    ok_fact,
    package_fact,
    predicate,
    release,
)
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet


@predicate("ascend_device_count_at_most", str)
def ascend_device_count_at_most(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """Fewer NPUs than the requested device id <arg> needs (ids run 0..count-1)."""
    fact = ok_fact(snapshot, ascend_keys.ASCEND_DEVICE_COUNT)
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


@predicate("cann_in", str)
def cann_in(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The CANN toolkit in use (the ``latest`` link's) is within <arg> (``==8.2.*``): a cause
    only one CANN release shows is ruled out on a host with another."""
    fact = ok_fact(snapshot, ascend_keys.ASCEND_CANN_ACTIVE)
    if fact is None:
        return UNKNOWN
    try:
        return (SpecifierSet(str(arg), scheme_for("cann")).contains(str(fact.value)), (fact,))
    except (InvalidSpecifier, InvalidVersion):
        return UNKNOWN


@predicate("torch_npu_mismatch", bool)
def torch_npu_mismatch(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """torch_npu X.Y.Z(.postN) is paired with torch X.Y.Z; the installed pair differs."""
    packages = installed_packages(snapshot)
    torch, npu = packages.get("torch"), packages.get("torch-npu")
    if torch is None or npu is None:
        return UNKNOWN
    facts = (package_fact("torch", *torch), package_fact("torch-npu", *npu))
    return ((release(torch[0], 3) != release(npu[0], 3)) == bool(arg), facts)


@predicate("torch_npu_installed", bool)
def torch_npu_installed(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """torch_npu is installed in the inspected interpreter (``false``: it is not)."""
    chosen = inspected_python(snapshot)
    if chosen is None:
        return UNKNOWN
    found = installed_packages(snapshot).get("torch-npu")
    if found is None:
        absent = Fact(
            key="python.package.torch-npu",
            source=chosen.source,
            status="absent",
            reason=f"not installed in {chosen.path}",
        )
        return (not bool(arg), (absent,))
    return (bool(arg), (package_fact("torch-npu", *found),))


@predicate("ascend_host", bool)
def ascend_host(snapshot: Snapshot, arg: PredicateArg) -> Verdict:
    """The host runs the Ascend stack (``false``: it does not): it counts NPUs, or torch_npu
    is installed in the inspected interpreter. A pasted ``npu-smi info`` lists the NPUs and no
    Python packages: the NPUs alone say whose host it is (outsider17 D8: on 2 x 910B4, the
    CUDA path on an NPU host stayed unconfirmed under "reinstall the CUDA build of torch")."""
    count = ok_fact(snapshot, ascend_keys.ASCEND_DEVICE_COUNT)
    if count is not None and isinstance(count.value, int) and count.value > 0:
        return (bool(arg), (count,))
    held, facts = torch_npu_installed(snapshot, True)
    if held is None:
        return UNKNOWN
    return (held == bool(arg), facts)
