"""A Makefile's explicit rules read as data: each target with its line, prerequisites and
recipe lines, the default goal, and what making some goals makes in all (the goals, their
prerequisites and the ``$(MAKE) target`` calls of their recipes, within the one file). Read,
never run: ``make all`` of PaddlePaddle/PaddleMIX@6afaf05 ppdiffusers/Makefile:5 is
``all: deploy-version build deploy``, and ``deploy`` (line 12) runs ``twine upload`` (line 14)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bringup import lazyre
from bringup.scan.commands import Command, parse_commands

_RULE = lazyre.compile(
    r"^([A-Za-z0-9_.][^:=#\s]*(?:[ \t]+[A-Za-z0-9_.][^:=#\s]*)*)\s*::?(?!=)(.*)$"
)
"""``targets: prerequisites [; recipe]``; not ``X := v``, ``X ?= v`` or ``X = a:b``."""
_DEFAULT_GOAL = lazyre.compile(r"^\.DEFAULT_GOAL\s*[:?]?=\s*(\S+)")
_CONDITIONAL = lazyre.compile(r"^\s*(?:ifn?eq|ifn?def|else|endif)\b")
_MAKE = frozenset({"make", "gmake", "$(MAKE)", "${MAKE}"})


class Rule(NamedTuple):
    """One target of an explicit rule: where it is, what it depends on, its recipe lines."""

    target: str
    line: int
    prerequisites: tuple[str, ...]
    recipe: tuple[tuple[int, str], ...]


class Makefile(NamedTuple):
    """A Makefile's rules in file order and its default goal ("" when it has no rule)."""

    rules: tuple[Rule, ...]
    default_goal: str

    def rule(self, target: str) -> Rule | None:
        return next((r for r in self.rules if r.target == target), None)


def read_makefile(text: str) -> Makefile:
    """The explicit rules of ``text`` (pattern rules and variable targets left out); a
    recipe line is one that starts with a tab, continuing the rule above it."""
    started: list[tuple[list[str], int, tuple[str, ...], list[tuple[int, str]]]] = []
    recipe: list[tuple[int, str]] | None = None
    default = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("\t"):
            if recipe is not None:
                recipe.append((number, raw[1:].lstrip("@-+ ")))
            continue
        goal = _DEFAULT_GOAL.match(raw)
        if goal is not None:
            default = goal.group(1)
        if _CONDITIONAL.match(raw) or not raw.strip() or raw.lstrip().startswith("#"):
            continue
        match = _RULE.match(raw)
        recipe = None
        if match is None or "=" in match.group(2).split(";", 1)[0]:
            continue  # not a rule, or a target-specific variable
        targets = [t for t in match.group(1).split() if "%" not in t and "$" not in t]
        depends, _, inline = match.group(2).partition(";")
        recipe = [(number, inline.strip())] if inline.strip() else []
        prerequisites = tuple(p for p in depends.split() if p != "|" and "$" not in p)
        started.append((targets, number, prerequisites, recipe))
    rules = tuple(
        Rule(target, line, prerequisites, tuple(lines))
        for targets, line, prerequisites, lines in started
        for target in targets
    )
    first = next((r.target for r in rules if not r.target.startswith(".")), "")
    return Makefile(rules, default or first)


def made_goals(argv: Sequence[str]) -> tuple[str, ...] | None:
    """The goals a ``make`` command makes in its own Makefile (none named: the default
    goal); None for another program, or a make of another folder or file (``-C``, ``-f``)."""
    if not argv or argv[0].rsplit("/", 1)[-1] not in _MAKE:
        return None
    words = list(argv[1:])
    if any(w.startswith(("-C", "-f", "--directory", "--file", "--makefile")) for w in words):
        return None
    return tuple(w for w in words if not w.startswith("-") and "=" not in w)


def recipe_commands(rule: Rule) -> list[Command]:
    """The commands of a rule's recipe, a line continued with a backslash joined to the
    next."""
    runs: list[list[tuple[int, str]]] = []
    for number, text in rule.recipe:
        if runs and runs[-1][-1][0] == number - 1:
            runs[-1].append((number, text))
        else:
            runs.append([(number, text)])
    return [
        command
        for run in runs
        for command in parse_commands("\n".join(text for _, text in run), first_line=run[0][0])
    ]


def made(makefile: Makefile, goals: Iterable[str]) -> list[tuple[Rule, list[Command]]]:
    """Every rule making ``goals`` runs (no goal: the default), with its recipe's commands,
    each once, in the order make reaches them: prerequisites, then the recipe, whose
    ``$(MAKE) target`` of the same file is followed too."""
    out: list[tuple[Rule, list[Command]]] = []
    seen: set[str] = set()

    def visit(target: str) -> None:
        rule = makefile.rule(target)
        if target in seen or rule is None:
            return
        seen.add(target)
        for prerequisite in rule.prerequisites:
            visit(prerequisite)
        commands = recipe_commands(rule)
        out.append((rule, commands))
        for command in commands:
            for goal in made_goals(command.argv) or ():
                visit(goal)

    for goal in tuple(goals) or (makefile.default_goal,):
        visit(goal)
    return out
