"""An unverified verdict reads the same in the screenful and in the verdict line of ``check``'s
text and ``solve`` (review22 #11): "may run here, unverified: ..."."""

from __future__ import annotations

from bringup.model.resolution import Obstacle, Resolution, Verdict
from bringup.model.source import Source
from bringup.report.check_rows import deciding_reason
from bringup.report.verdict_wording import explain_verdict

# constructed: a repo with one pin no row of the knowledge base says the Python of
SRC = Source(kind="file", ref="setup.py", line=1)
UNCHECKED = Obstacle(
    kind="unchecked", subject="torch", detail="1.11.0", source=SRC, missing=("no row",)
)
INSTALL = Obstacle(kind="install", subject="torch", detail="==1.11.0", source=SRC)


def test_the_screenful_and_the_verdict_line_word_it_alike() -> None:
    verdict = Verdict(component="repo", status="unverified", obstacles=(UNCHECKED,), environment=1)
    screen = deciding_reason(verdict, Resolution(verdicts=(verdict,)), "/stack")
    assert screen.startswith("may run here, unverified: torch 1.11.0")
    assert explain_verdict(verdict) == "may run here, unverified: torch 1.11.0: no row"


def test_after_installing_too() -> None:
    verdict = Verdict(
        component="repo", status="unverified", obstacles=(INSTALL, UNCHECKED), environment=1
    )
    assert explain_verdict(verdict).startswith("may run here after installing torch ")
    assert explain_verdict(verdict).endswith(", unverified: torch 1.11.0: no row")
