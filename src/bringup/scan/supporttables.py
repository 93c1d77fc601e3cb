"""Columns of support and compatibility tables that name platforms, not versions of software:
a CPU-architecture column ("| CPU架构 | x86&aarch64 |"), an environment table whose rows
are operating-system releases ("| 系统 | CANN | gcc |" with "Ubuntu 20.04.5" rows), and a
column of the driver and firmware released together ("| 驱动固件 | Ascend HDK 25.0.RC1.1 |"),
a column of the device architectures a build targets ("| GPU Arch List |"). Read for
``doctables``, which reads the version columns.
"""

from __future__ import annotations

import re

import msgspec

from bringup import backends, lazyre
from bringup.model import Requirement
from bringup.scan.architectures import capability_subject, listed, lowest_architecture
from bringup.scan.extraction import SourceFile
from bringup.scan.osreleases import distro_releases, os_release, release_spec, unread_releases
from bringup.scan.platforms import arch_names
from bringup.scan.prose_vocabulary import Vendor, vocabulary
from bringup.scan.tablecells import CELL_NOISE, Row, clean, requirement

_ARCH_HEADER = lazyre.compile(
    r"^(?:host\s*)?(?:cpu\s*)?(?:arch(?:itecture)?s?|架构|平台架构)$|^(?:host\s*)?cpu$|^platforms?$|"
    r"^平台$",
    re.IGNORECASE,
)
"""A column of CPU architectures ("CPU架构", "Architecture", "Arch", "Host CPU" beside the
device, InfiniTensor/InfiniTensor@5cb7c1fc docs/INSTALL_GUIDE_CN.md:13-17, a build matrix's
"Platform": "|x86_64_cu11|x86_64|…", "|aarch64_cu12|aarch64 SBSA****|…", CVCUDA/CV-CUDA@da51fc96
README.md:45-52); its cells decide (a model's "Architecture" column names no CPU, a "Platform"
column of products or OSes none either, and neither is read)."""
_OS_HEADER = lazyre.compile(r"^(?:os|operating\s+systems?|systems?|操作系统|系统)$", re.IGNORECASE)
"""The first column of a table of environments ("| 系统 | `CANN` | `gcc` |", hicann/catlass
README.md:131), when its cells are OS releases."""
_DRIVER_AND_FIRMWARE = lazyre.compile(
    r"驱动\s*(?:[/&、和与及]\s*)?固件|固件\s*(?:[/&、和与及]\s*)?驱动|"
    r"\bdrivers?\s*(?:/|&|and)\s*firmware\b|\bfirmware\s*(?:/|&|and)\s*drivers?\b",
    re.IGNORECASE,
)
"""A column of the driver and firmware released together ("| 驱动固件 | … |", hicann/shmem
docs/quickstart.md:60): both the backend's driver and its firmware."""


def _key(cell: str) -> str:
    return re.sub(r"\s+", " ", CELL_NOISE.sub("", clean(cell))).strip(" :：_")


def arch_columns(header: Row, body: list[Row]) -> list[int]:
    """The columns of CPU architectures: a header naming them and a cell that does."""
    columns = []
    for column, cell in enumerate(header.cells):
        if not _ARCH_HEADER.match(_key(cell)):
            continue
        if any(column < len(r.cells) and arch_names(clean(r.cells[column])) for r in body):
            columns.append(column)
    return columns


def arch_cells(
    file: SourceFile, rows: list[Row], columns: list[int], *, hard: bool
) -> list[Requirement]:
    """The architectures the ``columns`` of ``rows`` name, one any-of (DrivingSDK
    docs/zh/version/versions.md:7 "| master | x86&aarch64 |"), cited at the first row
    naming one."""
    names: list[str] = []
    first: Row | None = None
    for row in rows:
        for column in columns:
            found = arch_names(clean(row.cells[column])) if column < len(row.cells) else []
            first = first or (row if found else None)
            names.extend(found)
    if first is None:
        return []
    text = " | ".join(clean(c) for c in first.cells)
    spec = ",".join(dict.fromkeys(names))
    return [requirement(file, first.line, "arch", spec, text=text, confidence="medium", hard=hard)]


def cpu_column(file: SourceFile, header: Row, body: list[Row]) -> list[Requirement]:
    """The CPUs a support table's CPU column lists, row by row, when it names two or more
    ("| Host CPU | Device | OS | Support |" rows "| X86-64 | Nvidia GPU |…" and "| arm64 |
    Ascend NPU |…", InfiniTensor/InfiniTensor@5cb7c1fc docs/INSTALL_GUIDE_CN.md:13-17): each
    row a platform it runs on, so any of them will do (soft). One CPU named is the table's
    example machine, no list."""
    found = arch_cells(file, body, arch_columns(header, body), hard=False)
    return found if any("," in r.spec for r in found) else []


_DEVICE_ARCH_HEADER = lazyre.compile(r"\b(?:arch(?:itecture)?s?|SMs?)\b", re.IGNORECASE)
_CAPABILITY_HEADER = lazyre.compile(r"\bcompute\s+capabilit(?:y|ies)\b|计算能力", re.IGNORECASE)
"""A column of the least device each row's build runs on, named as the capability itself
("| CUDA Compute Capability |", CVCUDA/CV-CUDA@da51fc96 README.md:45)."""
_ARCH_ITEMS = lazyre.compile(r"[,;\s]+")
_FLOOR_CELL = lazyre.compile(
    r"(?:(?:SM\s?_?|compute_)(?P<arch>\d{1,3})|(?P<major>\d{1,2})\.(?P<minor>\d))\s*"
    r"(?:\+|and\s+(?:later|above|newer)|or\s+(?:later|newer|above|higher)|及以上|以上)",
    re.IGNORECASE,
)
"""A capability cell stating a floor: "SM7 and later" (the sm_7x generation: 7.0), "sm_80+",
"7.5 or later"; a bare number says no floor."""


def _capability_floor(cell: str) -> str | None:
    """The architecture number a capability cell's floor is (``SM7 and later`` -> 70)."""
    floor = _FLOOR_CELL.fullmatch(cell.strip())
    if floor is None:
        return None
    arch = floor.group("arch")
    if arch is None:
        return floor.group("major") + floor.group("minor")
    return arch + "0" if len(arch) == 1 else arch


def device_arch_cells(file: SourceFile, header: Row, body: list[Row]) -> list[Requirement]:
    """A column of the device architectures each row's build targets: a header naming a
    device word and architectures ("| CUDA version | GPU Arch List |" with "| 11.8+ |
    60,70,75,80,86,89,90 |", traveller59/spconv@263d6b4 README.md:155-158, the prebuilt
    packages), or the capability itself with a floor in each cell ("| CUDA Compute Capability |"
    with "| SM7 and later |", CVCUDA/CV-CUDA@da51fc96 README.md:45-52). The oldest architecture
    of any row is the least device a build of the table runs on (soft: which row applies
    depends on the release)."""
    subject = capability_subject()
    kinds = vocabulary().kinds
    capability = {
        c for c, cell in enumerate(header.cells) if _CAPABILITY_HEADER.search(clean(cell))
    }
    listing = {
        column
        for column, cell in enumerate(header.cells)
        if _DEVICE_ARCH_HEADER.search(clean(cell))
        and any(word in kinds for word in re.findall(r"[A-Za-z]+", clean(cell).upper()))
    } - capability
    columns = sorted(listing | capability)
    archs: list[tuple[str, int]] = []
    for row in body:
        for column in columns:
            cell = clean(row.cells[column]) if column < len(row.cells) else ""
            # A capability column gives floors only ("SM7 and later"): its bare numbers are a
            # reference of what each card is ("| Tesla K80 | 3.7 |"), no floor.
            names = listed(cell) if column in listing else []
            floor = _capability_floor(cell)
            if names and len(names) == len([p for p in _ARCH_ITEMS.split(cell) if p]):
                archs.extend((name, row.line) for name in names)
            elif floor is not None:
                archs.append((floor, row.line))
    lowest = lowest_architecture(archs)
    if subject is None or lowest is None:
        return []
    spec, line, names = lowest
    text = f"{clean(header.cells[columns[0]])}: " + ", ".join(names)
    return [requirement(file, line, subject, spec, text=text, confidence="medium", hard=False)]


def environment_table(file: SourceFile, header: Row, body: list[Row]) -> list[Requirement] | None:
    """A table of environments, one OS release per row ("| Ubuntu 22.04.5 | 8.5.0 | 11.3 |
    3.22 | 3.10 |", catlass README.md:131-136, "下述环境经测试支持构建"): the releases are
    alternatives that were tried (a soft ``os_version``), and the versions beside them are
    that environment's, what was installed there, not a floor or a pin for a checkout: they
    are not read. ``None`` when the table is not one."""
    if not header.cells or not _OS_HEADER.match(_key(header.cells[0])):
        return None
    releases = [(row, os_release(clean(row.cells[0]))) for row in body if row.cells]
    named = [(row, found) for row, found in releases if found is not None]
    if not named or len(named) * 2 < len(releases):
        return None
    specs = list(dict.fromkeys(release_spec(version) for _, (_, version) in named))
    words = ", ".join(dict.fromkeys(f"{name} {version}" for _, (name, version) in named))
    stated = requirement(
        file, header.line, "os_version", " || ".join(specs), text=f"tested on {words}",
        confidence="low", hard=False,
    )  # fmt: skip
    rows = tuple(dict.fromkeys(file.source(row.line) for row, _ in named))
    return [msgspec.structs.replace(stated, also_at=rows)]


_OS_COLUMN = lazyre.compile(r"^(?:OSs?|operating\s+systems?|操作系统)$", re.IGNORECASE)
"""A column of the OSes each product supports ("操作系统版本（仅支持64位的操作系统）", IndexSDK
docs/zh/01_introduction.md:82; "OSs (64-bit Only)", its English page; "|硬件|操作系统|",
MindIE-LLM installation_introduction.md:25), its version and remarks cleaned off."""

_ISSUE_HEADER = lazyre.compile(
    r"\b(?:issues?|problems?|bugs?|workarounds?|symptoms?|limitations?|known)\b"
    r"|问题|规避|现象|限制|故障",
    re.IGNORECASE,
)
"""A column of a known-issues table ("| Issue | OS | Workaround |"): its OS column names the
OSes a bug hits, no support list."""


_PRODUCT_HEADER = lazyre.compile(r"产品|型号|硬件|\b(?:products?|hardware)\b", re.IGNORECASE)
"""A column of products ("|产品系列|产品型号|操作系统版本|", MindInferenceService
docs/zh/introduction.md:11): the table beside it says which OS each product supports."""


def os_column(file: SourceFile, header: Row, body: list[Row]) -> list[Requirement]:
    """The OS releases a product x OS support table lists ("Atlas 800I A2 推理服务器 |
    <li>CentOS 7.6</li><li>openEuler 22.03</li>…"): one soft ``os_version`` any-of, cited at
    the first cell listing them and at each other, and the ``os`` any-of of their
    distributions (``_os_list``). A column whose cells each name one release (a docker
    image's tags, "| … | openeuler24.03 | …") is not a support list: some cell must list two
    or more, or a column beside it name the products. Where a cell lists an OS whose release
    is not read, the any-of is left open (spec ``""``, the names in its words): a narrower one
    would refuse a listed OS. A known-issues table's OS column (``_ISSUE_HEADER``) is none."""
    if any(_ISSUE_HEADER.search(clean(cell)) for cell in header.cells):
        return []
    products = any(_PRODUCT_HEADER.search(clean(cell)) for cell in header.cells)
    for column, cell in enumerate(header.cells):
        if not _OS_COLUMN.match(_key(cell)):
            continue
        cells = [(row, distro_releases(clean(row.cells[column])))
                 for row in body if column < len(row.cells)]  # fmt: skip
        listed = [(row, found) for row, found in cells if found]
        if not listed or not (products or any(len(found) > 1 for _, found in listed)):
            continue
        lines = list(dict.fromkeys(row.line_of(column) for row, _ in listed))
        releases = dict.fromkeys(release for _, found in listed for release in found)
        unread = [u for row, _ in listed for u in (unread_releases(clean(row.cells[column])),) if u]
        words = ", ".join([*(f"{name} {version}" for name, version in releases), *unread])
        spec = "" if unread else " || ".join(dict.fromkeys(release_spec(v) for _, v in releases))
        stated = requirement(
            file, lines[0], "os_version", spec, text=f"supported on {words}"[:200],
            confidence="low", hard=False,
        )  # fmt: skip
        also = tuple(file.source(n) for n in lines[1:])
        names = "linux" if unread else ",".join(dict.fromkeys(n.lower() for n, _ in releases))
        systems = _os_list(file, lines, names, words, header=header.line_of(column))
        rows = [row for row, _ in listed]
        return [msgspec.structs.replace(stated, also_at=also), systems, *_cpus(file, rows, column)]
    return []


def _cpus(file: SourceFile, rows: list[Row], column: int) -> list[Requirement]:
    """The CPUs an OS column's cells are told for ("|Atlas 800I A2 推理服务器|AArch64：<ul><li>
    CentOS 7.6</li>…|", "|Atlas 300I Duo 推理卡+…（型号 3010）|X86_64：<ul><li>Ubuntu 22.04</li>
    </ul>|", Ascend/MindIE-Motor@5dfb024e docs/zh/user_guide/install/
    installation_description.md:28-30): the support list's ``arch`` any-of, cited at each row
    naming one."""
    found = arch_cells(file, rows, [column], hard=True)
    named = [row.line for row in rows if arch_names(clean(row.cells[column]))]
    return [
        msgspec.structs.replace(
            r, also_at=tuple(file.source(n) for n in named if n != r.source.line)
        )
        for r in found
    ]


def _os_list(
    file: SourceFile, lines: list[int], spec: str, words: str, *, header: int
) -> Requirement:
    """The ``os`` a support table's OS column states (``spec``): any of the distributions it
    lists, each a Linux (VisionSDK docs/zh/introduction.md:63 "操作系统版本（仅支持64位的操作系统）"
    over rows of EulerOS, Ubuntu, openEuler, KylinOS…), cited at the header and every row.
    Hard: the list is what the product supports. Where a listed OS is not read (KylinOS V11),
    any Linux: a narrower list would refuse it."""
    stated = requirement(
        file, lines[0], "os", spec, text=f"supported on {words}"[:200], confidence="medium"
    )
    also = tuple(file.source(n) for n in dict.fromkeys([header, *lines[1:]]) if n != lines[0])
    return msgspec.structs.replace(stated, also_at=also)


def firmware_column(cell: str, vendor: Vendor) -> tuple[str, str] | None:
    """``(driver, firmware)`` subjects of a column naming both (``_DRIVER_AND_FIRMWARE``)
    for the backend the document is about."""
    backend = backends.by_vendor(vendor) if vendor else None
    if backend is None or not _DRIVER_AND_FIRMWARE.search(clean(cell)):
        return None
    firmware = backend.vocabulary.names.get("firmware")
    if backend.driver_subject is None or firmware is None:
        return None
    return backend.driver_subject, firmware


def with_firmware(found: Requirement, firmware: str) -> Requirement:
    """The firmware a driver-and-firmware cell states beside the driver: released with it,
    its own version (another numbering) unstated."""
    return msgspec.structs.replace(found, subject=firmware, spec="", confidence="low")


def continued(body: list[Row], row: Row) -> list[Row]:
    """``row`` and the rows after it whose first cell is empty: more lines of the same
    release ("| master | x86&aarch64 | … | 2.7.1 |" then "| | | … | 2.8.0 |", DrivingSDK
    docs/zh/version/versions.md:7-8)."""
    start = body.index(row)
    rows = [row]
    for more in body[start + 1 :]:
        if more.cells and clean(more.cells[0]):
            break
        rows.append(more)
    return rows
