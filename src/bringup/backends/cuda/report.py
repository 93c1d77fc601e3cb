"""CUDA's readers of a pasted report (``bringup.probe.importers.readers``), registered in the
backend's ``report_importers``: nvidia-smi's table (or its header alone), ``nvcc
--version``, ``nvidia-smi -q`` reports and their ``-x`` XML, ``--query-gpu`` CSV rows and
``lspci`` lines of NVIDIA controllers."""

from __future__ import annotations

import re

from bringup.backends.cuda import gpu_lists, nvidia_smi_q
from bringup.backends.cuda.parse import parse_nvcc_version, parse_nvidia_smi_table
from bringup.model import Source
from bringup.parsing import Collected, at_line
from bringup.probe.importers.readers import SectionReader

_NVIDIA_SMI_HEADER = re.compile(r"NVIDIA-SMI\s+[\d.]+\s+(?:Driver|KMD) Version")
_NVCC = re.compile(r"Cuda compilation tools, release")


def _is_nvidia_smi(block: str) -> bool:
    return "NVIDIA-SMI" in block


def gpu_block(lines: list[str], index: int, source: Source) -> tuple[int, Collected | None] | None:
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


READER = SectionReader(
    table=(_is_nvidia_smi, parse_nvidia_smi_table),
    one_line=((_NVCC, parse_nvcc_version), (_NVIDIA_SMI_HEADER, parse_nvidia_smi_table)),
    block=gpu_block,
)
