"""``bringup probe`` for people at 80 columns (a pipe, a log) and wider: no line longer than
the console, nothing cut or padded, every fact with its value and its source."""

from __future__ import annotations

import io

import msgspec
import pytest
from rich.cells import cell_len

from bringup.model import Snapshot
from bringup.probe.replay import load_host
from bringup.report.console import PlainWriter
from bringup.report.document_html import render_html
from bringup.report.document_markdown import render_markdown
from bringup.report.document_text import render_document
from bringup.report.snapshot_text import sections, snapshot_document
from conftest import FIXTURES

HOSTS = sorted(p.name for p in (FIXTURES / "hosts").iterdir() if p.is_dir())


def _text(snapshot: Snapshot, width: int) -> str:
    out = io.StringIO()
    render_document(PlainWriter(out, width=width), snapshot_document(snapshot))
    return out.getvalue()


@pytest.mark.parametrize("name", HOSTS)
def test_at_80_columns_no_line_is_longer_or_padded(name: str) -> None:
    text = _text(load_host(FIXTURES / "hosts" / name), 80)
    for line in text.splitlines():
        assert line == line.rstrip(), line
        assert cell_len(line) <= 80 or " " not in line.strip(), line
    assert "…" not in text  # nothing is cut


@pytest.mark.parametrize("name", HOSTS)
def test_every_fact_shows_its_value_and_source_whole(name: str) -> None:
    """At 80 columns (blocks) and 300 (tables): each fact of each section, in order, then
    its value (or its status and reason), then its source, whole."""
    snapshot = load_host(FIXTURES / "hosts" / name)
    for width in (80, 300):
        text = " ".join(_text(snapshot, width).split())
        at = 0
        for title, prefixes in sections():
            facts = [f for f in snapshot.facts if f.key.startswith(prefixes) or f.key in prefixes]
            if facts:
                at = text.index(f" {title} ", at)
            for fact in facts:
                shown = str(fact.value) if fact.ok else f"{fact.status.replace('_', ' ')}:"
                at = text.index(" ".join(shown.split()), at)
                at = text.index(" ".join(str(fact.source).split()), at)


HOSTILE = "<script>alert(1)</script>|*x*"
WITH_PYTHONS = "linux-x86_64-debian12-cuda13-toolkit-no-driver"


def _hostile() -> Snapshot:
    """A recorded host whose first fact and first interpreter say ``HOSTILE``."""
    snapshot = load_host(FIXTURES / "hosts" / WITH_PYTHONS)
    fact = msgspec.structs.replace(snapshot.facts[0], value=HOSTILE)
    python = msgspec.structs.replace(snapshot.pythons[0], path=HOSTILE)
    return msgspec.structs.replace(
        snapshot,
        facts=(fact, *snapshot.facts[1:]),
        pythons=(python, *snapshot.pythons[1:]),
    )


def test_html_escapes_a_hostile_value_and_interpreter() -> None:
    html = render_html(snapshot_document(_hostile()))
    assert "<script>" not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;|*x*") == 2


@pytest.mark.parametrize("name", HOSTS)
def test_markdown_draws_each_section_as_a_table(name: str) -> None:
    snapshot = _hostile() if name == WITH_PYTHONS else load_host(FIXTURES / "hosts" / name)
    lines = render_markdown(snapshot_document(snapshot)).splitlines()
    tables = [n for n, line in enumerate(lines) if line == "| what | value | source |"]
    headings = [line for line in lines if line.startswith("## ")]
    assert len(tables) == len(headings) > 0
    assert all(lines[n + 1] == "| --- | --- | --- |" for n in tables)
    rows = [line for line in lines if line.startswith("| ")]
    assert all(line.count(" | ") == 2 for line in rows)  # a '|' in a value splits no cell
