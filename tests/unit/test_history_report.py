"""``bringup history`` and ``bringup diff`` as documents: a step's reason and log under it
(at 80 columns) or beside it (a table), a change per line or per table row, each a table in
Markdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.probe.replay import load_host
from bringup.report.document_markdown import render_markdown
from bringup.report.document_text import document_lines
from bringup.report.history_text import diff_document, run_document
from bringup.run.diff import diff_snapshots
from bringup.run.history import RunRow, StepRow

HOSTS = Path(__file__).parents[1] / "fixtures" / "hosts"
ASCEND = HOSTS / "linux-aarch64-ascend-910b-two-cann-toolkits"
CUDA = HOSTS / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

RUN = RunRow(
    id=4, stack="s", paths=("/r/ops",), started_at="2026-12-01T10:00:00", status="failed", argv=()
)
STEPS = [
    StepRow(
        run_id=4,
        order=1,
        component="ops",
        name="build",
        kind="build",
        argv=("cmake", "--build", "build"),
        status="failed",
        duration_s=12.34,
        log_path="/state/logs/4/1.log",
    ),
    StepRow(
        run_id=4,
        order=2,
        component="ops",
        name="test",
        kind="test",
        argv=("ctest", "--test-dir", "build"),
        status="skipped",
        reason="needs 1 npu; this machine has none",
    ),
]


def _text(lines: list[str]) -> str:
    return "\n".join(lines)


def test_a_narrow_run_says_each_step_then_why_and_its_log() -> None:
    lines = [line.plain for line in document_lines(run_document(RUN, STEPS), 44)]
    assert lines[0] == "run 4 (failed), started 2026-12-01T10:00:00"
    body = [line for line in lines[1:] if line]
    assert body == [
        "1 failed  ops: cmake --build build 12.3 s",
        "  log: /state/logs/4/1.log",
        "2 skipped  ops: ctest --test-dir build",
        "  needs 1 npu; this machine has none",
    ]
    wide = _text([line.plain for line in document_lines(run_document(RUN, STEPS), 200)])
    assert "\n1  failed   ops   cmake --build build     12.3 s\n   log: " in wide
    assert "needs 1 npu; this machine has none" in wide


def test_markdown_draws_runs_and_changes_as_tables() -> None:
    markdown = render_markdown(run_document(RUN, STEPS)).splitlines()
    assert "| \\# | status | repo | command | took | why / log |" in markdown
    assert sum(line.startswith("| ") for line in markdown) == len(STEPS) + 2
    changes = diff_snapshots(load_host(ASCEND), load_host(CUDA))
    markdown = render_markdown(diff_document("a", "b", changes)).splitlines()
    assert "| area | what | before | after |" in markdown
    assert sum(line.startswith("| ") for line in markdown) == len(changes) + 2


def test_diff_at_80_columns_says_one_change_a_line(capsys: object) -> None:
    assert main(["diff", str(ASCEND), str(CUDA)]) == 1
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    changes = diff_snapshots(load_host(ASCEND), load_host(CUDA))
    arch = next(c for c in changes if c.key == "host.arch")
    assert f"\nfact     host.arch: {arch.before} -> {arch.after}\n" in out


def test_history_of_an_empty_state_is_an_empty_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Outside tester 23b, D19: ``history --state EMPTY`` exited 2 ("no history yet", bad
    input); no run yet is a state a CI step lists, an empty list with exit 0."""

    state = tmp_path / "state"
    assert main(["history", "--state", str(state), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["data"] == []
    assert main(["history", "--state", str(state)]) == 0
    assert "no runs yet" in capsys.readouterr().out
    assert main(["history", "1", "--state", str(state)]) == 2
