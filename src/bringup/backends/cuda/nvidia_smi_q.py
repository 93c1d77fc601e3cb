"""``nvidia-smi -q`` / ``nvidia-smi -a`` (the ``NVSMI LOG`` report) and its XML form ``nvidia-smi
-q -x`` (``<nvidia_smi_log>``): the driver, the highest CUDA version it supports, and one GPU per
``GPU <bus id>`` block (``<gpu id="...">``), named by its ``Product Name`` (``<product_name>``)
-- the bus-id header line is where the GPU is, not what it is. A report cut to some sections
(``-q -d MEMORY``) has no name: the block is still a GPU. The count is the report's ``Attached
GPUs`` (``<attached_gpus>``) where it says more than the blocks pasted (bigstack-oss/cubecos#312:
"Attached GPUs : 4" and one block). A placeholder (``N/A``, ``Not Found``) is no value. The
XML is read line by line, as it is printed, so a document cut short still gives what it states."""

from __future__ import annotations

import re

from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Accelerator, Source
from bringup.parsing import Collected, at_line, describe_bad_text, fact, numbered_lines, unparsed

START = re.compile(r"=+\s*NVSMI LOG\s*=+")
XML_START = re.compile(r"<nvidia_smi_log>|<!DOCTYPE nvidia_smi_log\b")
XML_END = re.compile(r"</nvidia_smi_log>")
_XML_FIELD = re.compile(
    r"^\s*<(driver_version|cuda_version|product_name|attached_gpus)>([^<]*)</\1>"
)
_XML_GPU = re.compile(r'^\s*<gpu id="([0-9A-Fa-f:.]+)">')
_XML_LABELS = {
    "driver_version": "Driver Version",
    "cuda_version": "CUDA Version",
    "product_name": "Product Name",
    "attached_gpus": "Attached GPUs",
}
_PLACEHOLDERS = frozenset({"n/a", "[n/a]", "not found", "not available", "unknown", ""})
_UNNAMED = "NVIDIA GPU"
"""The name of a GPU whose block states no ``Product Name`` (the report was cut to sections)."""
_FIELD = re.compile(r"^(\s*)([A-Za-z][\w ()/.-]*?)\s+:\s*(.*)$")
_SUBSECTION = re.compile(r"^(?:[A-Z]|v[A-Z])[\w ()/.-]{0,40}$")
"""A section's title line (``Clocks Event Reasons``, and the ``vGPU Driver Capability`` the
report opens with since driver 5xx: the block ended there, before ``Attached GPUs``)."""
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
    entries: list[tuple[int, str, str, str | None]] = []
    bus: str | None = None
    for number, line in numbered_lines(text):
        header = _GPU_HEADER.match(line.strip())
        if header is not None:
            bus = header.group(1)
            entries.append((number, _BLOCK, "", bus))
            continue
        field = _FIELD.match(line)
        if field is not None:
            entries.append((number, field.group(2).strip(), field.group(3).strip(), bus))
    return _collect(entries, text, source)


def parse_nvidia_smi_xml(text: str, source: Source) -> Collected:
    """The facts and GPUs of one pasted ``nvidia-smi -q -x`` document."""
    entries: list[tuple[int, str, str, str | None]] = []
    bus: str | None = None
    for number, line in numbered_lines(text):
        gpu = _XML_GPU.match(line)
        if gpu is not None:
            bus = gpu.group(1)
            entries.append((number, _BLOCK, "", bus))
            continue
        field = _XML_FIELD.match(line)
        if field is not None:
            entries.append((number, _XML_LABELS[field.group(1)], field.group(2).strip(), bus))
    return _collect(entries, text, source)


_BLOCK = "\0gpu"
"""The entry a ``GPU <bus id>`` header (``<gpu id=...>``) stands for: a GPU, whatever follows."""


def _collect(
    entries: list[tuple[int, str, str, str | None]], text: str, source: Source
) -> Collected:
    """Facts and GPUs from (line, label, value, bus id) entries in the text form's labels."""
    found = []
    blocks: dict[str, tuple[int, str, str | None]] = {}  # by bus id (or line): line, name, bus
    attached: tuple[int, int] | None = None
    for number, label, value, bus in entries:
        if value.lower() in _PLACEHOLDERS and label != _BLOCK:
            continue
        key = bus if bus is not None else f"line {number}"
        if label == "Driver Version":
            found.append(fact(cuda_keys.NVIDIA_DRIVER, value, source, line=number))
        elif label == "CUDA Version":
            found.append(fact(cuda_keys.NVIDIA_DRIVER_CUDA, value, source, line=number))
        elif label == _BLOCK:
            blocks.setdefault(key, (number, _UNNAMED, bus))
        elif label == "Product Name":
            blocks[key] = (number, value, bus)  # a named GPU is cited by its name's line
        elif label == "Attached GPUs" and value.isdigit():
            attached = (number, int(value))
    devices = [
        Accelerator(vendor="nvidia", index=n, name=name, source=at_line(source, line), bus_id=bus)
        for n, (line, name, bus) in enumerate(blocks.values())
    ]
    if not found and not devices and attached is None:
        return unparsed(
            cuda_keys.NVIDIA_SMI, source, describe_bad_text(text, "nvidia-smi -q fields")
        )
    found.insert(0, fact(cuda_keys.NVIDIA_SMI, "ok", source))
    if attached is not None and attached[1] > len(devices):
        found.append(fact(cuda_keys.NVIDIA_DEVICE_COUNT, attached[1], source, line=attached[0]))
    elif devices:
        found.append(fact(cuda_keys.NVIDIA_DEVICE_COUNT, len(devices), source))
    return Collected(facts=tuple(found), accelerators=tuple(devices))
