"""Rung order and what stops a rung from running. Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from bringup.ladder.model import Rung, RungResult


def order(rungs: Sequence[Rung]) -> tuple[Rung, ...]:
    """``rungs`` so that each comes after the rungs it requires, otherwise in the order given
    (a backend lists them as an expert checks). A requirement no rung provides, or a cycle,
    is a mistake in the backend's definitions: ``ValueError``."""
    by_id = {rung.id: rung for rung in rungs}
    for rung in rungs:
        missing = [r for r in rung.requires if r not in by_id]
        if missing:
            raise ValueError(f"rung {rung.id} requires unknown rung(s): {', '.join(missing)}")
    placed: dict[str, Rung] = {}
    visiting: set[str] = set()

    def place(rung: Rung) -> None:
        if rung.id in placed:
            return
        if rung.id in visiting:
            raise ValueError(f"rungs require each other in a cycle through {rung.id}")
        visiting.add(rung.id)
        for required in rung.requires:
            place(by_id[required])
        visiting.discard(rung.id)
        placed[rung.id] = rung

    for rung in rungs:
        place(rung)
    return tuple(placed.values())


def blocked_by(rung: Rung, done: Mapping[str, RungResult]) -> Optional[str]:
    """Why ``rung`` cannot run: the first rung it requires that did not pass (or was itself
    blocked), said with that rung's reason; None when it can run. A rung blocked before it
    ran (no command: its own prerequisite stopped it) already names the root, which is said
    once, not nested a level deeper per rung ("operators was blocked (device-init was
    blocked (...))", outsider23b D19)."""
    for required in rung.requires:
        result = done.get(required)
        if result is None or result.passed:
            continue
        if result.verdict == "BLOCKED" and not result.argv:
            return result.reason
        if result.verdict == "BLOCKED":
            return f"{required} was blocked: {result.reason}"
        said = "failed" if result.verdict == "FAIL" else "gave no evidence"
        return f"{required} {said}: {result.reason}"
    return None


def layer_stopped(failed: Optional[RungResult], rung: Rung) -> Optional[str]:
    """Why ``rung`` is not run after ``failed`` stopped the ladder (no ``--keep-going``)."""
    if failed is None:
        return None
    return (
        f"not run: the ladder stopped at the first failing layer ({failed.rung}, "
        f"{failed.layer}); --keep-going runs the rest"
    )


def first_failure(results: Sequence[RungResult]) -> Optional[RungResult]:
    return next((r for r in results if r.verdict in ("FAIL", "ERROR")), None)
