"""A repo whose verdict is ``unverified`` still says which of its device steps this machine
skips, as one that runs here does: the verdict line must not drop them (review22 #2)."""

from __future__ import annotations

from bringup.model.plan import Plan, PlanStep, Reason, Tier
from bringup.model.resolution import Obstacle, Verdict
from bringup.model.source import Source
from bringup.report.check_text import verdict_line

# constructed: a repo with one test step skipped for want of its device and one unchecked pin
SRC = Source(kind="file", ref="setup.py", line=1)
STEP = PlanStep(
    order=1,
    component="repo",
    name="pytest",
    kind="test",
    argv=("pytest",),
    status="skip",
    source=SRC,
    environment=1,
    reason=Reason(kind="devices", subject="gpu_count", need=">=1"),
)
UNCHECKED = Obstacle(
    kind="unchecked", subject="torch", detail="1.11.0", source=SRC, missing=("no row",)
)


def test_an_unverified_repo_names_the_device_steps_skipped_here() -> None:
    verdict = Verdict(component="repo", status="unverified", obstacles=(UNCHECKED,), environment=1)
    plan = Plan(tier=Tier(level=0), order=("repo",), steps=(STEP,))
    assert "; 1 step needs a GPU [environment 1]" in verdict_line(verdict, plan)


def test_the_screenful_says_so_too() -> None:
    from bringup.model.resolution import Resolution
    from bringup.report.check_summary import _verdicts

    verdict = Verdict(component="repo", status="unverified", obstacles=(UNCHECKED,), environment=1)
    plan = Plan(tier=Tier(level=0), order=("repo",), steps=(STEP,))
    table = _verdicts(Resolution(verdicts=(verdict,)), plan, {"repo": "/stack/repo"}, [])
    reason = table.rows[0][1].plain
    assert reason.startswith("may run here, unverified")
    assert "; 1 step needs a GPU" in reason
