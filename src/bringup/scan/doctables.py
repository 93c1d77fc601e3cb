"""Version tables in READMEs (their cells: ``tablecells``).

Two shapes: name/version rows ("| <Toolkit> | >= 7.0 |", "| <Device> | 1 × <product> |"), read as
requirements; and matrices whose header names several subjects ("| PyTorch | <extension> | <Toolkit>
|"), one release per row, read as soft alternatives per column (which row applies depends on the
release, which only the knowledge base can pair up).
"""

from __future__ import annotations

import re
from bisect import bisect_right

import msgspec

from bringup import backends, lazyre
from bringup.model import Confidence, Requirement
from bringup.scan.backendrows import by_backend
from bringup.scan.extraction import SourceFile
from bringup.scan.hostrows import as_host_tool, as_optional, downloaded_source, os_table
from bringup.scan.phrases import read_phrase, release_series
from bringup.scan.platforms import platforms
from bringup.scan.prose import read_line
from bringup.scan.prose_vocabulary import Vendor
from bringup.scan.purpose import OPTIONAL_WORDS, purpose_at, sentence_ends
from bringup.scan.releasematrix import MINIMUM_COLUMN, Columns, component_columns, matrix
from bringup.scan.releasetrain import narrowed
from bringup.scan.resulttables import measurements
from bringup.scan.supporttables import (
    arch_columns,
    cpu_column,
    device_arch_cells,
    environment_table,
    firmware_column,
    os_column,
    with_firmware,
)
from bringup.scan.tablecells import (
    CHIP_CELLS,
    ROUTES_HEADER,
    SEPARATOR,
    Row,
    cell_subject,
    cells,
    clean,
    distribution_cell,
    listing_header,
    optional_mark,
    pre_release_joined,
    requirement,
    resolve,
)
from bringup.scan.tablehardware import chip_row, device_key, device_row, pair_header
from bringup.scan.tableprefers import preferring

_REFUSED = lazyre.compile(r"^(?:x|×|✗|✘|❌|no|不支持|否)$", re.IGNORECASE)
"""A cell marking a row as not supported ("| Atlas A3 inference products | x |")."""


def paragraph(
    file: SourceFile, lines: list[tuple[int, str]], *, required: bool, vendor: Vendor
) -> list[Requirement]:
    """Requirements of a paragraph read as one text (sentences wrap across lines), each
    cited at the line where its words start."""
    starts: list[tuple[int, int]] = []
    parts: list[str] = []
    offset = 0
    for number, text in lines:
        starts.append((offset, number))
        parts.append(text)
        offset += len(text) + 1
    found: list[Requirement] = []
    joined = " ".join(parts)
    offsets = [start for start, _ in starts]
    mentions = read_line(joined, required=required, vendor=vendor)
    # where sentences end only for a paragraph that states something (most state nothing)
    ends = sentence_ends(joined) if mentions else []
    for m in mentions:
        line = starts[bisect_right(offsets, m.offset) - 1][1]
        stated = requirement(
            file, line, m.subject, m.spec, text=m.text, confidence=m.confidence, hard=m.hard
        )
        purpose = purpose_at(joined, m.offset, ends)
        found.append(
            msgspec.structs.replace(stated, feature=f"option:{purpose}") if purpose else stated
        )
    return found


def read_table(
    file: SourceFile, rows: list[Row], *, required: bool, vendor: Vendor, newest: bool = False
) -> list[Requirement]:
    """The requirements a Markdown table states (``rows`` as split, header first); with
    ``newest`` (a release-notes page) a release matrix states its newest release's row."""
    if len(rows) < 2:
        return []
    header = rows[0]
    body = [row for row in rows[1:] if not SEPARATOR.match("|".join(row.cells))]
    if pair_header(header, cells().devices):
        header, body = Row(header.line, ["", ""]), [header, *body]
    environment = environment_table(file, header, body)
    if environment is not None:
        return environment
    if measurements(header, body):
        return []
    found = [
        *os_column(file, header, body),
        *device_arch_cells(file, header, body),
        *_read_rows(file, header, body, required, vendor, newest=newest),
    ]
    return by_backend(narrowed(found), header, body)


def _rows_unnamed(body: list[Row], devices: dict[str, str]) -> bool:
    """Whether most rows' first cells name no subject and no device (a release per row: a
    matrix). Asked only of a table whose header names a subject (most do not)."""
    first_cells = [clean(row.cells[0]).lower() for row in body if row.cells and row.cells[0]]
    named = sum(1 for c in first_cells if cell_subject(c) or c in devices)
    return named * 2 < len(first_cells)


def _read_rows(
    file: SourceFile, header: Row, body: list[Row], required: bool, vendor: Vendor, *, newest: bool
) -> list[Requirement]:
    """What a table's rows or columns state, read as a matrix or row by row."""
    subjects = [resolve(cell_subject(cell), vendor) for cell in header.cells]
    firmware: dict[int, str] = {}
    for column, cell in enumerate(header.cells):
        both = firmware_column(cell, vendor) if subjects[column] is None else None
        if both is not None:
            subjects[column], firmware[column] = both
    devices = cells().devices
    if any(subjects) and _rows_unnamed(body, devices):
        columns = Columns(
            component_columns(header, body, subjects), firmware, arch_columns(header, body)
        )
        return matrix(file, header, body, columns, newest=newest)
    found: list[Requirement] = cpu_column(file, header, body)
    backend = backends.by_vendor(vendor) if vendor else None
    kind = backend.device_kind if backend is not None else ""
    roles = _column_roles(header)
    optional = bool(header.cells and OPTIONAL_WORDS.search(clean(header.cells[0])))
    listing = listing_header(header.cells)
    routes = bool(header.cells and ROUTES_HEADER.match(clean(header.cells[0])))
    for row in body:
        if not row.cells:
            continue
        if any(_REFUSED.match(clean(cell)) for cell in row.cells[1:]):
            continue
        text = " | ".join(clean(cell) for cell in row.cells)
        key = clean(row.cells[0]).lower()
        if key in CHIP_CELLS and len(row.cells) > 1:
            found.extend(chip_row(file, row, text))
            continue
        device = devices.get(device_key(key))
        if device is not None and len(row.cells) > 1:
            found.extend(device_row(file, row, device or kind, text))
            continue
        if _DOCUMENT_CELL.search(row.cells[0]) or _platform_row(file, row, key, found):
            continue
        subject = resolve(cell_subject(row.cells[0]), vendor)
        unnamed = _unnamed_row(file, row, vendor, roles, (text, optional)) if not subject else []
        if unnamed:
            found.extend(unnamed)
            continue
        name, marked = optional_mark(row.cells[0])
        guessed = subject is None and required and not routes  # a route ("Docker") is no package
        subject = distribution_cell(name) if guessed else subject
        stated = (
            _versioned_row(file, row, subject, roles, text, optional=optional) if subject else []
        )
        if not stated and subject:
            stated = _unversioned(
                file, row, (subject, text), vendor, required=required, listing=listing
            )
        # a first cell with no version beside it is no distribution the table pins: a row of
        # the repo's own algorithms and what each needs ("| FlashAttention2 | MindSpore<br>CANN
        # 配套软件包<br>NPU: Ascend 910 | MindSpore: 2.2.0 |", acctransformer README.md:32)
        if not stated and (subject is None or guessed):
            if required:
                found.extend(paragraph(file, [(row.line, text)], required=True, vendor=vendor))
            continue
        found.extend(as_optional(as_host_tool(stated)) if marked else as_host_tool(stated))
    return os_table(found)


def _unnamed_row(
    file: SourceFile, row: Row, vendor: Vendor, roles: list[str], said: tuple[str, bool]
) -> list[Requirement]:
    """What a row whose first cell names no subject states: the driver and firmware together
    (``_firmware_row``), else a download of a source (``downloaded_source``)."""
    both = firmware_column(row.cells[0], vendor)
    stated = _firmware_row(file, row, both, roles, said) if both is not None else []
    download = downloaded_source(file, row, said[0]) if not stated else None
    return stated or ([download] if download is not None else [])


def _firmware_row(
    file: SourceFile, row: Row, both: tuple[str, str], roles: list[str], said: tuple[str, bool]
) -> list[Requirement]:
    """The driver's version a name/version row of the driver and firmware released together
    states, and the firmware beside it (its own numbering unstated): "| 固件与驱动 |
    [22.0.RC3](https://www.hiascend.com/hardware/firmware-drivers?tag=commercial) |"
    (Ascend/Megatron-LM@57f9d1c README.md:49), as a column of both does (``said``: the
    row's text and whether the table is optional)."""
    (driver, firmware), (text, optional) = both, said
    stated = _versioned_row(file, row, driver, roles, text, optional=optional)
    return [*stated, *(with_firmware(found, firmware) for found in stated)]


def _unversioned(
    file: SourceFile,
    row: Row,
    said: tuple[str, str],
    vendor: Vendor,
    *,
    required: bool,
    listing: bool,
) -> list[Requirement]:
    """A named row with no version of its own (``said``: its subject and text): the
    versioned tool its value starts with, else, in a listing, the subject unversioned."""
    subject, text = said
    named = _named_in_value(file, row, subject, vendor) if required else []
    if named or not listing:
        return named
    return [requirement(file, row.line, subject, "", text=text, confidence="low")]


def _named_in_value(file: SourceFile, row: Row, subject: str, vendor: Vendor) -> list[Requirement]:
    """The versioned tool a row's value starts with when its first cell is a category with no
    version of its own: "| C++ | gcc >= 8.5.0 |" under "| Language | Toolchain |"
    (Ascend/msmonitor docs/zh/getting_started/install_guide.md:71) needs gcc 8.5.0, not a
    C++ standard. Only a value that starts with the tool: a package's file name or a note
    (MindIE-LLM preparing_software_and_dependencies.md:33) names no tool's floor."""
    if len(row.cells) < 2:
        return []
    value = clean(row.cells[1])
    return [
        requirement(file, row.line, m.subject, m.spec, text=m.text, confidence=m.confidence)
        for m in read_line(value, required=True, vendor=vendor)
        if m.offset == 0 and m.spec and m.subject != subject
    ]


_PLATFORM_KEY = lazyre.compile(
    r"^(?:os|operating\s+systems?|操作系统|(?:cpu\s+)?arch(?:itecture)?s?|cpu|架构|cpu架构)$", re.I
)
"""The first cell of a name/value row that names the platform its value gives."""


def _platform_row(file: SourceFile, row: Row, key: str, found: list[Requirement]) -> bool:
    """Whether ``row`` is a name/value row naming a platform, its needs added to ``found``: a
    "| OS | Linux (aarch64, x86_64) |" row of a support matrix (huawei-csl/pytorch-tcuscan
    @ddcd5ce README.md:13) states the OSes and CPUs its value lists, as the labelled line
    "OS: Linux (aarch64, x86_64)" does."""
    if len(row.cells) != 2 or not _PLATFORM_KEY.match(key):
        return False
    text = " | ".join(clean(cell) for cell in row.cells)
    said = f"{key}: {clean(row.cells[1])}"
    found.extend(
        requirement(file, row.line, subject, spec, text=text, confidence="medium")
        for subject, spec, _, _ in platforms(said)
    )
    return True


_DOCUMENT_CELL = lazyre.compile(r"\]\([^()\s]+\.(?:md|mdx|rst)(?:#[^()\s]*)?\)|《[^》]+》")
"""A row whose first cell names a document (a link to a page, a 《title》: MindSpeed-LLM
release_notes_llm.md:190 "《MindSpeed LLM软件安装》 | 内容涵盖…驱动固件及CANN基础软件安装")
says what that document covers, not what the repo needs."""


_SOFT_WORDS = lazyre.compile(
    r"recommend|suggest|\bdefault\b|\btested\b|\bverified\b|推荐|建议|默认|测试|验证", re.I
)
"""A column ("Recommend", "Tested", "默认值") or a cell ("8.5.0 (Recommended)") whose version
is a recommendation or a default: what works, not what is needed."""


def _column_roles(header: Row) -> list[str]:
    """How each column states its version: ``minimum`` (a bare version is a floor),
    ``soft`` (recommended, tested, default) or plain."""
    roles = []
    for cell in header.cells:
        plain = clean(cell)
        roles.append(
            "minimum"
            if MINIMUM_COLUMN.search(plain)
            else "soft"
            if _SOFT_WORDS.search(plain)
            else ""
        )
    return roles


def _versioned_row(
    file: SourceFile, row: Row, subject: str, roles: list[str], text: str, *, optional: bool
) -> list[Requirement]:
    """The version a name/version row states: from the first column that states a need (a
    "Minimum" column's bare version is a floor), preferring the recommended version a later
    column shows (``preferring``); a recommended or default version only when no column
    states a need, and then soft. An optional table or row makes it soft too."""
    recommended: Requirement | None = None
    needed: Requirement | None = None
    for column, cell in enumerate(row.cells[1:], start=1):
        plain = pre_release_joined(clean(cell))
        phrase = read_phrase(plain, subject, trains=True)
        if phrase is None:
            continue
        phrase = release_series(phrase, subject, plain)
        role = roles[column] if column < len(roles) else ""
        spec, explicit = phrase.spec, phrase.explicit
        if role == "minimum" and not explicit and "||" not in spec:
            floor = read_phrase(f">={plain[: phrase.length].strip()}", subject)
            spec, explicit = (floor.spec, True) if floor is not None else (spec, explicit)
        confidence: Confidence = "high" if explicit else "medium"
        soft = role == "soft" or bool(_SOFT_WORDS.search(plain))
        hard = not (soft or optional or OPTIONAL_WORDS.search(text))
        stated = requirement(
            file, row.line, subject, spec, text=text, confidence=confidence, hard=hard
        )
        if needed is not None:
            if soft:
                needed = preferring(needed, stated)
            continue
        if not soft:
            needed = stated
            continue
        recommended = recommended or stated
    if needed is not None:
        return [needed]
    return [recommended] if recommended is not None else []


def html_table(lines: list[str], index: int) -> tuple[list[Row], int]:
    """``htmltables.read_html_table``, imported at the first HTML table: few documents hold
    one, and ``html.parser`` is ~5 ms of a scan's start-up."""
    from bringup.scan.htmltables import read_html_table

    return read_html_table(lines, index)
