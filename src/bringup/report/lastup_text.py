"""``check``'s words for a repo whose last ``bringup up`` here failed (``run.lastup``): the step,
the diagnosis of its log, where the log is; set after the verdicts, which read only the repos
and the machine. A failure recorded at another commit of the checkout, or with other
uncommitted changes, is said apart, stale: it no longer decides the answer. Under ``--json``
each verdict carries its repo's (``last_up``), so a script reading the verdicts alone is not
told "runs here" without it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import msgspec

from bringup.report.document import Document, Items, Table, section
from bringup.report.styled import Line
from bringup.run.lastup import LastFailure


def failure_line(failure: LastFailure) -> Line:
    """``extjax-git: run 1 (2026-12-07T16:40) failed at step 3 (pytest tests), exit 2: cause``."""
    ended = "timed out" if failure.status == "timed out" else "failed"
    code = f", exit {failure.exit_code}" if failure.exit_code is not None else ""
    style = "yellow" if failure.stale else "red"
    line = Line(f"{failure.component}: ", "bold")
    line.append(f"run {failure.run_id} ({failure.started_at[:16]}) {ended} at step ", style)
    line.append(f"{failure.order} ({failure.step}){code}", style)
    if failure.stale and failure.commit and failure.now:
        line.append(f" at commit {failure.commit[:12]}; the checkout is now at {failure.now[:12]}")
    elif failure.edited and failure.commit:
        line.append(
            f" at commit {failure.commit[:12]}; the checkout's uncommitted changes are others now"
        )
    if failure.diagnosis:  # its fix is under --json and in ``up``'s own box
        line.append(f"; probable cause: {failure.diagnosis.rstrip('.')}")
    if failure.log_path:
        line.append("; log: ")
        line.append(failure.log_path, "code")
    line.append("; ")
    line.append(f"bringup history {failure.run_id}", "code")
    return line


def failure_data(failure: Optional[LastFailure]) -> Optional[dict[str, Any]]:
    """A failure as JSON: its fields, ``stale`` (recorded at another commit of the checkout, or
    with other uncommitted changes: not this answer's) and the line the text prints (``text``)."""
    if failure is None:
        return None
    data: dict[str, Any] = msgspec.to_builtins(failure)
    return {**data, "stale": failure.stale, "text": failure_line(failure).plain}


def add_last_up(document: Document, failures: Sequence[LastFailure]) -> None:
    """The section after the verdicts' table (first when the document has none): the verdict
    says what the repos ask of this machine, this what the machine did with them; stale
    failures (another commit) in a section of their own after it."""
    current = [f for f in failures if not f.stale]
    stale = [f for f in failures if f.stale]
    blocks = []
    if current:
        title = "The last bringup up here failed: the verdict above is the repos' alone"
        blocks.append(section(Line(title, "red"), Items(tuple(failure_line(f) for f in current))))
    if stale:
        title = (
            "The last bringup up here failed at another commit of the checkout, or with other"
            " uncommitted changes (stale: it does not decide the answer; bringup up again to know)"
        )
        blocks.append(section(Line(title, "yellow"), Items(tuple(failure_line(f) for f in stale))))
    tables = [i for i, b in enumerate(document.blocks) if isinstance(b, Table)]
    at = tables[0] + 1 if tables else 0
    document.blocks[at:at] = blocks
