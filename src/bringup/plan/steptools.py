"""The tools a plan's steps run that the environment must hold though no file of the repo
pins them: a test runner (``python -m pytest tests``, BobMcDear/attorch@67c2772 README.md:89,
whose dependencies are torch and triton alone, README.md:20) and the build backend a build
without isolation takes from the environment. ``bringup up`` installs them into the
environment it makes; the plan's next actions name them too (outsider40 D7: the one step
was ``python -m pytest tests`` and the installs named torch and triton only)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from bringup.model.plan import Action, PlanStep
from bringup.model.source import Source
from bringup.plan.isolation import NO_BUILD_ISOLATION
from bringup.subjects import python_subject

STEP_TOOLS = {"pytest": "pytest", "tox": "tox", "nox": "nox"}
"""Test runners a step invokes (``python -m pytest``, ``pytest``) -> the distribution that
provides them: a repo's tests need their runner in the environment even when no file of
the repo pins it (it sits in an optional ``test`` extra or in CI)."""
_UV_SOURCE = Source(kind="kb", ref="uv", url="https://docs.astral.sh/uv/")


def program(argv: Sequence[str]) -> str:
    """What a step runs: the module of ``python -m MODULE``, else the program's name."""
    if len(argv) > 2 and argv[1] == "-m":
        return argv[2]
    return Path(argv[0]).name if argv else ""


def step_tools(steps: Sequence[PlanStep]) -> list[str]:
    """The test runners the steps call, and the build backend a build without isolation
    takes from the environment (``plan.isolation``): a fresh venv has no setuptools."""
    tools: list[str] = []
    for step in steps:
        module = program(step.argv)
        wanted = [STEP_TOOLS[module]] if module in STEP_TOOLS else []
        if NO_BUILD_ISOLATION in step.argv:
            wanted += ["setuptools", "wheel"]
        tools.extend(tool for tool in wanted if tool not in tools)
    return tools


def tool_actions(
    steps: Sequence[PlanStep], environment: int, pinned: Collection[str]
) -> list[Action]:
    """An install, by uv from the index, of each test runner the steps of ``environment``
    call that its pins (``pinned``: subjects) leave out."""
    mine = [s for s in steps if s.environment == environment]
    return [
        Action(
            kind="install",
            subject=tool,
            automatic=True,
            from_index=True,
            environment=environment,
            argv=("uv", "pip", "install", tool),
            source=_UV_SOURCE,
        )
        for tool in step_tools(mine)
        if tool in STEP_TOOLS.values() and not pinned_tool(tool, pinned)
    ]


def pinned_tool(tool: str, pinned: Collection[str]) -> bool:
    """Whether the pins (``pinned``: subjects) hold ``tool`` itself, by either name. The one
    rule of ``plan`` and ``up``: a plugin pinned (pytest-xdist) is not the runner, so both
    install pytest beside it (reread41 L2: ``up`` read any requirement starting with the
    tool's name as the tool, and added none where the plan said "install pytest")."""
    return not {tool, python_subject(tool)}.isdisjoint(pinned)
