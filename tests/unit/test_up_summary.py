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
