"""``nvidia-smi -q`` / ``nvidia-smi -a`` (the ``NVSMI LOG`` report): the driver, the highest CUDA
version it supports, and one GPU per ``GPU <bus id>`` block, named by its ``Product Name`` --
the bus-id header line is where the GPU is, not what it is."""

from __future__ import annotations

import re

from bringup.model import Accelerator, Source, keys
from bringup.parsing import Collected, at_line, describe_bad_text, fact, numbered_lines, unparsed

START = re.compile(r"=+\s*NVSMI LOG\s*=+")
_FIELD = re.compile(r"^(\s*)([A-Za-z][\w ()/.-]*?)\s+:\s*(.*)$")
_SUBSECTION = re.compile(r"^[A-Z][\w ()/.-]{0,40}$")
_GPU_HEADER = re.compile(
    r"^GPU\s+([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*$"
)


def belongs(line: str) -> bool:
    """Whether ``line`` can be part of the report (indented, ``key : value`` or a GPU header)."""
    return (
        not line.strip()
        or line[:1].isspace()
        or _FIELD.match(line) is not None
        or _SUBSECTION.match(line.strip()) is not None
        or _GPU_HEADER.match(line.strip()) is not None
        or START.search(line) is not None
    )


def parse_nvidia_smi_q(text: str, source: Source) -> Collected:
    """The facts and GPUs of one pasted ``nvidia-smi -q`` report."""
    found = []
    devices: list[Accelerator] = []
    bus: str | None = None
    for number, line in numbered_lines(text):
        header = _GPU_HEADER.match(line.strip())
        if header is not None:
            bus = header.group(1)
            continue
        field = _FIELD.match(line)
        if field is None:
            continue
        label, value = field.group(2).strip(), field.group(3).strip()
        if label == "Driver Version" and value:
            found.append(fact(keys.NVIDIA_DRIVER, value, source, line=number))
        elif label == "CUDA Version" and value and value != "N/A":
            found.append(fact(keys.NVIDIA_DRIVER_CUDA, value, source, line=number))
        elif label == "Product Name" and value:
            devices.append(
                Accelerator(
                    vendor="nvidia",
                    index=len(devices),
                    name=value,
                    source=at_line(source, number),
                    bus_id=bus,
                )
            )
    if not found and not devices:
        return unparsed(keys.NVIDIA_SMI, source, describe_bad_text(text, "nvidia-smi -q fields"))
    found.insert(0, fact(keys.NVIDIA_SMI, "ok", source))
    if devices:
        found.append(fact(keys.NVIDIA_DEVICE_COUNT, len(devices), source))
    return Collected(facts=tuple(found), accelerators=tuple(devices))
