"""The clingo adapter: ground ``encoding.lp`` with a problem's facts once, then answer many
questions against the same ground program by switching items on and off (assumptions).

clingo is imported here only, and only when a problem is solved.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bringup.solve.facts import program_facts
from bringup.solve.solverinput import SolverInput

_ENCODING = resources.files("bringup.solve").joinpath("encoding.lp").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Model:
    """One answer: ``assign`` component id -> environment number (1-based), ``values``
    (environment, candidate id) for per-environment picks, ``machine`` candidate ids picked
    once for the machine; ``optimal`` when proven. (No cost: clingo's cost vector holds only
    the priority levels with ground elements, so two models' costs need not line up.)"""

    assign: dict[int, int]
    values: tuple[tuple[int, int], ...]
    machine: tuple[int, ...]
    violated: tuple[int, ...]
    broken: tuple[tuple[int, int], ...]
    optimal: bool


class Engine:
    """A ground program for placing ``components`` into at most ``environments``
    environments. Items not passed as ``on`` to a call are off for that call."""

    def __init__(
        self, problem: SolverInput, components: Collection[int], environments: int
    ) -> None:
        import clingo

        self._clingo = clingo
        self.components = frozenset(components)
        self.environments = environments
        self._control = clingo.Control(["--warn=none", "--opt-strategy=usc"])
        self._control.add("base", [], _ENCODING)
        self._control.add("base", [], program_facts(problem, self.components, environments))
        self._control.ground([("base", [])])
        self._literal: dict[int, int] = {}
        self._item: dict[int, int] = {}
        self._mode = ""
        for atom in self._control.symbolic_atoms.by_signature("on", 1):
            item = atom.symbol.arguments[0].number
            self._literal[item] = atom.literal
            self._item[atom.literal] = item

    def _assumptions(self, on: Collection[int]) -> list[int]:
        return [lit if item in on else -lit for item, lit in self._literal.items()]

    def satisfiable(self, on: Collection[int]) -> bool:
        return self.core(on) is None

    def _configure(self, mode: str, models: str) -> None:
        """The search mode (``ignore``: any model; ``opt``: the best), set only when it
        changes: an explanation asks for a hundred cores in a row, and setting clasp's
        configuration through clingo's API cost a sixth of each."""
        if self._mode != mode:
            self._control.configuration.solve.opt_mode = mode  # type: ignore[union-attr]
            self._control.configuration.solve.models = models  # type: ignore[union-attr]
            self._mode = mode

    def core(self, on: Collection[int]) -> frozenset[int] | None:
        """None when the ``on`` items hold together; else items that cannot (a core, not
        necessarily minimal)."""
        self._configure("ignore", "1")
        found: list[int] = []
        # Only the items switched on are assumed: an item left free can only be made false
        # by the search when that helps, because an item only ever adds a constraint.
        wanted = [self._literal[item] for item in on if item in self._literal]
        result = self._control.solve(assumptions=wanted, on_core=found.extend)
        if result.satisfiable:
            return None
        return frozenset(self._item[lit] for lit in found if lit in self._item)

    def optimise(self, on: Collection[int], time_limit_s: float) -> Model | None:
        """The best answer found within ``time_limit_s`` (proven optimal unless time ran
        out), or None when the ``on`` items cannot hold together at all."""
        self._configure("opt", "0")
        best: list[Model] = []
        lock = threading.Lock()

        def keep(model: Any) -> None:
            decoded = self._decode(model)
            with lock:
                best.append(decoded)

        with self._control.solve(
            assumptions=self._assumptions(frozenset(on)), on_model=keep, async_=True
        ) as handle:
            finished = handle.wait(time_limit_s)
            if not finished:
                handle.cancel()
            result = handle.get()
        if not best:
            return None
        last = best[-1]
        proven = bool(finished and result.exhausted)
        return Model(last.assign, last.values, last.machine, last.violated, last.broken, proven)

    def _decode(self, model: Any) -> Model:
        assign: dict[int, int] = {}
        values: list[tuple[int, int]] = []
        machine: list[int] = []
        violated: list[int] = []
        broken: list[tuple[int, int]] = []
        for symbol in model.symbols(shown=True):
            args = [a.number for a in symbol.arguments]
            if symbol.name == "assign":
                assign[args[0]] = args[1]
            elif symbol.name == "value":
                values.append((args[0], args[2]))
            elif symbol.name == "gvalue":
                machine.append(args[1])
            elif symbol.name == "violated":
                violated.append(args[0])
            elif symbol.name == "broken":
                broken.append((args[0], args[1]))
        return Model(
            assign=assign,
            values=tuple(sorted(values)),
            machine=tuple(sorted(set(machine))),
            violated=tuple(violated),
            broken=tuple(sorted(broken)),
            optimal=bool(model.optimality_proven),
        )


def items_union(*groups: Iterable[int]) -> frozenset[int]:
    """All items of several groups (a component's requirements, the shared rules)."""
    return frozenset(item for group in groups for item in group)
