"""Release matrices in READMEs: a header naming several subjects, one release per row
(``doctables``), read as the current or newest row, else as soft alternatives per column."""

from __future__ import annotations

import re
from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase, release_series
from bringup.scan.releaserows import current_row, newest_row
from bringup.scan.supporttables import arch_cells, continued, with_firmware
from bringup.scan.tablecells import (
    CELL_NOISE,
    DISTRIBUTION,
    LINE_BREAK,
    Row,
    bare,
    clean,
    requirement,
)
from bringup.scan.tablehardware import chip_cells, hardware_column
from bringup.subjects import python_subject

MINIMUM_COLUMN = lazyre.compile(
    r"\bmin(?:imum|imal|\.)?(?!\w)|\blowest\b|\bat\s+least\b|最低|最小|至少|不低于", re.I
)

_AND_LATER = lazyre.compile(r"^(\d+(?:\.\d+)*)\s*\+$")
"""A cell "2.6.0 +": that release and later."""
_BARE_VERSION = lazyre.compile(r"^(\d+(?:\.[0-9A-Za-z]+)*)(?![\w.])")
"""A release at the start of a cell ("8.5.0", "8.2.RC1 (Ascend 950PR)"): in a "minimum"
column ("最低支持CANN包版本", catlass README.md:119), that release and later."""


def _row_of_matrix(
    file: SourceFile, header: Row, rows: list[Row], columns: Columns
) -> list[Requirement]:
    """Each subject column of a release's ``rows`` (its row and those continuing it), the
    values of its lines alternatives; a cell with words and no version ("在研版本", "in
    development") is an unversioned statement, flagged as such by the repo's settling."""
    found: list[Requirement] = []
    for column, subject in enumerate(columns.subjects):
        raws = [r.cells[column] for r in rows if column < len(r.cells) and clean(r.cells[column])]
        if subject is None or not raws:
            continue
        specs: list[str] = []
        floor = bool(MINIMUM_COLUMN.search(clean(header.cells[column])))
        for part in (p for raw in raws for p in LINE_BREAK.split(raw)):
            cell = bare(part)
            later = _AND_LATER.match(cell) or (floor and _BARE_VERSION.match(cell))
            phrase = None if later or not cell else read_phrase(cell, subject, trains=True)
            phrase = release_series(phrase, subject, cell) if phrase else None
            specs += [f">={later.group(1)}"] if later else [phrase.spec] if phrase else []
        values = ", ".join(dict.fromkeys(clean(raw) for raw in raws))
        text = f"{clean(header.cells[column])} | {values}"
        spec = " || ".join(dict.fromkeys(specs))
        stated = requirement(file, rows[0].line, subject, spec, text=text, confidence="medium")
        found.extend(columns.stated(column, stated))
    return found + arch_cells(file, rows, columns.arch, hard=True)


class Columns(NamedTuple):
    """A matrix's columns: the subject each names, the firmware a driver column names
    beside its driver (``firmware_column``), the columns of CPU architectures."""

    subjects: list[str | None]
    firmware: dict[int, str]
    arch: list[int]

    def stated(self, column: int, found: Requirement) -> list[Requirement]:
        firmware = self.firmware.get(column)
        return [found, with_firmware(found, firmware)] if firmware else [found]


def matrix(
    file: SourceFile, header: Row, body: list[Row], columns: Columns, *, newest: bool
) -> list[Requirement]:
    """A release matrix: the development branch's row when it has one (``releaserows.current_row``),
    else with ``newest`` the newest release's row (``releaserows.newest_row``), else each column's
    values as soft alternatives cited at the header, which names the subject, and also at
    each row that gives one (op-plugin docs/en/install.md:34-40, a row per PyTorch release)."""
    subjects = columns.subjects
    current = current_row(header, body, subjects)
    hardware = [c for c, cell in enumerate(header.cells) if hardware_column(cell)]
    if current is not None:
        rows = continued(body, current)
        return _row_of_matrix(file, header, rows, columns) + chip_cells(file, rows, hardware)
    release = newest_row(body, subjects) if newest else None
    if release is not None:
        # a released row's cell without a version (a link, a checksum, "-") states no need
        rows = continued(body, release)
        versioned = [r for r in _row_of_matrix(file, header, rows, columns) if r.spec]
        return versioned + chip_cells(file, rows, hardware)
    found: list[Requirement] = chip_cells(file, body, hardware)
    found += arch_cells(file, body, columns.arch, hard=False)
    for column, subject in enumerate(subjects):
        if subject is None:
            continue
        specs: list[str] = []
        cells: list[str] = []
        lines: list[int] = []
        column_cells = [clean(r.cells[column]) for r in body if column < len(r.cells)]
        if sum(1 for cell in column_cells if _MARK.match(cell)) * 2 > len(column_cells):
            continue
        for row in body:
            raw = row.cells[column] if column < len(row.cells) else ""
            # Lines of one cell ("<Toolkit> 8.3.RC2<br><Toolkit> 8.3.RC1", "(aarch64)11.2.1<br>(x86)
            # 9.3.1") are alternatives of their own.
            for part in LINE_BREAK.split(raw):
                cell = bare(part)
                phrase = read_phrase(cell, subject) if cell else None
                phrase = release_series(phrase, subject, cell) if phrase else None
                if phrase is None:
                    continue
                fresh = [s.strip() for s in phrase.spec.split("||") if s.strip() not in specs]
                if fresh:
                    specs.extend(fresh)
                    cells.append(cell)
                    line = row.line_of(column)
                    lines.extend([line] if line not in lines else [])
        if specs:
            text = f"table {clean(header.cells[column])}: " + ", ".join(cells)
            stated = requirement(
                file, header.line, subject, " || ".join(specs), text=text, confidence="low",
                hard=False,
            )  # fmt: skip
            places = tuple(file.source(line) for line in lines)
            found.extend(columns.stated(column, msgspec.structs.replace(stated, also_at=places)))
    return found


_NOT_COMPONENT = lazyre.compile(
    r"^(?:branch|tag|date|status|commit|model|os|arch|platform|notes?|links?|type|mode|"
    r"features?|releases?|hardware|devices?|chips?|products?|series|docs?|remarks?|"
    r"checksums?|sha\d*(?:sums?)?|md5|hash|digest|"
    r"compilers?|toolchains?|librar(?:y|ies)|tools?|dependenc(?:y|ies)|requirements?|software)$",
    re.IGNORECASE,
)
"""Headers naming no component: a release's branch, date, notes; its package's checksum
("| Checksum |", msprobe docs/en/release_notes.md:12); a kind of software whose cells name
the one they mean ("| Supported Compilers (build from source) |" over "gcc>=9", CVCUDA/CV-CUDA
README.md:45)."""


def component_columns(header: Row, body: list[Row], subjects: list[str | None]) -> list[str | None]:
    """A release matrix's columns: besides those naming a known subject, one headed by a bare
    name and a version word ("| MindSpeed版本 |", MindSpeed-MM README.md:203; "| torchtitan |",
    torchtitan-npu docs/community/versioning_policy.md:7) names a component the row pairs
    with, a Python distribution; the first column is the repo's own release. A name with no
    version word must look like a package's and its cells like releases (``_named_release``)."""
    out = list(subjects)
    for column in range(1, len(out)):
        if out[column] is not None or column >= len(header.cells):
            continue
        plain = clean(header.cells[column])
        key = CELL_NOISE.sub("", plain).strip(" :：_")
        if not DISTRIBUTION.match(key.lower()) or _NOT_COMPONENT.match(key):
            continue
        worded = bool(_VERSION_WORD.search(plain))
        if worded or _named_release(key, [r.cells[column] for r in body if column < len(r.cells)]):
            out[column] = python_subject(key)
    return out


_VERSION_WORD = lazyre.compile(r"版本|\bversions?\b|\bver\b", re.IGNORECASE)
_ACRONYM = lazyre.compile(r"^[A-Z][A-Z0-9]*$")
_DECIMAL = lazyre.compile(r"^[~≈]?\d+\.\d+$")
_RELEASE_FORM = lazyre.compile(
    r"^[v=<>~^]*\d+(?:\.\d+)*(?:[.+-]?[a-z]+(?![a-z])(?:\d+(?!\d))?(?:\.\d+)*)*(?=[\s(,;]|$)",
    re.IGNORECASE,
)
"""A cell that starts with a release ("0.9.1", "v0.1.0", "2.1.0.post3 (x86)"); a ratio
("2.7:1.3:1"), a share ("55%") or a fraction is a measurement. Each run of letters or digits
matches one way only: a cell of 40 letters after a digit took exponential time (review30)."""


def _named_release(key: str, cells: list[str]) -> bool:
    """Whether a column headed by a bare name (no version word) pairs a component's releases:
    a metric or benchmark header is written in capitals ("| FPS |" beside "| Torch_Version |",
    MindSpeed-MM examples/diffusers/flux/README.md:296; "| MFU |", "| MMLU |"), a distribution
    as its project spells it ("torchtitan"); and a column whose numbers are all bare decimals
    ("55.23", "164.66") holds measurements, where releases have a release's form somewhere
    ("0.9.1", "v0.1.0", "1.0.0rc1") and nothing a release is not: a ratio ("| Ratio |" over
    "2.7:1.3:1", uv-xiao/cuda-kernel-uv@2fe491e MULTI_LANG_PLAN.md:342-346, outsider11 #8)."""
    if _ACRONYM.match(key):
        return False
    numbers = [c for c in (bare(cell) for cell in cells) if c[:1].isdigit()]
    if not all(_RELEASE_FORM.match(c) for c in numbers):
        return False
    return not numbers or not all(_DECIMAL.match(c) for c in numbers)


_MARK = lazyre.compile(r"^(?:y|n|yes|no|/|-|√|✓|✔|x|×|✗|✘|❌|是|否)$", re.IGNORECASE)
"""A cell of a compatibility grid ("| 26.1.0 | Y | Y | / |", MindSpeed-LLM
release_notes_llm.md:113-139: which release of the repo pairs with which CANN): a column of
marks states no version the checkout needs, only which releases were paired."""
