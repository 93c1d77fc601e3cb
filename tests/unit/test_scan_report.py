"""``bringup scan`` for people at 80 columns (a pipe, a log) and wider: no line longer than
the console, nothing cut or padded, every requirement with its file and line; as Markdown
tables and as HTML with every name escaped."""

from __future__ import annotations

import io
import re
from pathlib import Path

import msgspec
from rich.cells import cell_len

from bringup.report.console import PlainWriter
from bringup.report.document_html import render_html
from bringup.report.document_markdown import render_markdown
from bringup.report.document_text import render_document
from bringup.report.scan_text import scan_document, short
from bringup.scan import Stack, scan_stack

SIX = Path("examples") / "six-repos"
"""Relative, as users type it, so the layout does not depend on where the checkout is."""


def _stack() -> Stack:
    return scan_stack([Path(__file__).parents[2] / SIX])


def _text(stack: Stack, width: int) -> str:
    out = io.StringIO()
    render_document(PlainWriter(out, width=width), scan_document(stack, ["wrote x"]))
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


def test_blocks_even_when_every_cell_fits() -> None:
    """One layout at every width (outsider12 #21): a terminal wide enough for every column
    still gets the blocks, as a narrow one does; Markdown and HTML keep the tables."""
    text = _text(_stack(), 300)
    assert not re.search(r"^    subject +spec +hard +conf +source +as written$", text, re.M)
    assert not re.search(r"^    kind +needs +cwd +source +step$", text, re.M)
    assert re.search(r"^ +requires-python >=3\.8$", text, re.M)  # the block form


def test_markdown_draws_the_needs_and_steps_as_tables() -> None:
    stack = _stack()
    markdown = render_markdown(scan_document(stack, []))
    lines = markdown.splitlines()
    for titles in ("subject | spec | hard | conf | source | as written", "kind | needs | cwd"):
        at = next(n for n, line in enumerate(lines) if line.startswith(f"| {titles}"))
        assert lines[at + 1].startswith("| --- |")
    needs = sum(len(c.requirements) for c in stack.components)
    steps = sum(len(c.steps) for c in stack.components)
    assert sum(line.startswith("| ") for line in lines) == needs + steps + 2 * len(
        [c for c in stack.components if c.requirements]
    ) + 2 * len([c for c in stack.components if c.steps])


HOSTILE = "<script>alert(1)</script>|*x*"


def test_html_escapes_a_hostile_repo_and_package_name() -> None:
    stack = _stack()
    first = stack.components[0]
    requirement = msgspec.structs.replace(first.requirements[0], subject=HOSTILE)
    hostile = msgspec.structs.replace(
        first, name=HOSTILE, requirements=(requirement, *first.requirements[1:])
    )
    stack = msgspec.structs.replace(stack, components=(hostile, *stack.components[1:]))
    html = render_html(scan_document(stack, []))
    assert "<script>" not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;|*x*") == 2
    markdown = render_markdown(scan_document(stack, []))
    assert "<script>" not in markdown
    assert "\\|\\*x\\*" in markdown  # no table cell split, no emphasis


def test_steps_show_the_whole_command_with_its_line() -> None:
    stack = _stack()
    for width in (80, 300):
        words = _text(stack, width).split()
        at = 0
        for component in stack.components:
            for step in component.steps:
                at = _in_order(words, [short(step.source, component), *step.argv], at)


# IDEA-Research/GroundingDINO@856dde20aee659246248e20734ef9ba5214f5e44:environment.yaml:1-22,
# the start of a Windows conda export of 227 pins (outsider 22, item 16)
_CONDA_EXPORT = """name: dino
channels:
  - pytorch
  - nvidia
  - conda-forge
  - defaults
dependencies:
  - addict=2.4.0=pyhd8ed1ab_2
  - aiohttp=3.8.5=py39ha55989b_0
  - aiosignal=1.3.1=pyhd8ed1ab_0
  - asttokens=2.0.5=pyhd3eb1b0_0
  - async-timeout=4.0.3=pyhd8ed1ab_0
  - attrs=23.1.0=pyh71513ae_1
  - aws-c-auth=0.7.0=h6f3c987_2
  - aws-c-cal=0.6.0=h6ba3258_0
  - aws-c-common=0.8.23=hcfcfb64_0
  - aws-c-compression=0.2.17=h420beca_1
  - aws-c-event-stream=0.3.1=had47b81_1
  - aws-c-http=0.7.11=h72ba615_0
  - aws-c-io=0.13.28=ha35c040_0
  - python=3.9.18=h4de0772_0_cpython
"""


def test_a_long_package_listing_is_one_line_unless_details(tmp_path: Path) -> None:
    (tmp_path / "environment.yaml").write_text(_CONDA_EXPORT, encoding="utf-8")
    stack = scan_stack([tmp_path])
    out = io.StringIO()
    render_document(PlainWriter(out, width=80), scan_document(stack, []))
    summary = out.getvalue()
    assert "conda:*" in summary
    assert "13 packages  environment.yaml:8-20" in summary
    assert "addict, aiohttp, aiosignal +10 more (--details lists them)" in summary
    assert "aws-c-io" not in summary
    assert "python" in summary  # a subject the verdict turns on stays listed
    assert "More: --details lists the 13 packages" in summary
    out = io.StringIO()
    render_document(PlainWriter(out, width=80), scan_document(stack, [], details=True))
    every = out.getvalue()
    assert "conda:aws-c-io" in every
    assert "conda:*" not in every
    assert "More:" not in every


def test_a_line_repeated_thousands_of_times_is_cited_a_few_times_then_counted(
    tmp_path: Path,
) -> None:
    """Outsider o2 D3 (constructed: one README line repeated 2,000 times): the short view
    printed every repeat's file:line (606 KB for a 200 MB README); ``--details`` keeps all."""
    repo = tmp_path / "huge"
    repo.mkdir()
    line = "Requires CANN >= 8.0.RC1 and pip install torch==2.1.0\n"
    (repo / "README.md").write_text(line * 2000, encoding="utf-8")
    stack = scan_stack([repo])
    out = io.StringIO()
    render_document(PlainWriter(out, width=100), scan_document(stack, []))
    short_view = out.getvalue()
    assert "README.md:1 (also README.md:2, README.md:3, README.md:4 +1996 more)" in short_view
    assert "README.md:5," not in short_view
    assert len(short_view) < 1000
    out = io.StringIO()
    render_document(PlainWriter(out, width=100), scan_document(stack, [], details=True))
    assert "README.md:2000" in out.getvalue()
