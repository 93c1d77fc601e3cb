"""What changed between two snapshots, two runs, or a run and now ("it worked last week"),
pure: facts (versions, variables, driver and firmware), Python interpreters and their
packages, toolkits, devices, and, between runs, each step's outcome. Values that change on
every look (memory in use) are not compared."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, Optional

import msgspec

from bringup.model.snapshot import Snapshot
from bringup.utf8text import json_bytes

Area = Literal["fact", "python", "package", "toolkit", "device", "step"]


class Change(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One difference: ``before``/``after`` None when the thing was absent on that side."""

    area: Area
    key: str
    before: Optional[str] = None
    after: Optional[str] = None


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    return json_bytes(value).decode("utf-8")


def _fact_values(snapshot: Snapshot) -> dict[str, str]:
    """Each fact as one comparable text: its value, or its status when it has no usable
    value (absent, unknown, timed out; the reason's wording is not the fact)."""
    return {
        fact.key: _text(fact.value) if fact.status == "ok" else fact.status
        for fact in snapshot.facts
    }


def _python_values(snapshot: Snapshot) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Each interpreter's version, and the packages of each one whose packages were read."""
    pythons: dict[str, str] = {}
    packages: dict[str, dict[str, str]] = {}
    for python in snapshot.pythons:
        pythons[python.path] = python.version
        if python.packages is not None:
            listed = packages.setdefault(python.path, {})
            listed.update((package.name, package.version) for package in python.packages)
    return pythons, packages


def _package_changes(
    before: Mapping[str, Mapping[str, str]], after: Mapping[str, Mapping[str, str]]
) -> list[Change]:
    """The packages of each interpreter read on both sides. Only the default interpreter is
    inspected: where the default changed (a venv on PATH one time, not the next), the other's
    packages were not read, which is no sign they changed (outsider12 #16: 109 changes, none
    made); the default's change is said once, by its fact."""
    both = set(before) & set(after)

    def keyed(side: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
        return {f"{p} {name}": version for p in both for name, version in side[p].items()}

    return compare("package", keyed(before), keyed(after))


def _toolkit_values(snapshot: Snapshot) -> dict[str, str]:
    return {f"{t.kind} {t.path}": t.version for t in snapshot.toolkits}


def _device_values(snapshot: Snapshot) -> dict[str, str]:
    found = {}
    for a in snapshot.accelerators:
        parts = [a.name, a.family or "", a.compute_capability or "", a.health or ""]
        if a.memory_total_mib is not None:
            parts.append(f"{a.memory_total_mib} MiB")
        found[f"{a.vendor} {a.index}"] = " ".join(p for p in parts if p)
    return found


def compare(area: Area, before: Mapping[str, str], after: Mapping[str, str]) -> list[Change]:
    """Keys added, removed or changed between two mappings, in key order."""
    changes = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old != new:
            changes.append(Change(area=area, key=key, before=old, after=new))
    return changes


def diff_snapshots(before: Snapshot, after: Snapshot) -> list[Change]:
    old_pythons, old_packages = _python_values(before)
    new_pythons, new_packages = _python_values(after)
    return [
        *compare("fact", _fact_values(before), _fact_values(after)),
        *compare("python", old_pythons, new_pythons),
        *_package_changes(old_packages, new_packages),
        *compare("toolkit", _toolkit_values(before), _toolkit_values(after)),
        *compare("device", _device_values(before), _device_values(after)),
    ]


def step_outcomes(steps: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """``(component, name, status)`` rows as ``component: name`` -> the last status (a
    reused step counts as passed: it passed with these inputs)."""
    found = {}
    for component, name, status in steps:
        found[f"{component}: {name}"] = "passed" if status == "reused" else status
    return found


def diff_runs(
    before: Optional[Sequence[tuple[str, str, str]]],
    after: Optional[Sequence[tuple[str, str, str]]],
) -> list[Change]:
    if before is None or after is None:
        return []
    return compare("step", step_outcomes(before), step_outcomes(after))
