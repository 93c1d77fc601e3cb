"""Finding the tables and files pasted into a report: npu-smi and nvidia-smi tables (``+``/``|``
blocks), blocks of ``key=value`` lines (CANN install-info, driver and firmware version.info,
version.cfg), npu-smi's failure messages and ``nvcc --version``. What is not part of a section
is handed on (as blank lines, so line numbers hold) to the collect_env and package readers."""

from __future__ import annotations

import re
from collections.abc import Callable

from bringup.backends.ascend.parse import (
    parse_driver_version_info,
    parse_firmware_version_info,
    parse_install_info,
    parse_npu_smi_info,
    parse_version_cfg,
)
from bringup.backends.cuda.parse import parse_nvcc_version, parse_nvidia_smi_table
from bringup.model import Source
from bringup.parsing import Collected, at_line

_QUOTE = re.compile(r"^\s*(?:>\s?)*")
_KEY_VALUE = re.compile(r"^[A-Za-z_][\w.]*=\S*")
_NPU_FAILURE = re.compile(
    r"dcmi module initialize failed|dcmi model initialized failed|npu get board type failed"
    r"|DrvMngGetConsoleLogLevel failed|npu-smi: command not found"
)
_NVCC = re.compile(r"Cuda compilation tools, release")

Parser = Callable[[str, Source], Collected]


def clean(line: str) -> str:
    """A pasted line without quote markers (``> ``) and indentation."""
    return _QUOTE.sub("", line).rstrip()


def find_sections(text: str, source: Source) -> tuple[list[Collected], str]:
    """The parsed sections, and the text with their lines blanked out."""
    lines = [clean(line) for line in text.splitlines()]
    taken = [False] * len(lines)
    found: list[Collected] = []

    def take(start: int, end: int, parser: Parser) -> None:
        block = "\n".join(lines[start:end])
        found.append(parser(block, at_line(source, start + 1)))
        for index in range(start, end):
            taken[index] = True

    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith(("+", "|")) and not taken[index]:
            end = index
            while end < len(lines) and lines[end].startswith(("+", "|")):
                end += 1
            block = "\n".join(lines[index:end])
            if "npu-smi" in block or re.search(r"\|\s*NPU\s+(ID\s*\|\s*)?Name", block):
                take(index, end, parse_npu_smi_info)
            elif "NVIDIA-SMI" in block:
                take(index, end, parse_nvidia_smi_table)
            index = max(end, index + 1)
            continue
        if _NPU_FAILURE.search(line):
            take(index, index + 1, parse_npu_smi_info)
        elif _NVCC.search(line):
            take(index, index + 1, parse_nvcc_version)
        elif _KEY_VALUE.match(line):
            end = index
            while end < len(lines) and _KEY_VALUE.match(lines[end]):
                end += 1
            parser = _key_value_parser(lines[index:end])
            if parser is not None:
                take(index, end, parser)
                index = end
                continue
        index += 1
    rest = "\n".join("" if taken[i] else lines[i] for i in range(len(lines)))
    return found, rest


def _key_value_parser(block: list[str]) -> Parser | None:
    """Which file a run of ``key=value`` lines was pasted from, by its keys."""
    keys = {line.partition("=")[0] for line in block}
    if "package_name" in keys and "version" in keys:
        return parse_install_info
    if any(k.endswith("_running_version") for k in keys):
        return parse_version_cfg
    if "Version" in keys and ("ascendhal_version" in keys or "compatible_version_fw" in keys):
        return parse_driver_version_info
    if "Version" in keys and ("firmware_version" in keys or "compatible_version_drv" in keys):
        return parse_firmware_version_info
    return None
