"""The summary after ``bringup up``: each failure with its phase, log, the log's last lines
as written, the diagnosis and the re-run command, then the run line; the last lines never
wrapped or read as markup in any format."""

from __future__ import annotations

import io
from pathlib import Path

from bringup.report.console import PlainWriter
from bringup.report.document_html import render_html
from bringup.report.document_markdown import render_markdown
from bringup.report.document_text import render_document
from bringup.report.up_text import summary_document
from bringup.run.outcome import Failure, RunOutcome, StepOutcome

LOGS = Path(__file__).parents[1] / "fixtures" / "logs" / "ascend.hccl.socket-timeout"


def _outcome(tail: tuple[str, ...]) -> RunOutcome:
    failed = StepOutcome(
        order=3,
        component="ascend-comm",
        name="test-device",
        kind="test",
        argv=("python", "-m", "pytest", "tests/device"),
        status="failed",
        reason="exit code 1",
        log_path="/state/logs/3.log",
        failure=Failure(
            phase="test",
            tail=tail,
            rerun="cd ascend-comm && python -m pytest tests/device",
            diagnosis="HCCL could not connect its ranks in time",
        ),
    )
    passed = StepOutcome(
        order=1, component="ascend-comm", name="install", kind="install", argv=(), status="passed"
    )
    return RunOutcome(run_id=7, state_dir="/state", status="failed", steps=(passed, failed))


def _tail() -> tuple[str, ...]:
    log = sorted(LOGS.iterdir())[0]
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return (*lines[-5:], "``` </pre><script>alert(1)</script> *x* | `y`")


def test_text_shows_the_log_lines_as_written_under_the_failure() -> None:
    tail = _tail()
    out = io.StringIO()
    render_document(PlainWriter(out, width=80), summary_document(_outcome(tail)))
    lines = out.getvalue().splitlines()
    assert lines[0] == "ascend-comm: step 3 (test-device) failed in its test phase"
    assert lines[1:5] == [
        "  exit code 1",
        "  log: /state/logs/3.log",
        f"  last {len(tail)} lines:",
        f"    | {tail[0]}",
    ]
    assert [f"    | {line}" for line in tail] == lines[4 : 4 + len(tail)]
    assert lines[-2:] == ["", "run 7: failed (1 passed, 1 failed); history and logs in /state"]


def test_markdown_fences_and_html_escapes_the_log_lines() -> None:
    tail = _tail()
    markdown = render_markdown(summary_document(_outcome(tail)))
    fence = "````"  # longer than the ``` in the last line
    block = markdown[markdown.index(f"\n{fence}\n") + 1 :]
    assert block.splitlines()[1 : 1 + len(tail)] == list(tail)
    assert block.splitlines()[1 + len(tail)] == fence
    html = render_html(summary_document(_outcome(tail)))
    assert "<script>" not in html
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt; *x* | `y`</pre>" in html


def test_one_cause_shared_by_many_steps_is_written_once_with_the_steps_it_covers() -> None:
    # Outsider 20 D18: `up` on nvmath-python printed one missing module's diagnosis under each of
    # 18 failed test steps (~390 lines). Its conftest's failure, as the up log showed it:
    tail = ("E   ModuleNotFoundError: No module named 'hypothesis'",)
    steps = tuple(
        StepOutcome(
            order=n,
            component="nvmath-python",
            name=f"test-{n}",
            kind="test",
            argv=("python", "-m", "pytest"),
            status="failed",
            reason="exit code 4",
            log_path=f"/state/logs/{n}.log",
            failure=Failure(
                phase="test",
                tail=tail,
                rerun=f"python -m pytest tests/t{n}",
                diagnosis="A Python module is not installed",
                fix="Install the package",
            ),
        )
        for n in (2, 3, 5)
    )
    outcome = RunOutcome(run_id=1, state_dir="/state", status="failed", steps=steps)
    out = io.StringIO()
    render_document(PlainWriter(out, width=100), summary_document(outcome))
    written = out.getvalue()
    assert written.count("probable cause: A Python module is not installed") == 1
    assert written.count(tail[0]) == 1
    assert written.count("probable cause: the same as step 2 (nvmath-python: test-2)") == 2
    assert (
        "3 failed steps share one probable cause (A Python module is not installed): steps 2, 3, 5"
        in written
    )
    assert all(f"python -m pytest tests/t{n}" in written for n in (2, 3, 5))  # each re-run kept
