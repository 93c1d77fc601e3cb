"""The writers draw the same words: plain text on a pipe (no Rich imported), the same lines
through Rich on a terminal; and the markup the renderers write reads as Rich reads it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.markup import escape as rich_escape
from rich.markup import render as rich_render

from bringup.report.check_text import result_document
from bringup.report.console import PlainWriter, RichWriter, console
from bringup.report.document_text import render_document
from bringup.report.styled import MarkupError, cell_len, escape, parse
from bringup.workflow import check, gather

ROOT = Path(__file__).parent.parent.parent
STACK = ROOT / "examples" / "six-repos"
DEV = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

MARKUP = [
    "plain",
    "[bold]Plan[/bold] (tier 0)",
    "  [yellow]note[/yellow] [dim]x[/dim]",
    "[bold][red]a[/red]b[/]",
    "[dim]" + escape("README[1].md:3 \\[x] [bold]not a tag[/bold] ends in \\") + "[/dim]",
    escape("a [link] and [/] and \\\\[b]"),
]


@pytest.mark.parametrize("markup", MARKUP)
def test_markup_reads_as_rich_reads_it(markup: str) -> None:
    ours = parse(markup)
    theirs = rich_render(markup, emoji=False)
    assert ours.plain == theirs.plain
    styles: list[set[str]] = [set() for _ in ours.plain]
    for span in theirs.spans:
        for at in range(span.start, span.end):
            styles[at] |= set(str(span.style).split())
    mine = [set(style.split()) for text, style in ours.pieces for _ in text]
    assert mine == styles


@pytest.mark.parametrize("data", ["[x]", "a\\", "[bold]", "\\[b]", "[/]", "ok"])
def test_escape_is_riches(data: str) -> None:
    assert escape(data) == rich_escape(data)
    # data is escaped where a tag may follow: inside one, it reads back as it was
    assert parse(f"[dim]{escape(data)}[/dim]").plain == data


def test_a_stray_closing_tag_is_a_bug_said_at_once() -> None:
    with pytest.raises(MarkupError):
        parse("[/bold]")


def test_cells_of_wide_and_combining_characters() -> None:
    assert cell_len("abc") == 3
    assert cell_len("昇腾") == 4
    assert cell_len("é") == 1  # e + combining acute


def test_the_plain_and_the_rich_writer_draw_the_same_check() -> None:
    result = check(gather([str(STACK)], DEV, None))
    drawn = []
    for writer in (PlainWriter, RichWriter):
        out = io.StringIO()
        render_document(
            writer(out, width=80),
            result_document(result),
        )
        drawn.append(out.getvalue())
    assert drawn[0] == drawn[1]
    assert "Next actions" in drawn[0]
    assert isinstance(console(io.StringIO()), PlainWriter)


@pytest.mark.parametrize(
    "argv",
    [
        ["check", str(STACK), "--snapshot", str(DEV)],
        ["scan", str(STACK)],
        ["probe", "--replay", str(DEV)],
        ["kb", "show", "torch_npu"],
        ["diff", str(DEV), str(DEV)],
        [
            "explain",
            str(
                ROOT
                / "tests"
                / "data"
                / "triage_sixth"
                / "01-vllm-ascend-ray-multinode-set-device-107001.log"
            ),
        ],
        ["explain", "--list"],
    ],
    ids=lambda argv: " ".join(a for a in argv if a.startswith("-") or "/" not in a),
)
def test_a_report_to_a_pipe_never_imports_rich(argv: list[str]) -> None:
    code = (
        "import sys\n"
        "from bringup.cli.main import main\n"
        f"main({argv!r})\n"
        "print(sorted(m for m in sys.modules if m == 'rich' or m.startswith('rich.')))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.stdout.splitlines()[-1] == "[]"
