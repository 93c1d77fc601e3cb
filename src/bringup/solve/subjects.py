"""What kind of thing each requirement subject is, as far as solving goes.

Installing software cannot change the machine (chip, device count, arch, glibc) and, unless
the user allows it, not the driver either: those subjects are *fixed* and checked against the
host. Everything else (CANN, Python, GCC, torch, ...) is *chosen* per environment.
"""

from __future__ import annotations

import re
from typing import Literal

from bringup.versions import scheme_for

HARDWARE = frozenset({"chip", "npu_count", "gpu_count", "compute_capability", "arch"})
"""What the machine is; a repo that needs other values needs other hardware."""

PLATFORM = frozenset({"glibc", "os", "os_version", "glibcxx", "cxxabi"})
"""The host's system libraries and distribution. ``glibcxx``/``cxxabi`` are the host
libstdc++'s symbol versions: a compiler from another prefix brings its own, but what the
system loads by default is what binaries built elsewhere meet."""

DRIVERS = frozenset({"ascend_driver", "ascend_firmware", "nvidia_driver"})
"""Changed only by an administrator, for the whole machine; fixed unless the user allows it."""

FIXED = HARDWARE | PLATFORM | DRIVERS

DEVICE_ONLY = frozenset({"chip", "npu_count", "gpu_count", "compute_capability"}) | DRIVERS
"""Fixed subjects that matter only to steps that use a device: a build needs no NPU."""

TOOLKITS = frozenset({"cann", "nnal", "cuda", "cudnn", "nccl"})
"""Vendor toolkits: needed by the steps that use the toolkit or a device, not by a plain
CPU build or test of the same repo."""

SETTINGS = frozenset({"cxx_standard"})
"""Chosen per environment but set by a flag, not installed: the oldest that fits is picked
(a C++ standard newer than a repo asks for can break its build)."""

BlockScope = Literal["all", "device"]

_SEPARATORS = re.compile(r"[-_.]+")

_DISPLAY = {
    "cann": "CANN",
    "ascend_driver": "Ascend driver",
    "ascend_firmware": "Ascend firmware",
    "nvidia_driver": "NVIDIA driver",
    "cuda": "CUDA",
    "cudnn": "cuDNN",
    "nccl": "NCCL",
    "python": "Python",
    "gcc": "GCC",
    "clang": "Clang",
    "cmake": "CMake",
    "ninja": "Ninja",
    "glibc": "glibc",
    "glibcxx": "GLIBCXX",
    "cxxabi": "CXXABI",
    "cxx_standard": "C++ standard",
    "chip": "chip",
    "arch": "arch",
    "os": "OS",
    "os_version": "OS version",
    "npu_count": "NPUs",
    "gpu_count": "GPUs",
    "compute_capability": "compute capability",
}

WHAT_IF_ALIASES = {
    "npus": "npu_count",
    "npu": "npu_count",
    "gpus": "gpu_count",
    "gpu": "gpu_count",
    "firmware": "ascend_firmware",
    "cc": "compute_capability",
    "toolkit": "cann",
    "libc": "glibc",
}
"""Short names accepted by ``--what-if``; ``driver`` is resolved against the host's vendor."""


def canonical_subject(subject: str) -> str:
    """One spelling per subject: ``pypi:Torch-NPU`` and ``torch_npu`` are the same thing
    (PEP 503 names with ``_`` as the separator, as the knowledge base writes them)."""
    text = subject.strip().lower()
    if text.startswith("pypi:"):
        text = text[len("pypi:") :]
    return _SEPARATORS.sub("_", text)


def display_name(subject: str) -> str:
    return _DISPLAY.get(subject, subject)


def block_scope(subject: str) -> BlockScope:
    """Which steps a violated fixed subject stops: device steps only, or everything."""
    return "device" if subject in DEVICE_ONLY else "all"


def is_distribution(subject: str) -> bool:
    """A Python distribution (torch, torch_npu, numpy): PEP 440 versions, not Python itself,
    nor a package of another ecosystem (``cmake:AscendOps``, ``conda:mkl``)."""
    return subject != "python" and ":" not in subject and scheme_for(subject) == "pep440"


def is_fixed(subject: str, *, allow_driver_change: bool = False) -> bool:
    if subject in DRIVERS:
        return not allow_driver_change
    return subject in FIXED
