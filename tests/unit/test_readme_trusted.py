"""The README's bringup.toml section says what ``trusted`` does, as ``up``'s consent does it: it
said "accepted; no command reads it yet" while ``up`` ran a trusted repo's step without --yes
and suggested setting ``trusted = true``."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Component
from bringup.model.plan import PlanStep
from bringup.run.consent import commands_needing_consent
from solve_inputs import where

README = Path(__file__).resolve().parents[2] / "README.md"


def _trusted_comment() -> str:
    lines = README.read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("trusted = "))
    comment = [lines[start].partition("#")[2]]
    for line in lines[start + 1 :]:
        if not line.lstrip().startswith("#") or line.strip() == "#":
            break
        comment.append(line.strip().lstrip("#"))
    return " ".join(" ".join(comment).split())


def test_the_readme_says_trusted_runs_without_yes() -> None:
    comment = _trusted_comment()
    assert "no command reads it" not in comment
    assert "bringup up" in comment
    assert "without --yes" in comment


def test_up_asks_for_an_untrusted_repo_only() -> None:
    step = PlanStep(
        order=1,
        component="marlin",
        name="install",
        kind="build",
        argv=("pip", "install", "."),
        status="run",
        source=where("marlin/README.md:78"),  # IST-DASLab/marlin README.md:78,
    )
    untrusted = Component(name="marlin", path="marlin", role="other")
    trusted = Component(name="marlin", path="marlin", role="other", trusted=True)
    assert commands_needing_consent([untrusted], [step], []) == {"marlin": ["pip install ."]}
    assert commands_needing_consent([trusted], [step], []) == {}
