"""The words Ascend's facts go by in the generic reports people paste
(``bringup.probe.importers.terms``), registered in the backend's ``report_importers``: its
chips as people write them (``昇腾910C``, ``Ascend910B2``, ``910B3``), vllm-ascend's
collect_env fields and ``set_env.sh`` variables, sglang's ``NPU 0: ...`` lines, its package
files (``Ascend-cann-toolkit_8.0.RC1_linux-aarch64.run``,
``Ascend-hdk-310p-npu-driver_23.0.1_linux-aarch64``), and its subjects' names
(``report_words.toml``). The free-form lines they read (``probe/importers/free_form.py``;
real ones in ``tests/unit/test_report_readers.py``): ``CANN version: 8.0.RC2``, ``- NPU type:
910B3``, ``**NPU Driver Version:** `24.1.rc3```, ``torch-npu: 2.8.0``, ``torch_npu && torch:
2.9.0``, ``CANN 版本：8.0.0``, ``| CANN | 8.5.0 |``, ``HDK=25.5.0``, ``8 NPUs``, ``8 x 910B``,
prose such as ``CANN 8.5.0，torch npu 2.8.0post2`` or ``vllm=0.14.0和CANN8.2RC``, and image
tags and file names (``mindspore_2.2.12-cann_7.0.1.1-py_3.9-euler_2.10.7-aarch64``,
``cann:9.1.1-950-ubuntu22.04-py3.12``, ``vllm-ascend-0.14.0rc2``); a 16-NPU A3 server is
the largest host a report states."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend.parse import chip_family
from bringup.backends.ascend.probe import SET_ENV_VARIABLES
from bringup.model import Fact, Source, keys
from bringup.probe.importers.terms import ReportTerms
from bringup.probe.importers.values import stated

_VENDOR_PREFIX = r"(?:(?<![A-Za-z0-9])(?:Ascend|HUAWEI)[\s\-_]*|昇腾\s*|升腾\s*)"
_CHIP_NAME = r"(910[A-Za-z0-9_]*|310[PB]?[0-9]?(?![A-Za-z])|950[A-Z]*)(?!\d)"
_CHIP = re.compile(rf"(?:{_VENDOR_PREFIX}|(?<![A-Za-z0-9])){_CHIP_NAME}", re.IGNORECASE)
_PREFIXED_CHIP = re.compile(_VENDOR_PREFIX + _CHIP_NAME, re.IGNORECASE)
_MODEL_CHIP = re.compile(
    r"(?<![A-Za-z0-9])(910[A-C](?:\d[A-Z]?)?|310[PB]\d?)(?![A-Za-z0-9])", re.IGNORECASE
)
"""A chip model written alone whose letter suffix makes it one (``910B3``, ``910B2C``,
``310P3``), unlike a bare ``910`` or ``310`` in prose."""

_PACKAGE = re.compile(
    r"(?<![A-Za-z0-9_.])Ascend-(?:cann-(?:toolkit|kernels|nnae|nnrt)(?:-(?P<kernels_chip>[0-9a-z]+))?"
    r"|hdk-(?P<hdk_chip>[0-9a-z]+)-npu-(?P<hdk>driver|firmware))"
    r"_(?P<version>\d[\w.]*?)(?:_linux(?:-(?P<arch>x86_64|aarch64))?|\.run\b)",
    re.IGNORECASE,
)


def _read_chip(
    text: str, *, prefixed: bool = False, pattern: re.Pattern[str] | None = None
) -> tuple[str, str] | None:
    """(name as written, family) of the first Ascend chip named in ``text``; ``prefixed``:
    only one written after ``Ascend``/``昇腾`` (a bare ``910`` in prose is not a chip);
    ``pattern``: chips as that pattern finds them (``_MODEL_CHIP``)."""
    chosen = pattern or (_PREFIXED_CHIP if prefixed else _CHIP)
    for match in chosen.finditer(text):
        name = match.group(1)
        family = chip_family(name.upper().replace("PREMIUM", "Premium"))
        if family is None and name.upper().startswith("910C"):
            family = "910_93"  # the 910C is the A3 two-die NPU the knowledge base calls 910_93
        if family is not None:
            return name, family
    return None


def _named_chip(label: str, value: str) -> Optional[str]:
    """The family of the chip a device label's value names: a model with its suffix
    (``Ascend 310I Pro (310P3)``) says more than a product name."""
    chip = _read_chip(value, pattern=_MODEL_CHIP) or _read_chip(value)
    return chip[1] if chip is not None else None


def _prose_chip(line: str, about_ascend: bool) -> Optional[str]:
    """A chip named after ``Ascend``/``昇腾``; in a report about Ascend, a model alone too
    (``部署到一个910B4的机器上``, ``using 910B2C``)."""
    chip = _read_chip(line, prefixed=True)
    if chip is None and about_ascend:
        chip = _read_chip(line, pattern=_MODEL_CHIP)
    return chip[1] if chip is not None else None


def _medium(key: str, value: str, where: Source) -> Fact:
    return Fact(key=key, value=value, source=where, confidence="medium")


def package_files(line: str, where: Source) -> list[Fact]:
    """CANN and driver/firmware package files: their version, chip and architecture."""
    found: list[Fact] = []
    for match in _PACKAGE.finditer(line):
        if not stated(line[: match.start()], ""):
            continue
        key = {"driver": ascend_keys.ASCEND_DRIVER, "firmware": ascend_keys.ASCEND_FIRMWARE}.get(
            (match.group("hdk") or "").lower(), ascend_keys.ASCEND_CANN_ACTIVE
        )
        found.append(_medium(key, match.group("version"), where))
        chip = _read_chip(match.group("kernels_chip") or match.group("hdk_chip") or "")
        if chip is not None:
            found.append(_medium(ascend_keys.ASCEND_CHIP, chip[1], where))
        if match.group("arch"):
            found.append(_medium(keys.ARCH, match.group("arch").lower(), where))
    return found


TERMS = ReportTerms(
    # a pasted interpreter session (torch_npu registers torch.npu on import)
    expressions={
        "torch.npu.is_available()": (ascend_keys.TORCH_NPU_AVAILABLE, "bool"),
        "torch_npu.npu.is_available()": (ascend_keys.TORCH_NPU_AVAILABLE, "bool"),
    },
    labels=("CANN",),
    packages={"vLLM Ascend Version": "vllm-ascend"},
    environment=(*SET_ENV_VARIABLES, "ASCEND_RT_VISIBLE_DEVICES"),
    # sglang's check_env on Ascend
    device_lines=(re.compile(r"^\s*NPU (\d+(?:,\d+)*):\s*(\S.*)$"),),
    family=chip_family,
    words=r"ascend|昇腾|npu|cann|hdk|910|310p|davinci",
    device_words=r"npu|910|310|950|昇腾|ascend",
    count_units=r"npus?\b",
    stated_count=ascend_keys.ASCEND_NPU_COUNT,
    device_name=_named_chip,
    prose_chip=_prose_chip,
    json_vendors=("huawei", "ascend"),
    file_names=(package_files,),
    # npu-smi ships in the driver package: its header version is the driver's
    implied={ascend_keys.ASCEND_NPU_SMI_VERSION: ascend_keys.ASCEND_DRIVER},
    subjects_file=Path(__file__).with_name("report_words.toml"),
)
