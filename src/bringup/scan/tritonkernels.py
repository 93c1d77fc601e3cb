"""The GPU a package's own Triton kernels run on.

A module that defines a kernel with ``@triton.jit`` at its top (BobMcDear/attorch@67c2772
attorch/act_kernels.py:13, imported by the package's layers) compiles it for a GPU when it is
called: upstream Triton's "Supported Hardware" is NVIDIA and AMD GPUs (``TRITON_GPUS``); its
CPUs are "Under development". Such a library runs nowhere else, though no ``device="cuda"`` of
it says so outside a branch (outsider40 D5: attorch's one, pooling_layer.py:65, is under an
``if``). A package that imports Triton's Ascend backend or torch_npu compiles its kernels for
an NPU (triton-ascend): not read here.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.nearwords import search_near

TRITON_GPUS = "NVIDIA GPUs (Compute Capability 8.0+) or AMD GPUs (ROCm 6.2+)"
"""Triton's "Supported Hardware" (triton-lang/triton@c449ceff README.md, its last lines, under
"# Compatibility": "- NVIDIA GPUs (Compute Capability 8.0+)", "- AMD GPUs (ROCm 6.2+)",
"- Under development: CPUs"; older READMEs had AMD GPUs under development too)."""

_KERNEL = lazyre.compile(r"^@triton\.(?:jit|autotune|heuristics)\b", re.MULTILINE)
_OTHER_TARGET = lazyre.compile(r"\btorch_npu\b|triton\.backends\.ascend|['\"]npu\b")
"""A package whose Triton kernels run on an NPU (``triton.backends.ascend``: triton-ascend)."""
_TARGET_WORDS = ("torch_npu", "triton.backends.ascend", "'npu", '"npu')
"""What every ``_OTHER_TARGET`` match starts with (``nearwords``: its ``\\b`` is tried at
every character of a package's modules otherwise)."""
_IMPORTED = lazyre.compile(r"^(?:import triton\b|from triton(?:\.\w+)* import\b)", re.MULTILINE)


def other_target(texts: list[str]) -> bool:
    """Whether any of a package's module ``texts`` targets an NPU (``_OTHER_TARGET``)."""
    return any(search_near(_OTHER_TARGET, text, _TARGET_WORDS) for text in texts)


def triton_kernels(text: str) -> list[int]:
    """The lines of a module's ``text`` that define a Triton kernel at its top, in a module
    that imports triton unconditionally (at column 0)."""
    if "@triton." not in text or _IMPORTED.search(text) is None:
        return []
    line = line_counter(text)
    return [line(found.start()) for found in _KERNEL.finditer(text)]
