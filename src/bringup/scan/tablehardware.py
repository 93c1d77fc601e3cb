"""The hardware a doc table states: a name/version table's device and chip rows ("| <Device> |
1 × <product> |", "| CHIP_TYPE | A3 |") and a release matrix's column of supported devices, read
apart from the version cells (``doctables``) because devices are counts and chip families, not
releases."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.devices import chips_in
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import expand_shorthands
from bringup.scan.tablecells import CELL_NOISE, CHIP_CELLS, Row, cells, clean, requirement

_COUNT_CELL = lazyre.compile(
    r"(?<![A-Za-z\d.])(\d+)"
    r"(?![\d.]|(?!P\b|[NG]PUs?\b)[A-WYZa-wyz]|\s{0,2}(?i:[KMGTP]i?B|[GM]Hz|cores?\b|核))"
    r"|\b(one|two|four|eight)\b|([一两二四八])"
)
"""A device row's count: a number that measures nothing else ("内存：最小4GB" in a hardware
row, msinsight docs/zh/install_guide/mindstudio_insight_install_guide.md:198, is memory) and
is no part of a product's name ("| 硬件 | Atlas A3 / A2 / 950PR·DT |", hicann/cann-recipes-infer
@fbc225d2 README.md:121: A3 and 950PR are products); "8x", "1×", "8P", "8NPU", "8卡" still
count."""
_COUNT_WORDS = {
    "one": 1,
    "two": 2,
    "four": 4,
    "eight": 8,
    "一": 1,
    "两": 2,
    "二": 2,
    "四": 4,
    "八": 8,
}
_FOR_TESTS = lazyre.compile(r"\btests?\b|测试", re.IGNORECASE)


_PRODUCTS = lazyre.compile(r"^(?:\w+\s)?(?:products?|产品|型号)$|^\w{1,4}(?:产品|型号)$")
"""A column of the products a release supports, the vendor's word before it or not ("支持
昇腾产品", "Supported Ascend Products", catlass README.md:119 and README_en.md:116)."""


def hardware_column(cell: str) -> bool:
    """A matrix column of the devices each release supports ("Hardware Support", "硬件",
    "支持昇腾产品")."""
    key = re.sub(r"\s+", " ", CELL_NOISE.sub("", clean(cell).lower())).strip(" :：_")
    return key in CHIP_CELLS or key in cells().devices or bool(_PRODUCTS.match(key))


def chip_cells(file: SourceFile, rows: list[Row], columns: list[int]) -> list[Requirement]:
    """The chips a matrix's hardware column names per release ("Ascend A2/A3", AscendNPU-IR
    docs/source/en/introduction/quick_start/version-compatibility.md:13): a support list, each
    row's chips alternatives of their own (soft, as the release the row is for)."""
    found: list[Requirement] = []
    for row in rows:
        for column in columns:
            cell = clean(row.cells[column]) if column < len(row.cells) else ""
            chips = chips_in(expand_shorthands(cell)) if cell else []
            if chips:
                text = f"{' | '.join(clean(c) for c in row.cells)}"
                found.append(
                    requirement(file, row.line, "chip", ",".join(chips), text=text,
                                confidence="medium", hard=False)
                )  # fmt: skip
    return found


def device_row(file: SourceFile, row: Row, kind: str, text: str) -> list[Requirement]:
    """A "| <Device> | 1 × <product> (<chip>) | device tests only |" row: a count and chip families;
    soft when the row says the devices are for tests."""
    cell = clean(row.cells[1])
    hard = not _FOR_TESTS.search(text)
    found: list[Requirement] = []
    count = _COUNT_CELL.search(cell)
    if count is not None and kind:
        digits, word, han = count.groups()
        number = int(digits) if digits else _COUNT_WORDS[word or han]
        found.append(
            requirement(
                file,
                row.line,
                f"{kind}_count",
                f">={number}",
                text=text,
                confidence="high",
                hard=hard,
            )
        )
    chips = chips_in(cell)
    if chips:
        found.append(
            requirement(
                file, row.line, "chip", ",".join(chips), text=text, confidence="medium", hard=hard
            )
        )
    return found


def chip_row(file: SourceFile, row: Row, text: str) -> list[Requirement]:
    """A "| CHIP_TYPE | A3 | A3, 910B |" row: the chip families its cells name, as
    alternatives (soft: which one is the machine's own choice)."""
    # in a chip row a backend's chip shorthand can only be a chip
    cells = " ".join(clean(cell) for cell in row.cells[1:])
    chips = chips_in(expand_shorthands(cells))
    if not chips:
        return []
    spec = ",".join(chips)
    return [requirement(file, row.line, "chip", spec, text=text, confidence="medium", hard=False)]


_QUALIFIER = lazyre.compile(r"\s*(?:model|type|型号|类型)$", re.IGNORECASE)


def device_key(key: str) -> str:
    """A first cell naming the device by its model or type ("Hardware Model", "NPU Type",
    "硬件型号") as the device's own cell: the row states which device it is."""
    return _QUALIFIER.sub("", key) or key


def pair_header(header: Row, devices: Mapping[str, str]) -> bool:
    """Whether a two-column table's header row is itself one of its name/value rows: a device
    named beside its model ("| Hardware Model | 910B3 (Recommended) |" over "| Driver Version
    | 24.1.rc3 |", dgme-syz/trans0-NPU@0b38c07a README.md:5-10, outsider29 D8): Markdown
    makes the first row a header, yet it is the table's first statement."""
    if len(header.cells) != 2 or not any(ch.isdigit() for ch in header.cells[1]):
        return False
    return device_key(clean(header.cells[0]).lower()) in devices
