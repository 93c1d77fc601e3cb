"""``check`` and ``solve`` answer a script the same way from the same verdicts: a repo that runs
here after installing is not blocked (exit 0 from both; ``check`` exited 1 and ``solve`` 0 for
IST-DASLab/marlin, "runs here after installing torch"), a blocked one is (exit 1 from both)."""

from __future__ import annotations

from bringup.errors import ExitCode
from bringup.exitcodes import check_exit_code, solve_exit_code
from bringup.model import Component
from bringup.plan import plan
from bringup.solve import solve
from solve_inputs import catalogue, component, host, requirement, step

MARLIN = Component(
    name="marlin",
    path="marlin",
    role="other",
    requirements=(requirement("marlin", "torch", ">=2.0.0", "README.md:66"),),
    steps=(step("install"),),
)
"""IST-DASLab/marlin README.md:66 "* `torch>=2.0.0`"; its build step needs no device."""


def _codes(components: list[Component], releases: dict[str, list[str]]) -> tuple[int, int]:
    snapshot = host(packages={})
    resolution = solve(components, snapshot, [], catalogue(releases))
    made = plan(components, resolution, snapshot)
    return check_exit_code(resolution, made), solve_exit_code(resolution)


def test_runs_here_after_installing_is_zero_for_check_and_solve() -> None:
    snapshot = host(packages={})
    resolution = solve([MARLIN], snapshot, [], catalogue({"torch": ["2.3.0"]}))
    assert [(v.status, [o.kind for o in v.obstacles]) for v in resolution.verdicts] == [
        ("runs_after", ["install"])
    ]
    assert _codes([MARLIN], {"torch": ["2.3.0"]}) == (ExitCode.OK, ExitCode.OK)


def test_a_blocked_repo_is_one_for_check_and_solve() -> None:
    torn = component("torn", [("torch", ">=2.0"), ("torch", "<2.0")])
    assert _codes([MARLIN, torn], {"torch": ["1.13.1", "2.3.0"]}) == (
        ExitCode.PROBLEMS,
        ExitCode.PROBLEMS,
    )
