"""Which version scheme each requirement subject is read in."""

from __future__ import annotations

SUBJECT_SCHEMES: dict[str, str] = {
    "cann": "ascend",
    "ascend_driver": "ascend",
    "ascend_firmware": "numeric",
    "nvidia_driver": "numeric",
    "cuda": "numeric",
    "cudnn": "numeric",
    "nccl": "numeric",
    "gcc": "numeric",
    "clang": "numeric",
    "glibc": "numeric",
    "glibcxx": "numeric",
    "cxxabi": "numeric",
    "cmake": "numeric",
    "ninja": "numeric",
    "cxx_standard": "numeric",
    "compute_capability": "numeric",
    "npu_count": "numeric",
    "gpu_count": "numeric",
    "os_version": "numeric",
    "chip": "name",
    "arch": "name",
    "os": "name",
    "distro": "name",
    "python": "pep440",
}
"""Subjects with their own scheme. Anything else, notably ``pypi:<name>`` and framework
names (``torch``, ``torch_npu``, ``vllm``, ``mindspore``), is a Python distribution: PEP 440."""


def scheme_for(subject: str) -> str:
    """The scheme for ``subject``; Python distributions (``pypi:…`` or bare names) are PEP 440."""
    return SUBJECT_SCHEMES.get(subject, "pep440")
