"""Finding the tables and files pasted into a report: npu-smi and nvidia-smi tables (``+``/``|``
blocks), ``nvidia-smi -q`` reports, blocks of ``key=value`` lines (CANN install-info, driver and
firmware version.info -- also told apart by the ``cat`` line naming the file -- version.cfg),
npu-smi's failure messages, ``npu-smi -v`` and ``nvcc --version``. What is not part of a section
is handed on (as blank lines, so line numbers hold) to the collect_env and package readers."""

from __future__ import annotations

import re
from collections.abc import Callable

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.ascend.parse import (
    parse_driver_version_info,
    parse_firmware_version_info,
    parse_install_info,
    parse_npu_smi_info,
    parse_version_cfg,
)
from bringup.backends.cuda.parse import parse_nvcc_version, parse_nvidia_smi_table
from bringup.model import Source
from bringup.parsing import Collected, at_line, fact
from bringup.probe.importers import gpu_lists, gpustack, npu_smi_v, nvidia_smi_q
from bringup.probe.importers.parts import json_candidates, split_parts

_QUOTE = re.compile(r"^\s*(?:>\s?)*")
_KEY_VALUE = re.compile(r"^[A-Za-z_][\w.]*=(?!=)\S*")  # not a pip pin (``torch==2.7.1``)
_NPU_FAILURE = re.compile(
    r"dcmi module initialize failed|dcmi model initialized failed|npu get board type failed"
    r"|DrvMngGetConsoleLogLevel failed|npu-smi: command not found"
)
_NPU_SMI_BANNER = re.compile(r"npu-smi\s+\S+\s+Version:\s*(\S+)")
_NVIDIA_SMI_HEADER = re.compile(r"NVIDIA-SMI\s+[\d.]+\s+(?:Driver|KMD) Version")
_NVCC = re.compile(r"Cuda compilation tools, release")

Parser = Callable[[str, Source], Collected]

_ONE_LINE: tuple[tuple[re.Pattern[str], Parser], ...] = (
    (_NPU_FAILURE, parse_npu_smi_info),
    (npu_smi_v.LINE, npu_smi_v.parse_npu_smi_v),
    (_NVCC, parse_nvcc_version),
    (_NVIDIA_SMI_HEADER, parse_nvidia_smi_table),
)
"""Reports of one line: npu-smi's failure messages, ``npu-smi -v``, ``nvcc --version``, and
nvidia-smi's header pasted without its table."""


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

    found += _json_reports(lines, taken, source)
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
            if "npu-smi" in block or re.search(r"\|\s*NPU\s+(ID\s*\|\s*)?Name", block):
                take(index, end, _npu_smi_table)
            elif "NVIDIA-SMI" in block:
                take(index, end, parse_nvidia_smi_table)
            index = max(end, index + 1)
            continue
        gpu_block = _gpu_block(lines, index, source)
        if gpu_block is not None:
            end, parsed = gpu_block
            if parsed is not None:
                found.append(parsed)
                taken[index:end] = [True] * (end - index)
            index = max(end, index + 1)
            continue
        one_line = next((parser for pattern, parser in _ONE_LINE if pattern.search(line)), None)
        if one_line is not None:
            take(index, index + 1, one_line)
        elif _KEY_VALUE.match(line):
            end = index
            while end < len(lines) and _KEY_VALUE.match(lines[end]):
                end += 1
            context = next((lines[i] for i in range(index - 1, -1, -1) if lines[i].strip()), "")
            parser = _key_value_parser(lines[index:end], context if index else "")
            if parser is not None:
                take(index, end, parser)
                index = end
                continue
        index += 1
    rest = "\n".join("" if taken[i] else lines[i] for i in range(len(lines)))
    return found, rest


def _gpu_block(lines: list[str], index: int, source: Source) -> tuple[int, Collected | None] | None:
    """An ``nvidia-smi -q`` report or its ``-x`` XML document, ``--query-gpu`` CSV rows (after
    the command line or their header) or a run of ``lspci`` lines starting at ``index``: where
    it ends and what it states (None: nothing); None when no such block starts there."""
    line = lines[index]
    if nvidia_smi_q.START.search(line):
        end = index + 1
        while end < len(lines) and nvidia_smi_q.belongs(lines[end]):
            end += 1
        return end, nvidia_smi_q.parse_nvidia_smi_q(
            "\n".join(lines[index:end]), at_line(source, index + 1)
        )
    if nvidia_smi_q.XML_START.search(line):
        end = index + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
            if nvidia_smi_q.XML_END.search(lines[end - 1]):
                break
        return end, nvidia_smi_q.parse_nvidia_smi_xml(
            "\n".join(lines[index:end]), at_line(source, index + 1)
        )
    names = gpu_lists.columns(line)
    if names is not None:
        start = index + 1
        if start < len(lines) and gpu_lists.HEADER.match(lines[start]):
            start += 1
        end = start
        while end < len(lines) and gpu_lists.query_row(lines[end], len(names)):
            end += 1
        rows = [(i + 1, lines[i]) for i in range(start, end)]
        return end, gpu_lists.parse_query_rows(names, rows, source) if rows else None
    if gpu_lists.LSPCI_ANY.match(line):
        end = index
        while end < len(lines) and (
            gpu_lists.LSPCI_ANY.match(lines[end]) or gpu_lists.LSPCI_DETAIL.match(lines[end])
        ):
            end += 1
        pci = gpu_lists.parse_lspci([(i + 1, lines[i]) for i in range(index, end)], source)
        return end, pci if pci.facts else None
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


def _npu_smi_table(text: str, source: Source) -> Collected:
    """``npu-smi info``; a table cut short still states the driver in its header line."""
    parsed = parse_npu_smi_info(text, source)
    if any(f.ok for f in parsed.facts):
        return parsed
    banner = _NPU_SMI_BANNER.search(text)
    if banner is None:
        return parsed
    line = text.count("\n", 0, banner.start()) + 1
    return Collected(
        facts=(*parsed.facts, fact(ascend_keys.ASCEND_DRIVER, banner.group(1), source, line=line))
    )


def _key_value_parser(block: list[str], context: str) -> Parser | None:
    """Which file a run of ``key=value`` lines was pasted from, by its keys, or by the path
    the line before it names (``cat /usr/local/Ascend/driver/version.info``)."""
    names = {line.partition("=")[0] for line in block}
    if "package_name" in names and "version" in names:
        return parse_install_info
    if any(k.endswith("_running_version") for k in names):
        return parse_version_cfg
    if "Version" in names and ("ascendhal_version" in names or "compatible_version_fw" in names):
        return parse_driver_version_info
    if "Version" in names and ("firmware_version" in names or "compatible_version_drv" in names):
        return parse_firmware_version_info
    if not names & {"Version", "version"} or "version.info" not in context:
        return None
    path = context.lower()
    if "driver" in path:
        return parse_driver_version_info
    if "firmware" in path:
        return parse_firmware_version_info
    if "toolkit" in path or "cann" in path:
        return _cann_version_info
    return None


def _cann_version_info(text: str, source: Source) -> Collected:
    """A CANN ``version.info`` named by the ``cat`` line before it: ``Version=8.0.RC2``."""
    for number, line in enumerate(text.splitlines(), start=1):
        key, _, value = line.partition("=")
        if key.strip() in ("Version", "version") and value.strip():
            return Collected(
                facts=(fact(ascend_keys.ASCEND_CANN_ACTIVE, value.strip(), source, line=number),)
            )
    return Collected()
