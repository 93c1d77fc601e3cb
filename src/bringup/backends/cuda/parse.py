"""Pure parsers for the NVIDIA stack: ``/proc/driver/nvidia/version``, ``nvidia-smi`` (its
table and its ``--query-gpu`` CSV), ``nvcc --version``, a toolkit's ``version.json``, and the
version macros of ``nccl.h`` / ``cudnn_version.h``. Verbatim samples and their public sources
are in tests/fixtures/commands/nvidia-smi/SOURCE.md and docs in shared facts (cuda-facts 7)."""

from __future__ import annotations

import json
import re

from bringup import lazyre
from bringup.backends.cuda import keys as cuda_keys
from bringup.linecount import line_counter
from bringup.model import Accelerator, Fact, Source
from bringup.parsing import (
    Collected,
    at_line,
    describe_bad_text,
    fact,
    looks_binary,
    numbered_lines,
    unparsed,
)

QUERY_FIELDS = (
    "index",
    "name",
    "memory.total",
    "memory.used",
    "compute_cap",
    "pci.bus_id",
    "driver_version",
)
"""The ``--query-gpu`` fields bringup asks for, in this order (``--format=csv,noheader,
nounits``)."""

_NVRM = lazyre.compile(r"NVRM version:\s+NVIDIA UNIX (.*?Kernel Module.*?)\s+(\d+(?:\.\d+)+)\s")
_SMI_HEADER = lazyre.compile(
    r"NVIDIA-SMI\s+(?P<smi>[\d.]+)\s+(?:Driver|KMD) Version:\s+(?P<driver>[\d.]+)"
    r"(?:\s+CUDA (?:UMD )?Version:\s+(?P<cuda>[\d.]+|N/A))?"
)
"""nvidia-smi's header; drivers before 410 print no CUDA version (``NVIDIA-SMI 375.20  Driver
Version: 375.20``, NVIDIA/nvidia-docker#287): the driver is read, the CUDA version left unknown."""
_SMI_GPU_ROW = lazyre.compile(
    r"^\|\s+(?P<index>\d{1,9})\s+(?P<name>.+?)\s+(?:On|Off)\s*\|\s*(?P<bus>[0-9A-Fa-f]{4,8}:"
    r"[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])"
)
_SMI_MEMORY = lazyre.compile(r"(?<!\d)(\d{1,12})MiB\s*/\s*(\d{1,12})MiB")
_NVCC = lazyre.compile(r"release (\d+\.\d+), V(\d+(?:\.\d+)+)")
_DEFINE = lazyre.compile(r"^#define\s+(\w+)\s+(\d+)\b", re.MULTILINE)


def parse_proc_driver_version(text: str, source: Source) -> Collected:
    """``/proc/driver/nvidia/version``: the loaded kernel module's driver version and whether
    it is the open (``Open Kernel Module``) or proprietary one."""
    for number, line in numbered_lines(text):
        match = _NVRM.search(line + " ")
        if match:
            kind = "open" if "Open Kernel Module" in match.group(1) else "proprietary"
            return Collected(
                facts=(
                    fact(cuda_keys.NVIDIA_DRIVER, match.group(2), source, line=number),
                    fact(cuda_keys.NVIDIA_KERNEL_MODULE, kind, source, line=number),
                )
            )
    return unparsed(
        cuda_keys.NVIDIA_DRIVER, source, describe_bad_text(text, "an 'NVRM version:' line")
    )


def parse_nvidia_smi_query(text: str, source: Source) -> Collected:
    """``nvidia-smi --query-gpu=...--format=csv[,noheader,nounits]``: one ``Accelerator`` per
    line. With a header line the columns are taken by name, without one in ``QUERY_FIELDS``
    order; ``[N/A]`` values (unified-memory GPUs) stay unknown."""
    lines = [(n, line) for n, line in numbered_lines(text) if line.strip()]
    if not lines or looks_binary(text):
        return unparsed(
            cuda_keys.NVIDIA_SMI, source, describe_bad_text(text, "nvidia-smi CSV rows")
        )
    columns = list(QUERY_FIELDS)
    if not lines[0][1].split(",")[0].strip().isdigit() and "name" in lines[0][1]:
        columns = [c.strip().split(" ")[0] for c in lines[0][1].split(",")]
        lines = lines[1:]
    devices: list[Accelerator] = []
    driver: tuple[str, int] | None = None
    for number, line in lines:
        row = dict(zip(columns, (cell.strip() for cell in line.split(","))))
        name = row.get("name", "")
        if not name or len(row) != len(columns):
            return unparsed(
                cuda_keys.NVIDIA_SMI,
                at_line(source, number),
                f"expected {len(columns)} comma-separated values, got {line.strip()[:80]!r}",
            )
        index = row.get("index", str(len(devices)))
        devices.append(
            Accelerator(
                vendor="nvidia",
                index=int(index) if index.isascii() and index.isdigit() else len(devices),
                name=name,
                source=at_line(source, number),
                family=architecture(_known(row.get("compute_cap"))),
                compute_capability=_known(row.get("compute_cap")),
                memory_total_mib=_mib(row.get("memory.total")),
                memory_used_mib=_mib(row.get("memory.used")),
                bus_id=_known(row.get("pci.bus_id")),
            )
        )
        version = _known(row.get("driver_version"))
        if version and driver is None:
            driver = (version, number)
    found = [
        fact(cuda_keys.NVIDIA_SMI, "ok", source),
        fact(cuda_keys.NVIDIA_DEVICE_COUNT, len(devices), source),
    ]
    if driver is not None:
        found.append(fact(cuda_keys.NVIDIA_DRIVER, driver[0], source, line=driver[1]))
    return Collected(facts=tuple(found), accelerators=tuple(devices))


_ARCHITECTURES = (
    ("12.", "blackwell"),
    ("10.", "blackwell"),
    ("9.", "hopper"),
    ("8.9", "ada"),
    ("8.", "ampere"),
    ("7.5", "turing"),
    ("7.", "volta"),
    ("6.", "pascal"),
    ("5.", "maxwell"),
)


def architecture(compute_capability: str | None) -> str | None:
    """The GPU architecture a compute capability belongs to (``9.0`` -> ``hopper``)."""
    if not compute_capability:
        return None
    for prefix, name in _ARCHITECTURES:
        if compute_capability.startswith(prefix):
            return name
    return None


def _known(value: str | None) -> str | None:
    if value is None or not value or value.strip("[]") in ("N/A", "Not Supported", "Unknown"):
        return None
    return value


def _mib(value: str | None) -> int | None:
    text = _known(value)
    if text is None:
        return None
    digits = text.replace("MiB", "").strip()
    return int(digits) if digits.isascii() and digits.isdigit() else None


def parse_nvidia_smi_table(text: str, source: Source) -> Collected:
    """Plain ``nvidia-smi``: the header (driver, and the highest CUDA version the driver
    supports) and one ``Accelerator`` per GPU row (no compute capability: the table has none)."""
    header = None
    devices: list[Accelerator] = []
    lines = text.splitlines()
    for offset, line in enumerate(lines):
        number = offset + 1
        match = _SMI_HEADER.search(line)
        if match and header is None:
            header = (match, number)
            continue
        row = _SMI_GPU_ROW.match(line.strip())
        if row is None:
            continue
        memory = _SMI_MEMORY.search(lines[offset + 1]) if offset + 1 < len(lines) else None
        devices.append(
            Accelerator(
                vendor="nvidia",
                index=int(row.group("index")),
                name=row.group("name").strip(),
                source=at_line(source, number),
                memory_used_mib=int(memory.group(1)) if memory else None,
                memory_total_mib=int(memory.group(2)) if memory else None,
                bus_id=row.group("bus"),
            )
        )
    if header is None:
        return unparsed(
            cuda_keys.NVIDIA_SMI,
            source,
            describe_bad_text(text, "the 'NVIDIA-SMI ... Version:' header"),
        )
    match, number = header
    found: list[Fact] = [
        fact(cuda_keys.NVIDIA_SMI, "ok", source),
        fact(cuda_keys.NVIDIA_DRIVER, match.group("driver"), source, line=number),
    ]
    if devices:  # a header without GPU rows is a table cut short, not "no GPU"
        found.append(fact(cuda_keys.NVIDIA_DEVICE_COUNT, len(devices), source))
    if match.group("cuda") not in (None, "N/A"):
        found.append(fact(cuda_keys.NVIDIA_DRIVER_CUDA, match.group("cuda"), source, line=number))
    return Collected(facts=tuple(found), accelerators=tuple(devices))


def parse_nvcc_version(text: str, source: Source, *, key: str = cuda_keys.CUDA_ACTIVE) -> Collected:
    """``nvcc --version``: ``Cuda compilation tools, release 13.0, V13.0.88`` -> ``13.0.88``."""
    for number, line in numbered_lines(text):
        match = _NVCC.search(line)
        if match:
            return Collected(facts=(fact(key, match.group(2), source, line=number),))
    return unparsed(key, source, describe_bad_text(text, "'release X.Y, VX.Y.Z' from nvcc"))


def parse_cuda_version_json(text: str, source: Source) -> Collected:
    """A toolkit's ``version.json``: ``{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}``."""
    try:
        data = json.loads(text)
    except ValueError as error:
        return unparsed("cuda.toolkit.version", source, f"not JSON: {error}")
    cuda = data.get("cuda") if isinstance(data, dict) else None
    version = cuda.get("version") if isinstance(cuda, dict) else None
    if not isinstance(version, str):
        return unparsed("cuda.toolkit.version", source, "no cuda.version in version.json")
    return Collected(facts=(fact("cuda.toolkit.version", version, source),))


def parse_version_macros(text: str, source: Source, *, key: str = cuda_keys.CUDA_NCCL) -> Collected:
    """``nccl.h`` (``NCCL_MAJOR/MINOR/PATCH``) or ``cudnn_version.h`` / old ``cudnn.h``
    (``CUDNN_MAJOR/MINOR/PATCHLEVEL``): the library version the header describes."""
    line = line_counter(text)
    macros = {m.group(1): (m.group(2), line(m.start())) for m in _DEFINE.finditer(text)}
    for prefix, patch in (("NCCL", "PATCH"), ("CUDNN", "PATCHLEVEL")):
        major = macros.get(f"{prefix}_MAJOR")
        minor = macros.get(f"{prefix}_MINOR")
        if major and minor:
            level = macros.get(f"{prefix}_{patch}")
            version = ".".join([major[0], minor[0]] + ([level[0]] if level else []))
            return Collected(facts=(fact(key, version, source, line=major[1]),))
    return unparsed(key, source, describe_bad_text(text, "#define NCCL_MAJOR/CUDNN_MAJOR lines"))
