"""``plan`` and ``up`` agree on whether an environment's pins hold the test runner its steps
call (reread41 L2): with pytest-xdist pinned the plan said "install pytest" and ``up`` added
none, reading any requirement that starts with the runner's name as the runner."""

from __future__ import annotations

import pytest

from bringup.model.plan import PlanStep
from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import Snapshot
from bringup.model.source import Source
from bringup.plan.steptools import tool_actions
from bringup.run.environments import environment_spec

# a pytest plugin as a requirements file pins it ("pytest-xdist==3.5.0", pytest-xdist's own
# METADATA Requires-Dist: pytest>=7.0.0, https://pypi.org/project/pytest-xdist/3.5.0/)
PINNED = Source(kind="file", ref="requirements-dev.txt", line=1)
STEP = PlanStep(
    order=1,
    component="repo",
    name="pytest -n 4 tests",
    kind="test",
    argv=("pytest", "-n", "4", "tests"),
    status="run",
    source=Source(kind="file", ref="README.md", line=12),
    environment=1,
)
SNAPSHOT = Snapshot(taken_at="2026-12-07T00:00:00Z", origin="replay")


@pytest.mark.parametrize("subject", ["pytest_xdist", "pypi:pytest-xdist"])
def test_a_plugin_pinned_leaves_the_runner_to_install_in_both(subject: str) -> None:
    pins = (Pin(subject=subject, version="3.5.0", origin="release", source=PINNED),)
    environment = Environment(index=1, components=("repo",), pins=pins)
    planned = [a.subject for a in tool_actions([STEP], 1, {p.subject for p in pins})]
    made = environment_spec(environment, SNAPSHOT, [STEP]).requirements
    assert planned == ["pytest"]
    assert "pytest" in made


def test_the_runner_pinned_is_installed_once() -> None:
    pins = (Pin(subject="pytest", version="8.3.4", origin="release", source=PINNED),)
    environment = Environment(index=1, components=("repo",), pins=pins)
    assert tool_actions([STEP], 1, {"pytest"}) == []
    assert environment_spec(environment, SNAPSHOT, [STEP]).requirements.count("pytest") == 0
