"""Finding the tables and files pasted into a report: ``+``/``|`` table blocks, multi-line
reports, reports of one line, runs of ``key=value`` lines and pasted JSON, each handed to the
registered backends' readers (``readers.section_readers``: the vendor tools' formats live
with their backends). What is not part of a section is handed on (as blank lines, so line
numbers hold) to the collect_env and package readers."""

from __future__ import annotations

import re

from bringup.model import Source
from bringup.parsing import Collected, at_line
from bringup.probe.importers import gpustack
from bringup.probe.importers.parts import json_candidates, split_parts
from bringup.probe.importers.readers import Parser, SectionReader, section_readers

_QUOTE = re.compile(r"^\s*(?:>\s?)*")
_KEY_VALUE = re.compile(r"^[A-Za-z_][\w.]*=(?!=)\S*")  # not a pip pin (``torch==2.7.1``)


def clean(line: str) -> str:
    """A pasted line without quote markers (``> ``) and indentation."""
    return _QUOTE.sub("", line).rstrip()


def find_sections(text: str, source: Source) -> tuple[list[Collected], str]:
    """The parsed sections, and the text with their lines blanked out."""
    lines = [clean(line) for line in text.splitlines()]
    taken = [False] * len(lines)
    found: list[Collected] = []
    readers = section_readers()
    one_liners = [pair for reader in readers for pair in reader.one_line]

    def take(start: int, end: int, parser: Parser) -> None:
        block = "\n".join(lines[start:end])
        found.append(parser(block, at_line(source, start + 1)))
        for index in range(start, end):
            taken[index] = True

    found += _json_reports(lines, taken, source)
    unclaimed = 0  # lines before this are in a run of key=value lines no reader knew
    index = 0
    while index < len(lines):
        line = lines[index]
        if taken[index]:
            index += 1
            continue
        if line.startswith(("+", "|")):
            end = index
            while end < len(lines) and lines[end].startswith(("+", "|")):
                end += 1
            block = "\n".join(lines[index:end])
            table = next((r.table[1] for r in readers if r.table and r.table[0](block)), None)
            if table is not None:
                take(index, end, table)
            index = max(end, index + 1)
            continue
        block_found = _block(readers, lines, index, source)
        if block_found is not None:
            end, parsed = block_found
            if parsed is not None:
                found.append(parsed)
                taken[index:end] = [True] * (end - index)
            index = max(end, index + 1)
            continue
        one_line = next((parser for pattern, parser in one_liners if pattern.search(line)), None)
        if one_line is not None:
            take(index, index + 1, one_line)
        elif index >= unclaimed and _KEY_VALUE.match(line):
            # a run no reader knows is not tried again from each of its lines, which only
            # loses keys (readers judge a run by its keys): that was quadratic
            end, parser = _key_value_run(readers, lines, index)
            if parser is not None:
                take(index, end, parser)
                index = end
                continue
            unclaimed = end
        index += 1
    rest = "\n".join("" if taken[i] else lines[i] for i in range(len(lines)))
    return found, rest


def _block(
    readers: tuple[SectionReader, ...], lines: list[str], index: int, source: Source
) -> tuple[int, Collected | None] | None:
    """The first backend reader's multi-line report that starts at ``index``."""
    for reader in readers:
        found = reader.block(lines, index, source) if reader.block else None
        if found is not None:
            return found
    return None


def _key_value_run(
    readers: tuple[SectionReader, ...], lines: list[str], index: int
) -> tuple[int, Parser | None]:
    """Where the run of ``key=value`` lines at ``index`` ends, and its reader's parser."""
    end = index
    while end < len(lines) and _KEY_VALUE.match(lines[end]):
        end += 1
    context = next((lines[i] for i in range(index - 1, -1, -1) if lines[i].strip()), "")
    return end, _key_value_parser(readers, lines[index:end], context if index else "")


def _key_value_parser(
    readers: tuple[SectionReader, ...], block: list[str], context: str
) -> Parser | None:
    """The first backend reader that knows a run of ``key=value`` lines (``context``: the
    line before it, which may name the file ``cat`` printed)."""
    for reader in readers:
        parser = reader.key_values(block, context) if reader.key_values else None
        if parser is not None:
            return parser
    return None


def _json_reports(lines: list[str], taken: list[bool], source: Source) -> list[Collected]:
    """The JSON reports pasted (gpustack's worker), their lines marked as taken."""
    found = []
    for start, end in json_candidates(lines, split_parts(lines)):
        parsed = gpustack.parse_gpustack("\n".join(lines[start:end]), at_line(source, start + 1))
        if parsed is not None:
            found.append(parsed)
            taken[start:end] = [True] * (end - start)
    return found
