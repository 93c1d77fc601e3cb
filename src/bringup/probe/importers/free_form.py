"""Free-form environment lines as issue templates and people write them, in English and
Chinese: ``CANN version: 8.0.RC2``, ``- NPU type: 910B3``, ``**NPU Driver Version:** `24.1.rc3```,
``torch-npu: 2.8.0``, ``torch_npu && torch: 2.9.0``, ``CANN 版本：8.0.0``, ``| CANN | 8.5.0 |``,
``HDK=25.5.0``, prose such as ``CANN 8.5.0，torch npu 2.8.0post2`` or ``昇腾910C``, "8-card
server", and the key/value reports of other tools (``llamafactory-cli env``, sglang's
``check_env``: ``- Datasets version: 3.1.0``, ``triton: 3.0.0``).

Labels and names are matched through the one vocabulary (``vocabulary.toml``); a
``name: version`` line whose name is not in it is read as a Python package. What a line says
is a ``medium``-confidence fact: a tool's own output (npu-smi, collect_env) wins over it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Fact, Source, keys
from bringup.parsing import at_line
from bringup.probe.importers.parts import Part
from bringup.probe.importers.reading import Reading, package_fact
from bringup.probe.importers.values import (
    MODEL_CHIP,
    VERSION,
    read_chip,
    read_count,
    read_version,
    says_absent,
    stated,
)
from bringup.probe.importers.vocabulary import Subject, Vocabulary

_BULLET = re.compile(r"^\s*(?:[-*+•]\s+|--+\s*|\d{1,2}[.)、]\s+|\[[ xX]\]\s+)+")
_MARKS = re.compile(r"\*\*|__|`|<br\s*/?>|[【】]")  # 【Cann-Toolkit】: Chinese label brackets
_PAIR = re.compile(r"^(?P<label>[^:：=|]{1,60}?)\s*(?:[:：]|==?(?!=)|\s是\s?)\s*(?P<value>.*)$")
_SPLIT_LABEL = re.compile(r"\s*(?:&&|&|/|,|，|、|和|与|\band\b|\+)\s*")
_PACKAGE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9._\-]{0,40}$")
_FILLER = re.compile(
    r"^(?:[\s:：=\-_*`'\"|,]|versions?\b|ver\b|is\b|v(?=\d)|[\u4e00-\u9fff]){0,16}$",
    re.IGNORECASE,
)
_LIST_SEPARATOR = re.compile(r"\s*[/,;，、]\s*")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_NOTE = re.compile(r"^\s*(?:\([^()]*\)|\[[^\[\]]*\])?\s*$")
_ARCH = re.compile(r"\b(x86_64|aarch64|arm64|amd64|x64)\b", re.IGNORECASE)
_DEVICE_WORDS = re.compile(
    r"card|卡|npu|gpu|device|server|服务器|机器|910|310|950|a100|h100|h800|a800|昇腾|ascend",
    re.IGNORECASE,
)
_NVIDIA_WORDS = re.compile(r"nvidia|cuda|geforce|tesla|gpu|rtx|显卡", re.IGNORECASE)
_ASCEND_WORDS = re.compile(r"ascend|昇腾|npu|cann|hdk|910|310p|davinci", re.IGNORECASE)
_GPU_NAME = re.compile(
    r"(?:NVIDIA|Tesla|GeForce|Quadro|RTX)\b[^,;|]*|\b[AHBLTV]\d{2,3}[A-Za-z0-9\-]*\b"
)
_LOG_LINE = re.compile(r"^\s*(?:File \"|Traceback|\[?(?:INFO|WARNING|ERROR|DEBUG)\b|\(\w+ pid=)")
_MAX_LINE = 400

_ARCHES = {"amd64": "x86_64", "x64": "x86_64", "arm64": "aarch64"}


def clean_line(line: str) -> str:
    """A line without its bullet, Markdown emphasis and code marks."""
    return _MARKS.sub("", _BULLET.sub("", line)).strip()


def report_vendor(text: str) -> str:
    """Which accelerator a whole report is about, for labels that do not say (``Driver``)."""
    ascend = len(_ASCEND_WORDS.findall(text[:200_000]))
    nvidia = len(_NVIDIA_WORDS.findall(text[:200_000]))
    return "nvidia" if nvidia > ascend else "ascend"


def read_free_form(
    lines: Iterable[tuple[int, str]], source: Source, vocabulary: Vocabulary, vendor: str
) -> Reading:
    """Every fact the lines state in words; ``lines`` are (number, text) pairs of the report."""
    reading = Reading()
    for number, raw in lines:
        if not raw.strip() or len(raw) > _MAX_LINE or _LOG_LINE.match(raw):
            continue
        line = clean_line(raw)
        where = at_line(source, number)
        found = _table_row(line, where, vocabulary, vendor)
        if found is None:
            found = _labelled(line, where, vocabulary, vendor)
        if not found:
            found = _mentions(line, where, vocabulary, vendor)
        found += _count(line, where, vendor, found) + _libraries(line, where)
        for item in found:
            reading.add(item, number)
    return reading


def _table_row(line: str, where: Source, vocabulary: Vocabulary, vendor: str) -> list[Fact] | None:
    """``| CANN | 8.5.0 | ... |``: a Markdown table row of subject and version."""
    if not line.startswith("|") or line.count("|") < 3:
        return None
    cells = [c.strip() for c in line.strip("|").split("|")]
    if len(cells) < 2 or set(cells[1]) <= {"-", ":", " "}:
        return None
    return _label_value(cells[0], cells[1], where, vocabulary, vendor)


def _labelled(line: str, where: Source, vocabulary: Vocabulary, vendor: str) -> list[Fact]:
    """``label: value`` (or ``=``, ``==``, ``：``, ``是``) with a known label or a package name."""
    match = _PAIR.match(line)
    if match is None:
        return []
    code = re.search(r"\s=(?!=)", line) is not None  # "lr = 0.001" is code, "HDK=25.5.0" a fact
    return _label_value(
        match.group("label"), match.group("value"), where, vocabulary, vendor, subjects_only=code
    )


def _label_value(
    label: str,
    value: str,
    where: Source,
    vocabulary: Vocabulary,
    vendor: str,
    *,
    subjects_only: bool = False,
) -> list[Fact]:
    whole = vocabulary.subject(label)  # "GPU models and configuration" is one label
    names = [label] if whole else [part for part in _SPLIT_LABEL.split(label.strip()) if part]
    subjects = [s for s in (vocabulary.subject(name) for name in names) if s is not None]
    if names and len(subjects) == len(names):
        found: list[Fact] = []
        for subject, own in zip(subjects, _values_in_order(value, len(subjects))):
            found += _value_facts(subject, own, label, where, vendor)
        return _named_in_value(found, value, where, vocabulary, vendor)
    if subjects_only:
        return []
    name = re.sub(r"(?i)[\s_-]*versions?$", "", label.strip()).strip(" `*")
    # a package as tools list them: lower case (``triton: 3.0.0``) or followed by the word
    # "version" (``Datasets version: 3.1.0``); not an lscpu line such as ``BogoMIPS: 200.00``
    if not _PACKAGE_NAME.match(name) or not (name.islower() or name != label.strip()):
        return []
    if says_absent(value):
        return [package_fact(name, None, where)]
    version = read_version(value)
    if version is None or version[1] > 2:
        return []
    if not _NOTE.match(value[version[1] + len(version[0]) :]):
        return []  # "inv_freq = 1.0 / (10000 ** ...)": code, not a listing
    return [package_fact(name, version[0], where)]


def _values_in_order(value: str, count: int) -> list[str]:
    """One value per subject of a combined label: ``CUDA/cuDNN version: 11.2/8.1`` gives each
    its own version, in order, when the value holds exactly as many; else the whole value for
    each (``torch_npu && torch: 2.9.0``)."""
    if count > 1:
        parts = [p for p in _LIST_SEPARATOR.split(value.strip()) if p]
        if len(parts) == count and all(read_version(p) for p in parts):
            return parts
        versions = [m.group(1) for m in VERSION.finditer(value)]
        if len(versions) == count:
            return versions
    return [value] * count


def _named_in_value(
    found: list[Fact], value: str, where: Source, vocabulary: Vocabulary, vendor: str
) -> list[Fact]:
    """A value that names its subjects again says which version is whose (``CUDA/cuDNN
    version: CUDA 11.0, cuDNN 8.0.5``) and may name more (``vllm=0.14.0和CANN8.2RC``): what
    it names wins over reading the whole value as each label's."""
    named = _mentions(value, where, vocabulary, vendor)
    keys_named = {f.key for f in named}
    return [f for f in found if f.key not in keys_named] + named


def _value_facts(
    subject: Subject, value: str, label: str, where: Source, vendor: str
) -> list[Fact]:
    """The facts one subject's value gives, read the way its kind says."""
    kind = subject.kind
    if kind == "chip":
        return _device_facts(value, label, where)
    if kind == "count":
        count = re.match(r"\s*(\d{1,3})\b", value)
        if count is None or int(count.group(1)) == 0:
            return []
        counted = (
            cuda_keys.NVIDIA_DEVICE_COUNT
            if _vendor(label, vendor) == "nvidia"
            else ascend_keys.ASCEND_NPU_COUNT
        )
        return [Fact(key=counted, value=int(count.group(1)), source=where, confidence="medium")]
    if kind == "text":
        return _text_facts(subject, value, where)
    if subject.package is not None and says_absent(value):
        return [package_fact(subject.package, None, where)]
    if subject.fact is not None and says_absent(value):
        return [
            Fact(
                key=subject.fact,
                source=where,
                status="absent",
                reason=f"the report says {value.strip()!r}",
            )
        ]
    version = read_version(value)
    if version is None:
        return []
    if subject.package is not None:
        return [package_fact(subject.package, version[0], where)]
    key: str | None = subject.fact
    if kind == "driver":
        key = (
            cuda_keys.NVIDIA_DRIVER
            if _vendor(label + " " + value, vendor) == "nvidia"
            else ascend_keys.ASCEND_DRIVER
        )
    if key is None:
        return []
    return [Fact(key=key, value=version[0], source=where, confidence="medium")]


def _text_facts(subject: Subject, value: str, where: Source) -> list[Fact]:
    text = value.strip().strip("`*").strip()
    if not text:
        return []
    if subject.fact == keys.ARCH:
        arch = _ARCH.search(text)
        if arch is None:
            return []
        name = arch.group(1).lower()
        return [
            Fact(key=keys.ARCH, value=_ARCHES.get(name, name), source=where, confidence="medium")
        ]
    found = [Fact(key=subject.fact or subject.name, value=text, source=where, confidence="medium")]
    arch = _ARCH.search(text)
    if arch is not None and subject.fact == keys.OS_PRETTY_NAME:
        name = arch.group(1).lower()
        found.append(
            Fact(key=keys.ARCH, value=_ARCHES.get(name, name), source=where, confidence="medium")
        )
    return found


def _device_facts(value: str, label: str, where: Source) -> list[Fact]:
    """An accelerator named after a chip label: an Ascend chip family, else an NVIDIA GPU."""
    found: list[Fact] = []
    # "Ascend 310I Pro (310P3)": a model with its suffix says more than a product name
    chip = read_chip(value, pattern=MODEL_CHIP) or read_chip(value)
    if chip is not None:
        found.append(
            Fact(key=ascend_keys.ASCEND_CHIP, value=chip[1], source=where, confidence="medium")
        )
    elif _NVIDIA_WORDS.search(label + " " + value):
        gpu = _GPU_NAME.search(value)
        if gpu is not None:
            name = gpu.group(0).strip()
            found.append(
                Fact(key=cuda_keys.NVIDIA_GPU_NAME, value=name, source=where, confidence="medium")
            )
    return found


def _mentions(line: str, where: Source, vocabulary: Vocabulary, vendor: str) -> list[Fact]:
    """Subjects named in prose with a version close after them (``CANN 8.5.0，torch npu
    2.8.0post2``, ``torch版本是2.1.0``, ``python3.8``), and chips after ``Ascend``/``昇腾``."""
    found: list[Fact] = []
    seen: set[str] = set()
    for match in vocabulary.mention.finditer(line):
        subject = vocabulary.subject(match.group(0))
        if subject is None or subject.name in seen:
            continue
        rest = line[match.end() : match.end() + 40]
        if subject.kind == "chip":
            continue
        version = read_version(rest)
        if version is None:
            continue
        between = rest[: version[1]]
        if not _FILLER.match(between) or len(_CJK.findall(between)) > 8:
            continue
        after = rest[version[1] + len(version[0]) :]
        if not stated(line[: match.start()], after):
            continue
        if subject.kind == "text" and subject.fact != keys.KERNEL:
            continue
        seen.add(subject.name)
        found += _value_facts(subject, rest[version[1] :], match.group(0), where, vendor)
    chip = read_chip(line, prefixed=True)
    if chip is None and vendor == "ascend":  # "部署到一个910B4的机器上", "using 910B2C"
        chip = read_chip(line, pattern=MODEL_CHIP)
    if chip is not None:
        found.append(
            Fact(key=ascend_keys.ASCEND_CHIP, value=chip[1], source=where, confidence="medium")
        )
    return found


def _count(line: str, where: Source, vendor: str, found: list[Fact]) -> list[Fact]:
    """ "8-card server", "8卡", "8 x 910B": how many accelerators, when the line talks of them."""
    if any(f.key in (ascend_keys.ASCEND_NPU_COUNT, cuda_keys.NVIDIA_DEVICE_COUNT) for f in found):
        return []
    if not _DEVICE_WORDS.search(line):
        return []
    count = read_count(line)
    if count is None:
        return []
    key = (
        cuda_keys.NVIDIA_DEVICE_COUNT
        if _vendor(line, vendor) == "nvidia"
        else ascend_keys.ASCEND_NPU_COUNT
    )
    return [Fact(key=key, value=count, source=where, confidence="medium")]


_LIBRARY = re.compile(r"\blib(cudnn|nccl)(?:_\w+)?\.so\.(\d+\.\d+\.\d+)\b")
_LIBRARY_FACTS = {"cudnn": cuda_keys.CUDA_CUDNN, "nccl": cuda_keys.CUDA_NCCL}


def _libraries(line: str, where: Source) -> list[Fact]:
    """``libcudnn.so.8.9.6``, ``libnccl.so.2.18.3``: a library's version in its file name."""
    match = _LIBRARY.search(line)
    if match is None:
        return []
    return [Fact(key=_LIBRARY_FACTS[match.group(1)], value=match.group(2), source=where)]


def _vendor(text: str, default: str) -> str:
    """``nvidia`` or ``ascend``: what ``text`` names, else the report's own vendor."""
    if _ASCEND_WORDS.search(text):
        return "ascend"
    if _NVIDIA_WORDS.search(text):
        return "nvidia"
    return default


def read_form_fields(
    lines: list[tuple[int, str]],
    parts: list[Part],
    source: Source,
    vocabulary: Vocabulary,
    vendor: str,
) -> Reading:
    """GitHub issue forms render each field as a heading and its answer (``### GPUStack
    version`` then ``v2.2.3``): a section whose heading names a subject and whose first line
    is a short answer, not a block."""
    reading = Reading()
    text = dict(lines)
    for part in parts:
        if part.kind != "section":
            continue
        answer = next(
            (n for n in range(part.start + 1, part.end + 1) if text.get(n, "").strip()), None
        )
        if answer is None or len(text[answer]) > 200 or text[answer].lstrip().startswith("`"):
            continue
        where = at_line(source, answer)
        for found in _label_value(part.title, clean_line(text[answer]), where, vocabulary, vendor):
            reading.add(found, answer)
    return reading


def looks_like_fact(line: str, vocabulary: Vocabulary) -> bool:
    """A line that seems to state a version of something (``label: 1.2.3``, a known name then
    a version, ``name  1.2.3``): listed when no reader used it."""
    if not line.strip() or len(line) > _MAX_LINE or _LOG_LINE.match(line):
        return False
    text = clean_line(line)
    version = read_version(text)
    if version is None:
        return False
    pair = _PAIR.match(text)
    return bool(
        (pair is not None and version[1] >= pair.start("value"))
        or vocabulary.mention.search(text[: version[1]])
        or re.match(r"^[A-Za-z][\w.\-]*\s+v?\d", text)
    )
