"""``bringup history`` and ``bringup diff`` for people: the runs ``bringup up`` remembers,
one run's steps, and what changed between two snapshots or runs; as documents
(``bringup.report.document``) drawn as terminal text, Markdown or HTML."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Optional

from bringup.report.commandline import command_line, script_lines
from bringup.report.document import Compact, Document, Section, Table, Verbatim, section
from bringup.report.styled import Line
from bringup.report.wording import counted
from bringup.run.diff import Change
from bringup.run.history import RunRow, StepRow


def runs_document(runs: Sequence[RunRow]) -> Document:
    """Newest first: id, when it started, how it ended, the repos; none yet, said so."""
    if not runs:
        return Document(Line("no runs yet: `bringup up` records each run here"), [])
    rows = tuple(
        (
            Line(str(run.id)),
            Line(run.started_at[:19]),
            Line(run.status),
            Line(", ".join(Path(p).name for p in run.paths)),
        )
        for run in runs
    )
    return Document(Line(), [Table(("run", "started", "status", "repos"), rows)])


def run_document(run: RunRow, steps: Sequence[StepRow]) -> Document:
    """A run's steps in order: outcome, repo, command, time; under each, why it was
    skipped or blocked and where its log is (on a narrow terminal, a block per step)."""
    compact = tuple(
        Compact(
            Line(f"{step.component}: {command_line(step.argv)}{_took(step, ' ')}"),
            tuple(_under(step)),
            prose=True,
            label=Line(f"{step.order} {step.status}"),
        )
        for step in steps
    )
    rows = tuple(
        (
            Line(str(step.order)),
            Line(step.status),
            Line(step.component),
            Line(command_line(step.argv), "code"),
            Line(_took(step)),
        )
        for step in steps
    )
    table = Table(
        ("#", "status", "repo", "command", "took"),
        rows,
        notes=tuple(_note(step) for step in steps),
        note_at=1,
        note_title="why / log",
        compact=compact,
        aligned=False,
    )
    title = Line(f"run {run.id} ({run.status}), started {run.started_at}", "bold")
    return Document(title, [table, *_scripts(steps)])


def _took(step: StepRow, lead: str = "") -> str:
    return f"{lead}{step.duration_s:.1f} s" if step.duration_s is not None else ""


def _under(step: StepRow) -> list[Line]:
    """Why a step did not run, and its log."""
    log = [Line("log: ").append(step.log_path, "code")] if step.log_path else []
    return [Line(step.reason), *log] if step.reason else log


def _scripts(steps: Sequence[StepRow]) -> list[Section]:
    """Each script a step's command carries (``python -c`` of several lines), written out
    under the table as it runs, instead of quoted into one line."""
    return [
        section(f"step {step.order}'s script", Verbatim(tuple(lines)))
        for step in steps
        for lines in [script_lines(step.argv)]
        if lines
    ]


def _note(step: StepRow) -> Optional[Line]:
    """``_under`` on one line, for a table's note column."""
    under = _under(step)
    if not under:
        return None
    note = under[0]
    for line in under[1:]:
        note.append("; ")
        for piece, style in line.pieces:
            note.append(piece, style)
    return note


def diff_document(before: str, after: str, changes: Sequence[Change]) -> Document:
    """The count, then one row per change: area, key, before and after (absent shown); on
    a narrow terminal ``area  key: before -> after``."""
    said = [
        (
            change.area,
            change.key,
            change.before if change.before is not None else "(absent)",
            change.after if change.after is not None else "(absent)",
        )
        for change in changes
    ]
    rows = tuple(tuple(map(Line, cells)) for cells in said)
    compact = tuple(
        Compact(Line(f"{key}: {was} -> {now}"), prose=True) for _area, key, was, now in said
    )
    title = Line(f"{before} -> {after}: {counted(len(changes), 'change')}", "bold")
    document = Document(title)
    if rows:
        document.add(Table(("area", "what", "before", "after"), rows, compact=compact))
    return document
