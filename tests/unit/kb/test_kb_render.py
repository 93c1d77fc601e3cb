"""``bringup kb show`` and ``kb why`` for people at 80 columns (a pipe, a log) and wider: no
line longer than the console, no id, range or URL split, every record with its id and
source; as Markdown, every kind of record a table."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from rich.cells import cell_len

from bringup.kb import KnowledgeBase, SubjectVersion
from bringup.kb.schema import ChipEntry, PackageEntry, ReleaseEntry, RuleEntry
from bringup.report.document import Document
from bringup.report.document_markdown import render_markdown
from bringup.report.document_text import document_lines
from bringup.report.kb_text import entries_document, topics_document, verdict_document


def _fits(lines: Sequence[str], width: int) -> None:
    for line in lines:
        assert line == line.rstrip(), line
        assert cell_len(line) <= width or " " not in line.strip(), line


def _lines(document: Document, width: int) -> list[str]:
    return [line.plain for line in document_lines(document, width)]


def _words(lines: Sequence[str]) -> list[str]:
    return " ".join(lines).split()


def test_every_topic_at_80_columns_fits_and_cites_each_record(kb: KnowledgeBase) -> None:
    for topic in kb.topics:
        entries = kb.entries(topic.name)
        lines = _lines(entries_document(topic, entries), 80)
        _fits(lines, 80)
        words = _words(lines)
        at = 0
        for entry in entries:
            record = entry.record
            name = record.id if isinstance(entry, RuleEntry) else ""
            if isinstance(entry, ReleaseEntry):
                name = entry.record.version
            if isinstance(entry, ChipEntry):
                name = entry.record.family
            if isinstance(entry, PackageEntry):
                name = entry.record.name.split()[0]
            at = words.index(name, at)
            source = record.source.split()
            at = words.index(source[0], at)  # the source, whole, after its record
            assert words[at : at + len(source)] == source, (topic.name, record.id)


def test_the_topic_list_wraps_titles_under_their_column(kb: KnowledgeBase) -> None:
    counts = {t.name: len(kb.entries(t.name)) for t in kb.topics}
    lines = _lines(topics_document(kb.topics, counts), 80)
    _fits(lines, 80)
    assert re.match(r"^topic +records +title$", lines[2])
    column = lines[2].index("title")
    assert any(line.startswith("torch_npu") for line in lines)
    for line in lines[3:]:  # a title's next line starts under the title column
        assert re.match(rf"^\S+ +\d+ +\S|^ {{{column}}}\S", line), line


def test_a_table_when_every_cell_fits(kb: KnowledgeBase) -> None:
    topic = kb.topic("python")
    assert topic is not None
    lines = _lines(entries_document(topic, kb.entries("python")), 200)
    assert re.match(r"^  subject +version +date +end of life +kind / note +source$", lines[1])
    assert all("https://devguide.python.org/versions/" in line for line in lines[2:-2])
    assert lines[-1].startswith(f"{len(kb.entries('python'))} records from ")
    _fits(lines, 200)


@pytest.mark.parametrize(
    "pair", [("cann", "8.5.0", "ascend_driver", "25.5.1"), ("torch_npu", "2.1.0", "cann", "7.0.0")]
)
def test_why_at_80_columns_keeps_notes_and_urls_whole(
    kb: KnowledgeBase, pair: tuple[str, str, str, str]
) -> None:
    verdict = kb.compatible(SubjectVersion(pair[0], pair[1]), SubjectVersion(pair[2], pair[3]))
    lines = _lines(verdict_document(verdict), 80)
    _fits(lines, 80)
    text = " ".join(lines).split()
    for check in verdict.deciding:
        assert check.rule.source in text
        assert f"({check.rule.id})" in text
        assert " ".join((check.rule.note or "").split()) in " ".join(text)


def test_markdown_draws_every_kind_of_record_and_every_row_as_a_table(kb: KnowledgeBase) -> None:
    for topic in kb.topics:
        entries = kb.entries(topic.name)
        lines = render_markdown(entries_document(topic, entries)).splitlines()
        rows = [line for line in lines if line.startswith("| ")]
        kinds = sum(line.startswith("| --- |") for line in lines)
        assert kinds == sum(line.startswith("## ") for line in lines) > 0
        assert len(rows) == len(entries) + 2 * kinds, topic.name
    verdict = kb.compatible(SubjectVersion("torch_npu", "2.1.0"), SubjectVersion("cann", "7.0.0"))
    lines = render_markdown(verdict_document(verdict)).splitlines()
    header = "| holds | row | tags | id | note | source |"
    tables = lines.count(header)
    checks = len(verdict.deciding) + len(verdict.caveats) + len(verdict.conditional)
    assert sum(line.startswith(("| holds |", "| FAILS |")) for line in lines) == checks + tables
