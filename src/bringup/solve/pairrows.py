"""Two pins a package's rows relate, with no row for their pair: unverified, never "runs".

A package's table pairs each of its releases with what the release was built for
(torch_npu.toml: torch_npu 2.7.1 with CANN 8.3.RC1 or 8.3.RC2 and torch 2.7.1). A release
with no row to one of those subjects (torch_npu 2.7.1rc1, named only by the builds record
that pairs every 2.7.1 build with torch 2.7.1) leaves that subject free, and the solver takes
the newest the other rows allow (CANN 9.0.0), which no row vouches for: ``kb why
torch_npu==2.7.1rc1 cann==9.0.0`` says UNKNOWN, "72 row(s) relate torch_npu and cann, for
other versions" (outsider20 D12: lvhaojieming/MIndSpeed@faadbe7
docs/zh/pytorch/training/install_guide.md:66 installs torch_npu-2.7.1rc1). The pin the plan
chose with no row to guide it is the one doubted (CANN), or the package's where that one is
installed. A package's pair with the Python has its own doubt (``pythonrows``,
``toolkitpython``); rows that only bound a setting, a compiler or a host (cxx_standard.toml,
distros.toml) say nothing of the pairs they leave out, so only rows from a distribution count.
A release whose rows to the other subject the host's architecture left out is no such pair
(``archrows``: torch 2.7.0 pins triton on x86_64 only).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

import msgspec

from bringup.model.resolution import Environment, Obstacle, Pin, unchecked
from bringup.solve.solverinput import RuleItem, SolverInput
from bringup.subjects import display_name, is_distribution

_NO_VERSION = frozenset({"index", "unverified"})
"""Pins that are no single release (a range for the installer) or already doubted as one the
knowledge base does not list."""


def _tables(problem: SolverInput) -> dict[tuple[str, str], list[RuleItem]]:
    """A distribution's rows to each other subject but the Python, by (subject, then)."""
    found: dict[tuple[str, str], list[RuleItem]] = {}
    for item in problem.rules:
        if item.then_subject != "python" and is_distribution(item.subject):
            found.setdefault((item.subject, item.then_subject), []).append(item)
    return found


def _covered(items: list[RuleItem], pin: Pin, candidate_of: Mapping[tuple[str, str], int]) -> bool:
    candidate = candidate_of.get((pin.subject, pin.version))
    return candidate is not None and any(candidate in item.when for item in items)


def _silent_here(
    problem: SolverInput, pin: Pin, then: str, candidate_of: Mapping[tuple[str, str], int]
) -> bool:
    """Whether ``pin``'s rows to ``then`` hold only on other architectures (``archrows``):
    its build for this host requires none of ``then``."""
    candidate = candidate_of.get((pin.subject, pin.version))
    return candidate in problem.arch_silent.get((pin.subject, then), frozenset())


class Doubt(NamedTuple):
    """The pin to doubt, the pair's two subjects, and why."""

    subject: str
    pair: tuple[str, str]
    why: str


def unpaired(
    problem: SolverInput, candidate_of: Mapping[tuple[str, str], int], env: Environment
) -> list[Doubt]:
    """The pins of ``env`` to doubt: one of a pair of pins, one to install, that a
    distribution's rows relate for other releases and no row covers in either direction."""
    tables = _tables(problem)
    found: list[Doubt] = []
    for (subject, then), items in sorted(tables.items()):
        pin, other = env.pin(subject), env.pin(then)
        if pin is None or other is None or (pin.installed and other.installed):
            continue
        if pin.origin in _NO_VERSION or other.origin in _NO_VERSION:
            continue
        if (subject, pin.version) not in candidate_of or _covered(items, pin, candidate_of):
            continue
        if _covered(tables.get((then, subject), []), other, candidate_of):
            continue
        if _silent_here(problem, pin, then, candidate_of):
            continue
        if _silent_here(problem, other, subject, candidate_of):
            continue
        doubted = pin if other.installed else other
        topics = ", ".join(sorted({f"{item.rule.topic}.toml" for item in items}))
        why = (
            f"no row pairs {display_name(subject)} {pin.version} with {display_name(then)}"
            f" {other.version}: {topics} pairs them only for other releases"
        )
        found.append(Doubt(doubted.subject, (subject, then), why))
    return found


def pairs_vouched(
    problem: SolverInput, candidate_of: Mapping[tuple[str, str], int], env: Environment
) -> Environment:
    """``env`` with each pin ``unpaired`` doubts marked (``Pin.missing``), so that the plan
    shows it "(unverified)" beside it."""
    doubts: dict[str, tuple[str, ...]] = {}
    for doubt in unpaired(problem, candidate_of, env):
        doubts[doubt.subject] = (*doubts.get(doubt.subject, ()), doubt.why)
    if not doubts:
        return env
    pins = tuple(
        msgspec.structs.replace(pin, missing=pin.missing + doubts[pin.subject])
        if pin.subject in doubts
        else pin
        for pin in env.pins
    )
    return msgspec.structs.replace(env, pins=pins)


def pair_doubts(
    problem: SolverInput,
    candidate_of: Mapping[tuple[str, str], int],
    env: Environment,
    used: Collection[str],
) -> list[Obstacle]:
    """An ``unchecked`` obstacle per pin of ``env`` that ``unpaired`` doubts, for a repo using
    both subjects of the pair."""
    mine: dict[str, tuple[str, ...]] = {}
    for doubt in unpaired(problem, candidate_of, env):
        if set(doubt.pair) <= set(used):
            mine[doubt.subject] = (*mine.get(doubt.subject, ()), doubt.why)
    found = []
    for subject, why in sorted(mine.items()):
        pin = env.pin(subject)
        if pin is not None:
            found.append(unchecked(subject, pin.version, pin.source, why))
    return found
