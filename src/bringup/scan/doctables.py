"""Version tables in READMEs, and the helpers the doc reader shares with them.

Two shapes: name/version rows ("| CANN | >= 7.0 |", "| NPU | 1 × Atlas A2 |"), read as
requirements; and matrices whose header names several subjects ("| PyTorch | torch_npu |
CANN |"), one release per row, read as soft alternatives per column (which row applies
depends on the release, which only the knowledge base can pair up).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup.model import Confidence, Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase
from bringup.scan.prose import Vendor, chips_in, read_line, subject_named
from bringup.subjects import python_subject

# A span never crosses another opening (``[^<>]``, ``[^\[\]]``, ``[^()]``): on a line of
# thousands of unclosed ``<a``, ``[`` or ``(`` each attempt then stops at the next one
# instead of scanning to the line's end (quadratic).
_MARKUP = re.compile(r"~~.*?~~|\*\*|__|`|<br\s*/?>|</?\w+[^<>]*>|!\[[^\[\]]*\]\([^()]*\)")
_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_LINK = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}")
_CELL_NOISE = re.compile(
    r"\([^()]*\)|（[^（）]*）|版本号?|versions?|toolkit|软件包|package|名称|name|supported|compatible|"
    r"recommended|commercial|community|edition|商用版?|社区版?|配套|推荐|支持的?",
    re.I,
)
_CELL_SUBJECTS = {
    "cann": "cann",
    "python": "python",
    "gcc": "gcc",
    "g++": "gcc",
    "cmake": "cmake",
    "pytorch": "torch",
    "torch": "torch",
    "torch_npu": "torch_npu",
    "torch-npu": "torch_npu",
    "pytorch adapter": "torch_npu",
    "mindspore": "mindspore",
    "vllm": "vllm",
    "vllm-ascend": "vllm_ascend",
    "vllm_ascend": "vllm_ascend",
    "cuda": "cuda",
    "cudnn": "cudnn",
    "nccl": "nccl",
    "glibc": "glibc",
    "clang": "clang",
    "driver": "driver",
    "驱动": "driver",
    "npu driver": "ascend_driver",
    "npu 驱动": "ascend_driver",
    "hdk": "ascend_driver",
    "nvidia driver": "nvidia_driver",
    "firmware": "ascend_firmware",
    "固件": "ascend_firmware",
    "triton-ascend": "triton_ascend",
    "c++": "cxx_standard",
    "c++ standard": "cxx_standard",
    "c++ 标准": "cxx_standard",
}
_DEVICE_CELLS = {
    "npu": "npu",
    "npus": "npu",
    "昇腾 npu": "npu",
    "gpu": "gpu",
    "gpus": "gpu",
    "hardware": "",
    "device": "",
    "devices": "",
    "硬件": "",
    "设备": "",
    "加速卡": "",
}
_CHIP_CELLS = frozenset(
    {"chip", "chip_type", "chip type", "soc", "soc_version", "芯片", "芯片类型"}
)
_BARE_GENERATION = re.compile(r"\b(A[23])\b")
_REFUSED = re.compile(r"^(?:x|×|✗|✘|❌|no|不支持|否)$", re.IGNORECASE)
"""A cell marking a row as not supported ("| Atlas A3 inference products | x |")."""
_COUNT_CELL = re.compile(r"(\d+)|\b(one|two|four|eight)\b|([一两二四八])")
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
_FOR_TESTS = re.compile(r"\btests?\b|测试", re.IGNORECASE)


class Row(NamedTuple):
    line: int
    cells: list[str]


def clean(text: str) -> str:
    """Markdown decoration removed: emphasis, code ticks, links (their words kept), tags."""
    return _MARKUP.sub("", _LINK.sub(r"\1", text)).strip()


_PARENTHESES = re.compile(r"\([^()]*\)|（[^（）]*）")
_VENDOR_CELLS = {"toolkit": "toolkit", "开发套件": "toolkit", "kernel": "cann", "kernels": "cann",
                 "算子包": "cann"}  # fmt: skip
_DISTRIBUTION = re.compile(r"^[a-z][a-z0-9_.-]*$")


def cell_subject(cell: str) -> str | None:
    """The subject a header or first cell names ("CANN 版本" -> cann, "昇腾NPU驱动" ->
    ascend_driver, "Toolkit（开发套件）" -> the vendor's toolkit), if any."""
    plain = _PARENTHESES.sub("", clean(cell).lower()).strip(" :：")
    if plain in _VENDOR_CELLS:
        return _VENDOR_CELLS[plain]
    key = re.sub(r"\s+", " ", _CELL_NOISE.sub("", clean(cell).lower())).strip(" :：_")
    if key in _CELL_SUBJECTS:
        return _CELL_SUBJECTS[key]
    named = subject_named(_PARENTHESES.sub("", clean(cell)).strip(" :："))
    return named if named != "python" or plain == "python" else None


def distribution_cell(cell: str) -> str | None:
    """A first cell that is a Python distribution's name ("ray", "apex"), for rows of a
    requirements table whose version cell reads as a PEP 440 specifier."""
    plain = clean(cell).lower()
    return python_subject(plain) if _DISTRIBUTION.match(plain) else None


def requirement(
    file: SourceFile,
    line: int,
    subject: str,
    spec: str,
    *,
    text: str,
    confidence: Confidence,
    hard: bool = True,
) -> Requirement:
    return file.requirement(subject, spec, line, text=text, confidence=confidence, hard=hard)


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
    for m in read_line(" ".join(parts), required=required, vendor=vendor):
        line = next(number for start, number in reversed(starts) if start <= m.offset)
        found.append(
            requirement(
                file, line, m.subject, m.spec, text=m.text, confidence=m.confidence, hard=m.hard
            )
        )
    return found


def _resolve(subject: str | None, vendor: Vendor) -> str | None:
    if subject == "driver":
        return {"ascend": "ascend_driver", "nvidia": "nvidia_driver"}.get(vendor or "")
    if subject == "toolkit":
        return {"ascend": "cann", "nvidia": "cuda"}.get(vendor or "")
    return subject


def _matrix(
    file: SourceFile, header: Row, body: list[Row], subjects: list[str | None]
) -> list[Requirement]:
    found: list[Requirement] = []
    for column, subject in enumerate(subjects):
        if subject is None:
            continue
        specs: list[str] = []
        cells: list[str] = []
        for row in body:
            raw = row.cells[column] if column < len(row.cells) else ""
            # Lines of one cell ("CANN 8.3.RC2<br>CANN 8.3.RC1", "(aarch64)11.2.1<br>(x86)
            # 9.3.1") are alternatives of their own.
            for part in _LINE_BREAK.split(raw):
                cell = _bare(part)
                phrase = read_phrase(cell, subject) if cell else None
                if phrase is None:
                    continue
                fresh = [s.strip() for s in phrase.spec.split("||") if s.strip() not in specs]
                if fresh:
                    specs.extend(fresh)
                    cells.append(cell)
        if specs:
            text = f"table {clean(header.cells[column])}: " + ", ".join(cells)
            found.append(
                requirement(
                    file,
                    header.line,
                    subject,
                    " || ".join(specs),
                    text=text,
                    confidence="low",
                    hard=False,
                )
            )
    return found


_SUBJECT_WORDS = re.compile(
    r"\b(?:CANN|C?Python|PyTorch|torch(?:[_-]npu)?|CUDA|GCC|CMake|MindSpore|vLLM)\s*|"
    r"\([^()]*\)|（[^（）]*）",
    re.IGNORECASE,
)


def _bare(cell: str) -> str:
    """A matrix cell without the subject's name or remarks ("PyTorch2.1.0" -> "2.1.0",
    "Python3.7.x(>=3.7.5),Python3.8.x" -> "3.7.x,3.8.x"), to be read as versions."""
    return _SUBJECT_WORDS.sub("", clean(cell)).strip()


def _device_row(file: SourceFile, row: Row, kind: str, text: str) -> list[Requirement]:
    """A "| NPU | 1 × Atlas A2 (910B) | device tests only |" row: a count and chip families;
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


def _chip_row(file: SourceFile, row: Row, text: str) -> list[Requirement]:
    """A "| CHIP_TYPE | A3 | A3, 910B |" row: the chip families its cells name, as
    alternatives (soft: which one is the machine's own choice)."""
    # In a chip row a bare "A2"/"A3" can only be the Atlas generation.
    cells = " ".join(clean(cell) for cell in row.cells[1:])
    chips = chips_in(_BARE_GENERATION.sub(r"Atlas \1", cells))
    if not chips:
        return []
    spec = ",".join(chips)
    return [requirement(file, row.line, "chip", spec, text=text, confidence="medium", hard=False)]


def read_table(
    file: SourceFile, rows: list[Row], *, required: bool, vendor: Vendor
) -> list[Requirement]:
    """The requirements a Markdown table states (``rows`` as split, header first)."""
    if len(rows) < 2:
        return []
    header = rows[0]
    body = [row for row in rows[1:] if not _SEPARATOR.match("|".join(row.cells))]
    subjects = [_resolve(cell_subject(cell), vendor) for cell in header.cells]
    first_cells = [clean(row.cells[0]).lower() for row in body if row.cells and row.cells[0]]
    named = sum(1 for c in first_cells if cell_subject(c) or c in _DEVICE_CELLS)
    if any(subjects) and named * 2 < len(first_cells):
        return _matrix(file, header, body, subjects)
    found: list[Requirement] = []
    kind = {"ascend": "npu", "nvidia": "gpu"}.get(vendor or "", "")
    for row in body:
        if not row.cells:
            continue
        if any(_REFUSED.match(clean(cell)) for cell in row.cells[1:]):
            continue
        text = " | ".join(clean(cell) for cell in row.cells)
        key = clean(row.cells[0]).lower()
        if key in _CHIP_CELLS and len(row.cells) > 1:
            found.extend(_chip_row(file, row, text))
            continue
        device = _DEVICE_CELLS.get(key)
        if device is not None and len(row.cells) > 1:
            found.extend(_device_row(file, row, device or kind, text))
            continue
        subject = _resolve(cell_subject(row.cells[0]), vendor)
        if subject is None and required:
            subject = distribution_cell(row.cells[0])
        if subject is None:
            if required:
                found.extend(paragraph(file, [(row.line, text)], required=True, vendor=vendor))
            continue
        for cell in row.cells[1:]:
            phrase = read_phrase(clean(cell), subject)
            if phrase is not None:
                confidence: Confidence = "high" if phrase.explicit else "medium"
                found.append(
                    requirement(
                        file, row.line, subject, phrase.spec, text=text, confidence=confidence
                    )
                )
                break
    return found
