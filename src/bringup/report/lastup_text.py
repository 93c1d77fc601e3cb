"""``check``'s words for a repo whose last ``bringup up`` here failed (``run.lastup``): the step,
the diagnosis of its log, where the log is; set after the verdicts, which read only the repos
and the machine."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.report.document import Document, Items, Table, section
from bringup.report.styled import Line
from bringup.run.lastup import LastFailure


def failure_line(failure: LastFailure) -> Line:
    """``extjax-git: run 1 (2026-12-07T16:40) failed at step 3 (pytest tests), exit 2: cause``."""
    ended = "timed out" if failure.status == "timed out" else "failed"
    code = f", exit {failure.exit_code}" if failure.exit_code is not None else ""
    line = Line(f"{failure.component}: ", "bold")
    line.append(f"run {failure.run_id} ({failure.started_at[:16]}) {ended} at step ", "red")
    line.append(f"{failure.order} ({failure.step}){code}", "red")
    if failure.diagnosis:  # its fix is under --json and in ``up``'s own box
        line.append(f"; probable cause: {failure.diagnosis.rstrip('.')}")
    if failure.log_path:
        line.append("; log: ")
        line.append(failure.log_path, "code")
    line.append("; ")
    line.append(f"bringup history {failure.run_id}", "code")
    return line


def add_last_up(document: Document, failures: Sequence[LastFailure]) -> None:
    """The section after the verdicts' table (first when the document has none): the verdict
    says what the repos ask of this machine, this what the machine did with them."""
    if not failures:
        return
    title = "The last bringup up here failed: the verdict above is the repos' alone"
    block = section(Line(title, "red"), Items(tuple(failure_line(f) for f in failures)))
    tables = [i for i, b in enumerate(document.blocks) if isinstance(b, Table)]
    document.blocks.insert(tables[0] + 1 if tables else 0, block)
