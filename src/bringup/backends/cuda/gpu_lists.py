"""NVIDIA GPUs listed one per line by the commands people run when nvidia-smi's table is not
what they want: ``nvidia-smi --query-gpu=name,driver_version,... --format=csv`` rows (their
columns named by the command line or the CSV header before them) and ``lspci`` lines of
NVIDIA display controllers, which name the GPU even where no driver is loaded."""

from __future__ import annotations

import re

from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Accelerator, Fact, Source
from bringup.parsing import Collected, at_line, fact

QUERY = re.compile(r"--query-gpu[= ]+([\w.,]+)")
HEADER = re.compile(r"^name\s*,.*\b(?:driver_version|memory\.total|pci\.bus_id)\b")
LSPCI = re.compile(
    r"^(?:[0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]\s+"
    r"(?:VGA compatible controller|3D controller|Display controller)(?:\s*\[[0-9a-f]{4}\])?:\s*"
    r"NVIDIA Corporation\s+(?P<device>.+?)(?:\s*\[10de:[0-9a-f]{4}\])?(?:\s*\(rev [0-9a-f]+\))?$",
    re.IGNORECASE,
)
LSPCI_ANY = re.compile(
    r"^(?:[0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f]\s+"
    r"[A-Z0-9][\w ./()\-]*(?:\s*\[[0-9a-f]{4}\])?:",
    re.IGNORECASE,
)
LSPCI_DETAIL = re.compile(
    r"^(?:Subsystem|Kernel driver in use|Kernel modules|Flags|Control|Status|Latency|Interrupt"
    r"|Region \d|Expansion ROM|Physical Slot|IOMMU group|Capabilities)\b|^--$"
)
"""The indented lines ``lspci -v``/``-k`` prints under a device, and grep's ``--`` between
matches: part of the listing, not the end of it."""
_MARKETING = re.compile(r"\[([^\[\]]+)\]\s*$")
_COLUMNS = {"name": "name", "gpu_name": "name", "driver_version": "driver"}


def columns(line: str) -> list[str] | None:
    """The field names of ``--query-gpu`` rows: from the command line or a CSV header."""
    query = QUERY.search(line)
    if query is not None:
        return [c.strip() for c in query.group(1).split(",") if c.strip()]
    if HEADER.match(line.strip()):
        return [c.split("[")[0].strip() for c in line.split(",")]
    return None


def parse_query_rows(names: list[str], rows: list[tuple[int, str]], source: Source) -> Collected:
    """One GPU per CSV row whose cell count matches ``names``; the driver from its column."""
    devices: list[Accelerator] = []
    found: list[Fact] = []
    for number, row in rows:
        cells = [c.strip() for c in row.split(",")]
        values = {_COLUMNS[n]: c for n, c in zip(names, cells) if n in _COLUMNS and c}
        if "driver" in values and not found:
            found.append(fact(cuda_keys.NVIDIA_DRIVER, values["driver"], source, line=number))
        if "name" in values:
            devices.append(
                Accelerator(
                    vendor="nvidia",
                    index=len(devices),
                    name=values["name"],
                    source=at_line(source, number),
                )
            )
    if devices:
        found.append(fact(cuda_keys.NVIDIA_DEVICE_COUNT, len(devices), source, line=rows[0][0]))
    return Collected(facts=tuple(found), accelerators=tuple(devices))


def query_row(line: str, width: int) -> bool:
    """Whether ``line`` is one CSV row of ``width`` cells (``Quadro RTX 6000, 24576 MiB``)."""
    return line.count(",") == width - 1 and bool(line.strip()) and not line.startswith(" ")


def parse_lspci(lines: list[tuple[int, str]], source: Source) -> Collected:
    """NVIDIA display controllers on the PCI bus: how many, and the first one's name (the
    marketing name in brackets when lspci knows it: ``TU102GL [Quadro RTX 6000/8000]``)."""
    names = []
    for number, line in lines:
        match = LSPCI.match(line.strip())
        if match is not None:
            device = match.group("device")
            marketing = _MARKETING.search(device)
            names.append((number, marketing.group(1) if marketing else device))
    if not names:
        return Collected()
    first = names[0][0]
    return Collected(
        facts=(
            Fact(
                key=cuda_keys.NVIDIA_GPU_NAME,
                value=names[0][1],
                source=at_line(source, first),
                confidence="medium",
            ),
            fact(cuda_keys.PCI_NVIDIA_GPUS, len(names), source, line=first),
        )
    )
