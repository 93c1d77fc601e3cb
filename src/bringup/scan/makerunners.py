"""Make targets whose recipes run in an environment of their own, or only package the repo.

LLaMA-Factory's ``make test`` runs ``$(RUN) pytest`` where ``RUN`` is ``uv run`` whenever uv is
installed (hiyouga/LLaMA-Factory@ff6d4d12 Makefile:7,30): uv then syncs and uses the project's own
``.venv``, not the environment bringup planned and installed; its ``make build`` is ``$(BUILD)``,
``uv build`` or ``python -m build`` (:8,12-13), a wheel for publishing that nothing runs
(outsider14 D3). A target of one command run through such a runner is that command, run in the
planned environment (``make test`` is ``WANDB_DISABLED=true pytest -vv … tests/ tests_v1/``);
any other is no step of the repo's route.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Optional

from bringup import lazyre
from bringup.scan.commands import parse_commands
from bringup.scan.makeflags import REFERENCE

_OWN_RUNNER = lazyre.compile(
    r"\buv[ \t]+run\b|\buvx\b|\b(?:poetry|pipenv|hatch|pdm|rye)[ \t]+run\b"
    r"|\buv[ \t]+build\b|\b(?:poetry|hatch|pdm|rye|flit)[ \t]+(?:build|publish)\b"
    r"|-m[ \t]+build\b|\btwine\b"
)
"""A project manager's runner (its own environment) or a distribution build or upload."""
_RUNNERS = (("uv", "run"), ("poetry", "run"), ("pipenv", "run"), ("hatch", "run"), ("pdm", "run"))


def runs_elsewhere(lines: Iterable[str], values: dict[str, str]) -> bool:
    """Whether a recipe (its ``lines``) runs through a project manager's environment or only
    builds or uploads a distribution, in its words or in a variable it names (``values``),
    each variable read once: a 60 KB value named 4,000 times is no 240 MB text (makeflags)."""
    named: set[str] = set()
    for line in lines:
        if _OWN_RUNNER.search(line):
            return True
        named.update(m.group(1) for m in REFERENCE.finditer(line))
    return any(_OWN_RUNNER.search(values.get(name, "")) for name in named)


def without_runner(lines: Sequence[str], values: dict[str, str]) -> Optional[tuple[str, ...]]:
    """The argv of a one-command recipe run through a project manager's runner, the runner
    left off and its variables set through ``env``; None for any other recipe."""
    if len(lines) != 1:
        return None
    written = REFERENCE.sub(
        lambda m: _runner_of(values.get(m.group(1), "")) or m.group(0), lines[0]
    )
    if REFERENCE.search(written):  # another variable still to fill in: no command to run as read
        return None
    commands = parse_commands(written)
    if len(commands) != 1 or not commands[0].plain:
        return None
    argv, env = commands[0].argv, commands[0].env
    runner = next((r for r in _RUNNERS if argv[: len(r)] == r), None)
    if runner is None or len(argv) == len(runner) or argv[len(runner)].startswith("-"):
        return None
    settings = ("env", *(f"{name}={value}" for name, value in env)) if env else ()
    return (*settings, *argv[len(runner) :])


def _runner_of(value: str) -> str:
    """The runner a variable's value picks where uv is found (``$(shell command -v uv … &&
    echo "uv run" || echo "")``, LLaMA-Factory Makefile:7), else ""."""
    found = _OWN_RUNNER.search(value)
    return found.group(0) if found is not None else ""
