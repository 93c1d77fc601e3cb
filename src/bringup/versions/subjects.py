"""Which version scheme each requirement subject is read in, and how Python distributions are
named as subjects.

Convention for Python distributions: the frameworks that compatibility tables are about
(``FRAMEWORKS``: torch, torch_npu, vllm_ascend, ...) are named bare, with ``_`` for any run of
``-_.`` (so ``torch-npu``, ``Torch_NPU`` and ``torch.npu`` are all ``torch_npu``), because
knowledge-base rules speak of them that way. Every other distribution is ``pypi:`` plus its
PEP 503 normalised name (``pypi:ascend-comm``). ``python_subject`` applies the convention; call
it rather than spelling subjects by hand. CMake packages found by ``find_package`` are
``cmake:<Name>`` as written (CMake names are case-sensitive).
"""

from __future__ import annotations

import re

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

FRAMEWORKS: frozenset[str] = frozenset(
    {
        "torch",
        "torch_npu",
        "torchvision",
        "torchaudio",
        "vllm",
        "vllm_ascend",
        "mindspore",
        "triton",
        "triton_ascend",
    }
)
"""Python distributions named bare as subjects (see the module docstring)."""

_SEPARATORS = re.compile(r"[-_.]+")


def python_subject(distribution: str) -> str:
    """The subject for a Python distribution name as written anywhere (``torch-npu`` ->
    ``torch_npu``, ``Ascend_Comm`` -> ``pypi:ascend-comm``)."""
    lowered = distribution.strip().lower()
    bare = _SEPARATORS.sub("_", lowered)
    if bare in FRAMEWORKS:
        return bare
    return "pypi:" + _SEPARATORS.sub("-", lowered)


def scheme_for(subject: str) -> str:
    """The scheme for ``subject``; Python distributions (``pypi:…`` or bare names) are PEP 440."""
    return SUBJECT_SCHEMES.get(subject, "pep440")
