"""Snapshots from pasted text instead of a live machine: ``npu-smi info`` and ``nvidia-smi``
tables, PyTorch's and vllm-ascend's ``collect_env`` output, ``pip list`` / ``pip freeze``,
CANN install-info and version files, ``nvcc --version`` -- alone or mixed in a whole issue
body. Every fact cites the line of the pasted file it came from."""

from __future__ import annotations

import datetime

from bringup.model import Fact, Snapshot, Source
from bringup.parsing import describe_bad_text
from bringup.probe.importers.collect_env import parse_collect_env
from bringup.probe.importers.packages import parse_packages
from bringup.probe.importers.sections import find_sections
from bringup.probe.parsing import merge

__all__ = ["import_report"]


def import_report(text: str, path: str, *, taken_at: str | None = None) -> Snapshot:
    """Every section of ``text`` (the contents of ``path``) that bringup can read, as one
    snapshot of origin ``report``. Text with no readable section gives a snapshot holding one
    ``unparsed`` fact that says what was expected."""
    source = Source(kind="report", ref=path)
    sections, rest = find_sections(text, source)
    fields = parse_collect_env(rest, source)
    packages = parse_packages(rest, source, fields)
    found = merge(*sections, fields, packages)
    facts = _first_of_each(found.facts)
    if not (facts or found.accelerators or found.toolkits or found.pythons):
        facts = (
            Fact(
                key="report",
                source=source,
                status="unparsed",
                reason=describe_bad_text(
                    text, "npu-smi, nvidia-smi, collect_env, pip list/freeze or CANN version text"
                ),
            ),
        )
    return Snapshot(
        taken_at=taken_at or _now(),
        origin="report",
        facts=facts,
        accelerators=found.accelerators,
        toolkits=found.toolkits,
        pythons=found.pythons,
    )


def _first_of_each(facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """One fact per key: the first ``ok`` one, else the first; a report pasted twice (npu-smi
    in the body and again in collect_env) must not count twice."""
    chosen: dict[str, Fact] = {}
    for fact in facts:
        current = chosen.get(fact.key)
        if current is None or (fact.ok and not current.ok):
            chosen[fact.key] = fact
    return tuple(chosen.values())


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
