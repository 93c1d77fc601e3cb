"""``nvidia-smi -q`` / ``nvidia-smi -a`` (the ``NVSMI LOG`` report) and its XML form ``nvidia-smi
-q -x`` (``<nvidia_smi_log>``): the driver, the highest CUDA version it supports, and one GPU per
``GPU <bus id>`` block (``<gpu id="...">``), named by its ``Product Name`` (``<product_name>``)
-- the bus-id header line is where the GPU is, not what it is. The XML is read line by line,
as it is printed, so a document cut short still gives what it states."""

from __future__ import annotations

import re

from bringup.backends.cuda import keys as cuda_keys
from bringup.model import Accelerator, Source
from bringup.parsing import Collected, at_line, describe_bad_text, fact, numbered_lines, unparsed

START = re.compile(r"=+\s*NVSMI LOG\s*=+")
XML_START = re.compile(r"<nvidia_smi_log>|<!DOCTYPE nvidia_smi_log\b")
XML_END = re.compile(r"</nvidia_smi_log>")
_XML_FIELD = re.compile(r"^\s*<(driver_version|cuda_version|product_name)>([^<]*)</\1>")
_XML_GPU = re.compile(r'^\s*<gpu id="([0-9A-Fa-f:.]+)">')
_XML_LABELS = {
    "driver_version": "Driver Version",
    "cuda_version": "CUDA Version",
    "product_name": "Product Name",
}
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
    entries: list[tuple[int, str, str, str | None]] = []
    bus: str | None = None
    for number, line in numbered_lines(text):
        header = _GPU_HEADER.match(line.strip())
        if header is not None:
            bus = header.group(1)
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
            continue
        field = _XML_FIELD.match(line)
        if field is not None:
            entries.append((number, _XML_LABELS[field.group(1)], field.group(2).strip(), bus))
    return _collect(entries, text, source)


def _collect(
    entries: list[tuple[int, str, str, str | None]], text: str, source: Source
) -> Collected:
    """Facts and GPUs from (line, label, value, bus id) entries in the text form's labels."""
    found = []
    devices: list[Accelerator] = []
    for number, label, value, bus in entries:
        if label == "Driver Version" and value:
            found.append(fact(cuda_keys.NVIDIA_DRIVER, value, source, line=number))
        elif label == "CUDA Version" and value and value != "N/A":
            found.append(fact(cuda_keys.NVIDIA_DRIVER_CUDA, value, source, line=number))
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
        return unparsed(
            cuda_keys.NVIDIA_SMI, source, describe_bad_text(text, "nvidia-smi -q fields")
        )
    found.insert(0, fact(cuda_keys.NVIDIA_SMI, "ok", source))
    if devices:
        found.append(fact(cuda_keys.NVIDIA_DEVICE_COUNT, len(devices), source))
    return Collected(facts=tuple(found), accelerators=tuple(devices))
