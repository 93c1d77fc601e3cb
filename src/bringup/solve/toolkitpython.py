"""A toolkit pinned beside a Python no row pairs it with: unverified, never "runs".

CANN's toolkit installs Python packages of its own (its operator compiler's ``te``) into the
Python it is set up with, for the Pythons a release supports; the knowledge base pairs CANN
with Python in the rows of packages built on it (torch_npu.toml: torch_npu 2.7.1 on CANN 8.5.0
for Python >= 3.9, < 3.14; vllm_ascend.toml) and, for the releases whose install guide was
read, in cann_python.toml (CANN 9.0.0 -> Python >= 3.7, < 3.14). An environment that pins CANN
and a Python with none of those rows active (a C++ repo on CANN: cann-hccl's "CANN 7.7.T17.0,
Python 3.15") pairs the two with no word from any row: ``kb why cann==7.0.0 python==3.15``
says UNKNOWN, so the repo may run, unverified (outsider23 D20). A toolkit no row ever pairs
with Python (CUDA: torch_cuda.toml states torch's Python and its CUDA builds in separate rows)
is left alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from bringup.model.resolution import Environment, Obstacle, unchecked
from bringup.model.rules import Rule
from bringup.solve.solverinput import SolverInput
from bringup.subjects import display_name, scope_of


def python_toolkits(rules: Sequence[Rule]) -> dict[str, tuple[str, ...]]:
    """The toolkits a knowledge-base record pairs with a Python (a torch_npu row: CANN and
    Python), each with the tables of those records; read from every row, not only those a
    stack's packages bring, since the pairing is what a CANN-only stack lacks."""
    named: dict[tuple[str, str], set[str]] = {}
    for rule in rules:
        _named(named, rule)
    found: dict[str, set[str]] = {}
    for (topic, _id), subjects in named.items():
        if "python" in subjects:
            for toolkit in (s for s in subjects if scope_of(s) == "toolkit"):
                found.setdefault(toolkit, set()).add(f"{topic}.toml")
    return {toolkit: tuple(sorted(tables)) for toolkit, tables in found.items()}


def _named(named: dict[tuple[str, str], set[str]], rule: Rule) -> None:
    """Add the subjects a record pairs to ``named``: what its rows bring (a torch_npu row: CANN
    and Python), and a toolkit its rows are about when they rule on Python
    (cann_python.toml: CANN 9.0.0 -> Python >=3.7,<3.14)."""
    subjects = named.setdefault((rule.topic, rule.id.rsplit("/", 1)[0]), set())
    subjects.add(rule.then_subject)
    if rule.then_subject == "python" and scope_of(rule.subject) == "toolkit":
        subjects.add(rule.subject)


def _active(
    problem: SolverInput, candidate_of: Mapping[tuple[str, str], int], env: Environment
) -> set[str]:
    """The toolkits a row holding in ``env`` pairs with its Python."""
    named: dict[tuple[str, str], set[str]] = {}
    holds: set[tuple[str, str]] = set()
    for item in problem.rules:
        record = (item.rule.topic, item.rule.id.rsplit("/", 1)[0])
        _named(named, item.rule)
        pin = env.pin(item.subject)
        if pin is not None and candidate_of.get((item.subject, pin.version)) in item.when:
            holds.add(record)
    return {
        s
        for record in holds
        if "python" in named[record]
        for s in named[record]
        if scope_of(s) == "toolkit"
    }


def toolkit_python(
    problem: SolverInput,
    candidate_of: Mapping[tuple[str, str], int],
    env: Environment,
    used: set[str],
) -> list[Obstacle]:
    """An ``unchecked`` obstacle per toolkit pin of ``env`` that rows pair with Python for
    some releases, where none of those rows holds in ``env``."""
    python = env.pin("python")
    paired = problem.python_toolkits
    if python is None or not paired.keys() & used:
        return []
    active = _active(problem, candidate_of, env)
    found = []
    for toolkit in sorted(paired.keys() & used - active):
        pin = env.pin(toolkit)
        if pin is None or pin.installed:
            continue
        tables = ", ".join(paired[toolkit])
        name = f"{display_name(toolkit)} {pin.version}"
        found.append(
            unchecked(
                toolkit,
                pin.version,
                pin.source,
                (
                    f"no row pairs {name} with Python {python.version}: only {tables} rows"
                    f" pair {display_name(toolkit)} with a Python, for their packages",
                ),
            )
        )
    return found


def python_vouched(problem: SolverInput, env: Environment) -> Environment:
    """``env`` with its Python pin marked unverified (``Pin.missing``, what no row says) where
    a toolkit to install is one rows pair with a Python and none of those rows holds in
    ``env``: the Python is then the newest no row rules out, not one any row vouches for
    (outsider 18 D5: ops-transformer's "pins: CANN 9.1.0, Python 3.15" while ``kb why
    cann==9.1.0 python==3.15`` says UNKNOWN)."""
    python = env.pin("python")
    paired = problem.python_toolkits
    if python is None or python.origin == "unverified" or not paired:
        return env
    candidate_of = {
        (c.subject, c.version): c.id for group in problem.candidates.values() for c in group
    }
    active = _active(problem, candidate_of, env)
    unpaired = [
        f"no row pairs {display_name(pin.subject)} {pin.version} with Python {python.version}"
        for pin in env.pins
        if pin.subject in paired and pin.subject not in active and not pin.installed
    ]
    if not unpaired:
        return env
    marked = msgspec.structs.replace(python, missing=tuple(unpaired))
    pins = tuple(marked if pin is python else pin for pin in env.pins)
    return msgspec.structs.replace(env, pins=pins)
