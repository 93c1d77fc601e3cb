"""Libraries a build links and what provides them: ``-lcuda`` (at link time the CUDA
toolkit's ``stubs/libcuda.so``, at run time the NVIDIA driver), ``-lnvrtc`` and ``cudart``
(the CUDA toolkit), ``-l:libnvshmem_device.a`` (NVSHMEM), ``nccl``, ``cudnn``, ``hccl``/
``hcomm``/``ascendcl`` (CANN), ``atb`` (CANN NNAL). Each is an unversioned requirement on
the provider, cited where the library is named; a version stated elsewhere in the repo
supersedes it."""

from __future__ import annotations

import re

_PROVIDERS = {
    "cuda": ("cuda", "at link time the CUDA toolkit's stubs/libcuda.so; at run time the driver"),
    "cudart": ("cuda", "the CUDA runtime"),
    "nvrtc": ("cuda", "NVRTC, part of the CUDA toolkit"),
    "cublas": ("cuda", "cuBLAS, part of the CUDA toolkit"),
    "cublaslt": ("cuda", "cuBLASLt, part of the CUDA toolkit"),
    "nvshmem": ("nvshmem", "NVSHMEM"),
    "nvshmem_host": ("nvshmem", "NVSHMEM's host library"),
    "nvshmem_device": ("nvshmem", "NVSHMEM's device library"),
    "nccl": ("nccl", "NCCL"),
    "cudnn": ("cudnn", "cuDNN"),
    "hccl": ("cann", "HCCL, part of CANN"),
    "hcomm": ("cann", "HCOMM, part of CANN"),
    "ascendcl": ("cann", "AscendCL, part of CANN"),
    "atb": ("nnal", "ATB, part of CANN NNAL"),
}
_FLAG = re.compile(r"(?<![\w-])-l:?(?:lib)?([A-Za-z][\w+-]*?)(?:\.so[\d.]*|\.a)?(?![\w.])")


def provider(name: str) -> tuple[str, str] | None:
    """``(subject, why)`` for a library name as linked (``cuda``, ``libnccl.so.2``)."""
    key = re.sub(r"^lib|\.(?:so[\d.]*|a)$", "", name.strip()).lower()
    return _PROVIDERS.get(key)


def linked_in(text: str) -> list[tuple[str, str, str]]:
    """``(subject, why, flag)`` for each ``-l`` flag in ``text`` naming a known library."""
    found: list[tuple[str, str, str]] = []
    for match in _FLAG.finditer(text):
        known = provider(match.group(1))
        if known is not None:
            found.append((known[0], known[1], match.group(0)))
    return found
