"""``bringup scan`` for people at 80 columns (a pipe, a log) and wider: no line longer than
the console, nothing cut or padded, every requirement with its file and line."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.cells import cell_len

from bringup.report.console import PlainWriter
from bringup.report.scan_text import render_stack, short
from bringup.scan import Stack, scan_stack

SIX = Path("examples") / "six-repos"
"""Relative, as users type it, so the layout does not depend on where the checkout is."""


def _stack() -> Stack:
    return scan_stack([Path(__file__).parents[2] / SIX])


def _text(stack: Stack, width: int) -> str:
    out = io.StringIO()
    render_stack(PlainWriter(out, width=width), stack, ["wrote x"])
    return out.getvalue()


def test_at_80_columns_no_line_is_longer_or_padded() -> None:
    text = _text(_stack(), 80)
    for line in text.splitlines():
        assert line == line.rstrip(), line
        assert cell_len(line) <= 80 or " " not in line.strip(), line
    assert "…" not in text  # nothing is cut


def _in_order(words: list[str], wanted: list[str], at: int) -> int:
    """The position after ``wanted``, found word for word from ``at`` on."""
    for word in wanted:
        at = words.index(word, at) + 1
    return at


def test_every_requirement_row_shows_its_file_and_line_and_the_words() -> None:
    """At 80 columns (blocks) and 300 (tables): each requirement, in order, names its
    subject, its file:line (and where it is repeated), then what the file says, whole."""
    stack = _stack()
    for width in (80, 300):
        words = _text(stack, width).split()
        at = 0
        for component in stack.components:
            at = _in_order(words, [f"{component.name}"], at)
            for r in component.requirements:
                source = words.index(short(r.source, component), at)
                # the subject, its spec, then the flags (blocks) or hard and confidence
                spec = (r.spec or "(unversioned)").split()
                row = words[max(at, source - len(spec) - 4) : source]
                assert r.subject in row, (width, r, row)
                assert spec[0] in row[row.index(r.subject) :], (width, r, row)
                if words[source + 1] == "(also":  # the places it is repeated at
                    source = next(i for i in range(source + 1, len(words)) if words[i][-1] == ")")
                written = (r.text or "").split()
                assert words[source + 1 : source + 1 + len(written)] == written, (width, r)
                at = source + 1 + len(written)


def test_a_table_when_every_cell_fits() -> None:
    text = _text(_stack(), 300)
    assert re.search(r"^  subject +spec +hard +conf +source +as written$", text, re.M)
    assert re.search(r"^  kind +needs +cwd +source +step$", text, re.M)
    assert "\n  needs\n" not in text


def test_steps_show_the_whole_command_with_its_line() -> None:
    stack = _stack()
    for width in (80, 300):
        words = _text(stack, width).split()
        at = 0
        for component in stack.components:
            for step in component.steps:
                at = _in_order(words, [short(step.source, component), *step.argv], at)
