"""``bringup probe`` for people at 80 columns (a pipe, a log) and wider: no line longer than
the console, nothing cut or padded, every fact with its value and its source."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len

from bringup.model import Snapshot
from bringup.probe.replay import load_host
from bringup.report.console import PlainWriter
from bringup.report.snapshot_text import render_snapshot, sections
from conftest import FIXTURES

HOSTS = sorted(p.name for p in (FIXTURES / "hosts").iterdir() if p.is_dir())


def _text(snapshot: Snapshot, width: int) -> str:
    out = io.StringIO()
    render_snapshot(snapshot, PlainWriter(out, width=width))
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
