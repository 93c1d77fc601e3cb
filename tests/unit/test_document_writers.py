"""The document writers on their own: terminal text keeps to the width without cutting a
word and falls back from aligned columns to blocks; Markdown and HTML show every string as
written (no emphasis, link, list, broken table or tag from data)."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from bringup.report.document import Document, Items, Paragraph, Table, section, text
from bringup.report.document_html import render_html
from bringup.report.document_markdown import render_markdown
from bringup.report.document_text import document_lines
from bringup.report.styled import Line

NASTY = "1. *a* _b_ `c` [d](javascript:e) <script>f</script> | g & h # i ~j~ \\"


def _document(cell: str = "x", command: str = "pip install -e .") -> Document:
    document = Document(text(("bringup check", "bold"), ": an answer"))
    rows = (
        (Line("short"), Line(cell)),
        (Line("op-plugin"), text(("needs chip 910B", ""), (" (docs/en/install.md:16)", "dim"))),
    )
    document.add(
        Table(("repo", "verdict"), rows),
        section(
            "Next actions",
            Items((Line(command, "code"), Line("install CANN 9.1.0 for environment 1")), True),
            Paragraph(Line("+3 more actions"), head=Line("note", "yellow")),
        ),
    )
    return document


def _plain(width: int, document: Document) -> list[str]:
    return [line.plain for line in document_lines(document, width)]


def test_text_keeps_to_the_width_and_keeps_words_whole() -> None:
    long = "needs other hardware: chip 910B or 950 or 910_93 (python/deep_ep/README.md:30 +8 more)"
    for width in (40, 60, 80, 120):
        lines = _plain(width, _document(long))
        assert all(len(line) <= width for line in lines), (width, lines)
        assert all(line == line.rstrip() for line in lines)
        assert " ".join(" ".join(lines).split()).count("python/deep_ep/README.md:30") == 1


def test_a_table_too_wide_for_its_columns_becomes_blocks() -> None:
    wide = Table(
        ("", "repos", "pins"), ((Line("environment 1"), Line("a " * 30), Line("b " * 30)),)
    )
    lines = _plain(80, Document(Line("t"), [wide]))
    assert lines[2] == "environment 1"
    assert lines[3].startswith("  repos: a a")
    assert any(line.startswith("  pins: b b") for line in lines)


def test_a_cell_wider_than_its_column_never_runs_into_the_next() -> None:
    # outsider23 D17: probe --from's "unparsed: BogoMIPS: ... 200.00" (a pasted lscpu line,
    # vllm-project/vllm-ascend#4376) ran into its source, "200.00logs/report.txt:38"
    value = "unparsed: BogoMIPS:                        200.00"
    table = Table(("what", "value", "source"), ((Line("unread"), Line(value), Line("r.txt:38")),))
    for width in (40, 60, 80, 100):
        text = "\n".join(_plain(width, Document(Line("t"), [table])))
        assert "200.00r.txt" not in text, width
        assert "r.txt:38" in text


def test_text_drops_the_document_only_code_style() -> None:
    (line,) = [line for line in document_lines(_document(), 80) if "pip install" in line.plain]
    assert all("code" not in style for _, style in line.pieces)


@pytest.mark.parametrize("where", ["cell", "command"])
def test_markdown_shows_data_as_written(where: str) -> None:
    document = _document(cell=NASTY) if where == "cell" else _document(command=NASTY)
    html = MarkdownIt("commonmark").enable("table").render(render_markdown(document))
    assert "<script>" not in html
    for tag in ("<em>", "<a ", "<ol>\n<li>\n<ol>", "<del>"):
        assert tag not in html
    assert html.count("<tr>") == 3  # the title row and the two rows: no cell split a row
    shown = "&lt;script&gt;f&lt;/script&gt;"
    assert shown in html


def test_html_escapes_every_piece() -> None:
    page = render_html(_document(cell=NASTY, command=NASTY))
    assert "<script>" not in page
    assert "&lt;script&gt;f&lt;/script&gt;" in page
    assert page.count("<table>") == 1


def test_markdown_data_never_starts_a_block() -> None:
    """A paragraph or list item whose data starts like a list, a quote or a heading stays
    text (a digit cannot be escaped: the ``.`` after it is)."""
    document = Document(Line("- title"), [Paragraph(Line("12) para"))])
    document.add(Items((Line("+ item"), Line("3. h"), Line("> q"), Line("# h"))))
    html = MarkdownIt("commonmark").render(render_markdown(document))
    assert html == (
        "<p>- title</p>\n<p>12) para</p>\n"
        "<ul>\n<li>+ item</li>\n<li>3. h</li>\n<li>&gt; q</li>\n<li># h</li>\n</ul>\n"
    )


@pytest.mark.parametrize("where", ["cell", "command"])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r", "\u2028", "\u2029", "\x0b", "\x85"])
def test_markdown_folds_every_line_break_into_a_space(where: str, newline: str) -> None:
    """Any character Python splits lines at would end a table row or a list item early."""
    broken = f"first{newline}| second"
    document = _document(cell=broken) if where == "cell" else _document(command=broken)
    markdown = render_markdown(document)
    assert not set("\r\u2028\u2029\x0b\x85") & set(markdown)
    html = MarkdownIt("commonmark").enable("table").render(markdown)
    assert html.count("<tr>") == 3
    assert "first" in html
    assert "second" in html
