"""The verdict's ``text`` counts skipped steps by what each needs, as its ``skipped`` does: a step
that waits for a path to fill in is no device step (outsider10 D18: mindpose's eval step made
"2 device steps need other hardware" beside "1 step needs a device; 1 step needs your input")."""

from __future__ import annotations

from bringup.model.plan import Plan, PlanStep, Reason, Tier
from bringup.model.resolution import Verdict
from bringup.model.source import file_source
from bringup.report.check_rows import skip_groups
from bringup.report.check_text import verdict_line

# mindspore-lab/mindpose@85b42778 README.md:86 and README.md:104
TRAIN = PlanStep(
    order=1,
    component="mindpose",
    name="train",
    kind="run",
    argv=(
        "mpirun",
        "--allow-run-as-root",
        "-n",
        "4",
        "python",
        "tools/train.py",
        "--config",
        "configs/hrnet/hrnet_w32_ascend.yaml",
    ),
    status="skip",
    source=file_source("README.md", 86),
    environment=1,
    reason=Reason(kind="devices", need="4"),
)
EVAL = PlanStep(
    order=2,
    component="mindpose",
    name="eval",
    kind="run",
    argv=(
        "python",
        "tools/eval.py",
        "--config=configs/hrnet/hrnet_w32_ascend.yaml",
        "--ckpt=/path/to/model.ckpt",
    ),
    status="skip",
    source=file_source("README.md", 104),
    environment=1,
    reason=Reason(kind="input", need="--ckpt=/path/to/model.ckpt"),
)


def test_the_verdict_counts_skipped_steps_as_skipped_does() -> None:
    verdict = Verdict(component="mindpose", status="runs", environment=1)
    plan = Plan(tier=Tier(level=0), order=("mindpose",), steps=(TRAIN, EVAL))
    line = verdict_line(verdict, plan)
    assert "device steps" not in line
    for group in skip_groups((TRAIN, EVAL)):
        assert f"; {group}" in line
    assert line.endswith("; 1 step needs your input (a path or name to fill in) [environment 1]")
