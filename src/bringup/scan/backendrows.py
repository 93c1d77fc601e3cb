"""A table of backends, one a row: each row states what the build for that backend needs.

"| Backend | OS/Arch | Device Requirement |" over "| **NVIDIA CUDA 12.8 (12.8.0)** | … |
Compute capability matches: 6.0 … |", "| **AMD ROCm/HIP 6.2 (6.2.4)** | …", "| **Huawei Ascend CANN
8.2.rc1** | … | `Ascend 910b`, `Ascend 310p` |" (gpustack/llama-box@4d068484 README.md:130-143):
the CUDA toolkit, the CANN release and the Ascend chips are each one backend's, a way to build
among several, not what the repo needs whatever it runs on. A row's needs are that backend's
feature (``extra:<backend>``), as a script named for one backend is (``pipscopes``); what every
row states alike about the host (its OS, CPU architecture, C library) stays the table's.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.tablecells import Row, clean

_BACKEND_HEADER = lazyre.compile(r"\bbackends?\b|\baccelerators?\b|后端|加速卡", re.IGNORECASE)
"""A column header naming the backends a table lists; not "Platform version" over the CUDA
releases a package ships wheels for beside a ROCm one (AutoGPTQ README.md:5-9,
tests/data/outsider23c/autogptq): there the CUDA rows are the repo's own install route."""
_FAMILIES = (
    ("cuda", r"\bcuda\b|\bnvidia\b"),
    ("rocm", r"\brocm\b|\bhip\b|\bamd\b"),
    ("cann", r"\bcann\b|\bascend\b|\bnpu\b|昇腾"),
    ("musa", r"\bmusa\b|moore\s*threads"),
    ("dtk", r"\bdtk\b|\bhygon\b|\bdcu\b"),
    ("oneapi", r"\boneapi\b|\bsycl\b|\bxpu\b"),
    ("mlu", r"\bmlu\b|cambricon|寒武纪"),
    ("vulkan", r"\bvulkan\b"),
    ("metal", r"\bmetal\b"),
)
"""Accelerator backends by the words a row's first cell names them with."""
_FAMILY = lazyre.compile("|".join(f"(?P<{name}>{words})" for name, words in _FAMILIES), re.I)
_SHARED = frozenset({"os", "os_version", "arch", "glibc", "glibcxx"})
"""What a row says of the host rather than the backend."""


def _family(cell: str) -> str:
    named = _FAMILY.search(clean(cell))
    return next((k for k, v in named.groupdict().items() if v), "") if named else ""


def backend_rows(header: Row, body: list[Row]) -> dict[int, str]:
    """The backend (``extra:<family>``) of each row by its line, when a column headed as the
    backends names two or more of them; empty otherwise (a table of one backend's releases)."""
    for column, cell in enumerate(header.cells):
        if not _BACKEND_HEADER.search(clean(cell)):
            continue
        named = {row.line: _family(row.cells[column]) for row in body if column < len(row.cells)}
        if len(set(named.values()) - {""}) > 1:
            return {line: f"extra:{family}" for line, family in named.items() if family}
    return {}


_QUALIFIED = lazyre.compile(r"[(\uff08]([^()\uff08\uff09]{1,40})[)\uff09]")


def qualified_rows(body: list[Row]) -> dict[int, str]:
    """The backend of each row whose first cell names one in brackets ("| torch-npu(Ascend
    NPU) | 2.7.1 |" among unmarked torch, transformers rows, hiyouga/LLaMA-Factory@ff6d4d12
    docs/zh/getting-started.md:20): that row holds on that backend only. Empty when every row
    is so marked (a table of one backend's packages is that backend's whole list)."""
    named = {}
    for row in body:
        marks = _QUALIFIED.findall(row.cells[0]) if row.cells else []
        family = next((f for f in (_family(m) for m in marks) if f), "")
        if family:
            named[row.line] = f"extra:{family}"
    return named if len(named) < len([row for row in body if row.cells]) else {}


def by_backend(found: list[Requirement], header: Row, body: list[Row]) -> list[Requirement]:
    """``found`` (what the table states) with each backend row's needs that backend's."""
    rows = backend_rows(header, body) or qualified_rows(body)
    if not rows:
        return found
    return [
        msgspec.structs.replace(r, feature=rows[r.source.line or 0])
        if (r.source.line or 0) in rows and r.subject not in _SHARED and not r.feature
        else r
        for r in found
    ]
