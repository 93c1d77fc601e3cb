"""The cells of a documentation table: what a header or first cell names, and how a cell is
cleaned and read; shared by the table readers (``doctables``) and the document readers.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Confidence, Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.prose_vocabulary import Vendor, subject_named
from bringup.subjects import catalogue, python_subject

# A span never crosses another opening (``[^<>]``, ``[^\[\]]``, ``[^()]``): on a line of
# thousands of unclosed ``<a``, ``[`` or ``(`` each attempt then stops at the next one
# instead of scanning to the line's end (quadratic).
_MARKUP = lazyre.compile(r"~~.*?~~|\*\*|__|`|<br\s*/?>|</?\w+[^<>]*>|!\[[^\[\]]*\]\([^()]*\)")
LINE_BREAK = lazyre.compile(r"<br\s*/?>", re.IGNORECASE)
_LINK = lazyre.compile(r"\[([^\[\]]*)\]\([^()]*\)")
SEPARATOR = lazyre.compile(r"^\s*(?:\|\s*)?:?-{2,}")
CELL_NOISE = lazyre.compile(
    r"\([^()]*\)|（[^（）]*）|版本号?|versions?|toolkit|软件包|(?<=[A-Za-z])包|package|名称|name|"
    r"support(?:ed)?|\bminimum\b|\bmin\.|最低|最小|"
    r"compatible|required|depends?|recommended|commercial|community|edition|商用版?|社区版?|配套|推荐|支持的?|依赖|所需|插件|plugin",
    re.I,
)
_CELL_SUBJECTS = {
    "python": "python",
    "python3": "python",
    "gcc": "gcc",
    "g++": "gcc",
    "cmake": "cmake",
    "pytorch": "torch",
    "torch": "torch",
    "vllm": "vllm",
    "glibc": "glibc",
    "clang": "clang",
    "driver": "driver",
    "驱动": "driver",
    "c++": "cxx_standard",
    "c++ standard": "cxx_standard",
    "c++ 标准": "cxx_standard",
    "mcore": "pypi:megatron-core",
    "megatron-core": "pypi:megatron-core",
    "megatron core": "pypi:megatron-core",
    "megatron": "pypi:megatron-core",
    "megatron-lm": "pypi:megatron-core",
}
"""Generic names of a table cell; each backend adds its own (``Vocabulary.names``)."""
_GENERIC_DEVICE_CELLS = {
    "hardware": "",
    "device": "",
    "devices": "",
    "硬件": "",
    "设备": "",
    "加速卡": "",
}
"""A row about devices of no vendor in particular; each backend adds its device words."""


class _Cells(NamedTuple):
    subjects: dict[str, str]
    spellings: dict[str, str]
    """``subjects`` and the catalogue's software subjects keyed by ``squash``: "TorchExt",
    "Torch-EXT" and "torch ext" are the ``torch_ext`` the vocabulary names."""
    devices: dict[str, str]
    subject_words: re.Pattern[str]


_NAMED_SCOPES = ("host", "system_tool", "python_package", "toolkit", "driver")
"""Catalogue scopes whose names a table's first cell may spell its own way; device and
platform facts have their own rows (``_device_row``, ``_chip_row``)."""


def squash(name: str) -> str:
    """A name without case, spaces, dashes or underscores: the spellings of one product."""
    return re.sub(r"[\s_-]+", "", name.lower())


def _spellings(subjects: dict[str, str]) -> dict[str, str]:
    spellings = {squash(name): subject for name, subject in subjects.items()}
    for known in catalogue():
        if known.scope in _NAMED_SCOPES:
            for name in (known.name, known.display_name):
                spellings.setdefault(squash(name), known.name)
    return spellings


def _cells(registered: tuple[Backend, ...]) -> _Cells:
    subjects = dict(_CELL_SUBJECTS)
    devices: dict[str, str] = {}
    names: list[str] = []
    for backend in registered:
        vocabulary = backend.vocabulary
        subjects.update(vocabulary.names)
        names.extend(vocabulary.names)
        for word in vocabulary.device_words:
            devices.setdefault(word.lower(), backend.device_kind)
            devices.setdefault(word.lower() + "s", backend.device_kind)
            for vendor in vocabulary.vendor_words:
                if not vendor.isascii():
                    devices.setdefault(f"{vendor} {word.lower()}", backend.device_kind)
    devices.update(_GENERIC_DEVICE_CELLS)
    spelled = sorted((re.escape(n) for n in names if re.fullmatch(r"[\w+-]+", n)), key=len)
    words = "|".join([*reversed(spelled), "C?Python", "PyTorch", "torch", "GCC", "CMake", "vLLM"])
    subject_words = patterncache.compile(
        rf"\b(?:{words})\s*|\([^()]*\)|（[^（）]*）", re.IGNORECASE
    )
    return _Cells(subjects, _spellings(subjects), devices, subject_words)


cells = backends.per_registry(_cells)
CHIP_CELLS = frozenset({"chip", "chip_type", "chip type", "soc", "soc_version", "芯片", "芯片类型"})


class Row(NamedTuple):
    """A table row: the line it starts on, its cells, and each cell's own line where the
    cells are written on lines of their own (an HTML table's ``<td>``s), else none."""

    line: int
    cells: list[str]
    cell_lines: tuple[int, ...] = ()

    def line_of(self, column: int) -> int:
        return self.cell_lines[column] if column < len(self.cell_lines) else self.line


def clean(text: str) -> str:
    """Markdown decoration removed: emphasis, code ticks, links (their words kept), tags, CI
    status badges (``_CI_BADGE``, words and all); a line break inside a cell is a space
    ("8.5.0<br>9.0.0" is two releases, not "8.5.09.0.0": catlass README_en.md:118)."""
    if "<" in text:  # most lines hold neither: two substitutions fewer for 50,000 calls
        text = LINE_BREAK.sub(" ", text)
    if "\\" in text:
        text = _ESCAPED.sub(r"\1", text)
    if "/workflows/" in text:
        text = _CI_BADGE.sub("", text)
    # each substitution only where a match could be: most cells are plain words (what a
    # match of _MARKUP holds is tested one by one: a loop over the marks costs as much)
    if "[" in text:
        text = _LINK.sub(r"\1", text)
    if "`" in text or "<" in text or "*" in text or "_" in text or "~" in text or "![" in text:
        text = _MARKUP.sub("", text)
    return text.strip()


_CI_BADGE = lazyre.compile(
    r"\[?!\[[^\]]{0,200}\]\([^()\s]{0,400}/workflows/[^()\s]{0,400}\)(?:\]\([^()\s]{0,400}\))?"
)
"""A CI status badge (``[![nvidia-h100-ci](https://github.com/fla-org/flash-linear-attention/
actions/workflows/nvidia-h100.yml/badge.svg?...)](...)``, fla-org/flash-linear-attention@bc3b101
README.md:124): its words name a workflow and the device it runs on, no need of the repo's."""
_ESCAPED = lazyre.compile(r"\\([!-/:-@\[-`{-~])")
"""A Markdown backslash escape of ASCII punctuation ("x86\\_64", gdrcopy README.md:81): the
character itself."""


_PARENTHESES = lazyre.compile(r"\([^()]*\)|（[^（）]*）")
_VENDOR_CELLS = {"toolkit": "toolkit", "开发套件": "toolkit"}
DISTRIBUTION = lazyre.compile(r"^(?!v\d)[a-z][a-z0-9_.-]*$")
"""A distribution's name; ``v1.0.0`` is a release of the repo (a matrix's first cell)."""


@backends.remembering(1024)
def cell_subject(cell: str) -> str | None:
    """The subject a header or first cell names ("Python 版本" -> python, a backend's
    Chinese driver name -> its driver, "Toolkit（开发套件）" -> the vendor's toolkit), if any;
    a cell listing the names of one subject names it ("gcc、g++", Ascend/MindIE-LLM docs/zh/
    user_guide/install/source/preparing_software_and_dependencies.md:60; "gcc/g++",
    ascend-boost-comm README.md:54). Kept for the last cells read: tables repeat their headers
    and first cells (every operator's README of an operator library has the same product
    table)."""
    named = _one_name(cell)
    if named is not None:
        return named
    parts = _NAME_LIST.split(clean(cell))
    if len(parts) < 2:
        return None
    subjects = {_one_name(part) for part in parts}
    return subjects.pop() if len(subjects) == 1 else None


_NAME_LIST = lazyre.compile(r"\s*[、/,，]\s*")


def _one_name(cell: str) -> str | None:
    plain = _PARENTHESES.sub("", clean(cell).lower()).strip(" :：")
    if plain in _VENDOR_CELLS:
        return _VENDOR_CELLS[plain]
    key = re.sub(r"\s+", " ", CELL_NOISE.sub("", clean(cell).lower())).strip(" :：_")
    known = cells().subjects
    if key in known:
        return known[key]
    spelled = cells().spellings.get(squash(key))
    if spelled is not None:
        return spelled
    named = subject_named(_PARENTHESES.sub("", clean(cell)).strip(" :："))
    if named is None:
        # the product named after its maker's brand ("| Ascend CANN Toolkit Version | 8.3.RC2 |",
        # dgme-syz/trans0-NPU@0b38c07a README.md:10; "NVIDIA CUDA Toolkit"): the product's row
        branded = _BRAND.match(key)
        if branded is not None and branded.end() < len(key):
            return _one_name(key[branded.end() :])
    return named if named != "python" or plain == "python" else None


_BRAND = lazyre.compile(r"(?:huawei\s+ascend|huawei|ascend|昇腾|nvidia|amd|intel)\s*(?=\S)")
"""A maker's brand written before its product's name in a table's first cell."""


DEPENDENCY_HEADER = lazyre.compile(
    r"依赖|dependenc|prerequisite|required\s+software|requirements?\b|前置|配套软件", re.I
)
"""A table listing what to install ("| 依赖软件 | 软件安装指南 |", torchtitan-npu docs/user-guides/
installation.md:18-49: "昇腾NPU驱动", "昇腾NPU固件", "NNAL", each with its guide): a row naming a
subject and no version it can read is still a need, its version unstated."""
_SOFTWARE_CELL = lazyre.compile(r"^(?:软件名?称?|software(?:\s+name)?)$", re.I)
_REQUIRED_VERSION = lazyre.compile(r"版本要求|version\s+requirements?|required\s+versions?", re.I)


def listing_header(header: list[str]) -> bool:
    """Whether a table's header says it lists what to install (``DEPENDENCY_HEADER``), or names
    the software and the version each requires ("|软件|版本要求|变更记录|", MindIE-LLM docs/zh/
    user_guide/install/source/preparing_software_and_dependencies.md:57). A "| 软件 | 版本 |"
    table pairs releases (MindSpeed README.md:76, "当前版本推荐配套表"): not such a list."""
    plain = [clean(cell) for cell in header]
    if not plain:
        return False
    if DEPENDENCY_HEADER.search(plain[0]):
        return True
    return bool(_SOFTWARE_CELL.match(plain[0])) and any(_REQUIRED_VERSION.search(c) for c in plain)


ROUTES_HEADER = lazyre.compile(
    r"^\s*(?:安装方式|部署方式|(?:installation|deployment|install)\s+(?:methods?|modes?|options?))\s*$",
    re.IGNORECASE,
)
"""A table of ways to get an environment ("| 安装方式 | 使用说明 |", hicann/ops-blas
docs/zh/install/quick_install.md:15): a row says what its route needs ("当前仅适用于Atlas A2系列
产品", :17); the route's name ("Docker", "CANNLab") is no Python distribution."""


_IMAGE_KEY = lazyre.compile(
    r"^(?:(?:docker|container)\s+)?images?(?:\s+(?:version|tag)s?)?$|^(?:容器)?镜像(?:版本|标签|tag)?$",
    re.IGNORECASE,
)


def image_rows(header: Row) -> bool:
    """Whether a table's rows are container images, its first column their versions ("|镜像版本
    |CANN版本 |PTA版本 |", Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:24): the
    versions beside each are what that image holds, not what the repo needs (as a table a
    sentence about the image's contents introduces, ``docsections.PREINSTALLED``)."""
    return bool(header.cells) and _IMAGE_KEY.match(clean(header.cells[0])) is not None


def distribution_cell(cell: str) -> str | None:
    """A first cell that is a Python distribution's name ("ray", "apex"), for rows of a
    requirements table whose version cell reads as a PEP 440 specifier."""
    plain = clean(cell).lower()
    return python_subject(plain) if DISTRIBUTION.match(plain) else None


_OPTIONAL_MARK = lazyre.compile(r"[(（]\s{0,2}(?:可选|optional)\s{0,2}[)）]", re.IGNORECASE)
"""A row's name marked optional ("|haveged（可选）|-|使用StreamServer功能时需要安装该依赖…|",
VisionSDK docs/zh/installation_guide.md:31): what one feature needs, not the repo."""


def optional_mark(cell: str) -> tuple[str, bool]:
    """A row's first cell without its optional mark, and whether it had one."""
    bare = _OPTIONAL_MARK.sub("", cell)
    return bare.strip(), bare != cell


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


def resolve(subject: str | None, vendor: Vendor) -> str | None:
    """ "driver" and "toolkit" are those of the backend the document is about."""
    if subject not in ("driver", "toolkit"):
        return subject
    backend = backends.by_vendor(vendor) if vendor else None
    if backend is None:
        return None
    return backend.driver_subject if subject == "driver" else backend.vocabulary.toolkit_subject


def bare(cell: str) -> str:
    """A matrix cell without the subject's name or remarks ("PyTorch2.1.0" -> "2.1.0",
    "Python3.7.x(>=3.7.5),Python3.8.x" -> "3.7.x,3.8.x", "r2.3.1" -> "2.3.1"), to be read
    as versions."""
    return branch_released(cells().subject_words.sub("", clean(cell)).strip())


_PRE_RELEASE_APART = lazyre.compile(
    r"^\s*(v?\d+(?:\.\d+)+)\s*((?:rc|alpha|beta|a|b)\.?\d+)\s*$", re.IGNORECASE
)
"""A version cell whose pre-release stands apart or is glued on: "0.1.0 rc1" is 0.1.0rc1, the
row above says so ("0.1.0rc1", Ascend/mindx-science@8e312c0
pinn_module/pinn_inference/README.md:10,30, outsider8 #18), not the final 0.1.0; "3.0 rc3"
(line 31) is 3.0rc3. Joined with a dot, the spelling the version phrases read
(``phrases.read_phrase``: "0.1.0rc1" read as 0.1.*)."""


_RELEASE_BRANCH = lazyre.compile(
    r"^\s*(?:r|release[-_/]?v?|branch[-_/]?v?)(?=\d+\.\d+(?:\.\d+)*(?:\.?(?:rc|post)\d+)?\s*$)",
    re.IGNORECASE,
)
"""A version cell naming a release branch ("| MindSpore | r2.3.1 |", "| Mindformers | r1.2.0 |",
mindspore-lab/mindrlhf@3c9ec063 README.md:50-51; "release-2.3", "branch_v2.3"): the branch a
project cuts for that release, so the release it names. A branch that names no release
("master", "dev") keeps reading as no version."""


def branch_released(cell: str) -> str:
    """``cell`` (a version cell) with a release branch's prefix left off (``_RELEASE_BRANCH``)."""
    branch = _RELEASE_BRANCH.match(cell)
    return cell[branch.end() :] if branch is not None else cell


def pre_release_joined(cell: str) -> str:
    """``cell`` (a version cell, cleaned) in the spelling the version phrases read: its
    pre-release joined to the release, a release branch's prefix left off."""
    return _PRE_RELEASE_APART.sub(r"\1.\2", branch_released(cell))
