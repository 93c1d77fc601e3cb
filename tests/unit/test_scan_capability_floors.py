"""The device generations a repo's docs name unite into one floor, the lowest (issue 11,
session of 2026-12-02). Each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.floors import unite_floors
from bringup.scan.registry import DECLARED


def _capabilities(rel: str, text: str) -> list[Requirement]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [r for r in found if r.subject == "compute_capability"]


def _shown(found: list[Requirement]) -> list[tuple[str, int | None, bool, list[str]]]:
    return [
        (r.spec, r.source.line, r.hard, [f"{a.value}@{a.source.line}" for a in r.any_of])
        for r in found
        if r.subject == "compute_capability"
    ]


# deepseek-ai/DeepGEMM@54e22612 README.md:24-29 and :61-70 (the link in :70 left out)
_DEEPGEMM = """## Quick start

### Requirements

- NVIDIA SM90 or SM100 architecture GPU
- Python 3.8 or higher

## Interfaces

#### Notices

This library provides optimized GEMM kernels for NVIDIA GPUs. While the SM90 implementation \
supports only the NT memory layout (row-major, col-major), the SM100 implementation supports \
all memory layouts (NT, TN, NN, TT).

- SM90 requires scaling factors in FP32 format.
- SM100 requires scaling factors in packed UE8M0 format, which packs 4 UE8M0 into a single \
`torch.int`.
"""


def test_a_kernels_need_named_by_generation_joins_the_support_list() -> None:
    found = _capabilities("README.md", _DEEPGEMM)
    # read one by one, the SM100 sentence would make the repo need SM100
    assert ">=10.0" in {r.spec for r in found}
    assert _shown(unite_floors(found, {})) == [
        (">=9.0", 5, True, [">=9.0@5", ">=9.0@12", ">=9.0@14", ">=10.0@15"])
    ]


# thu-ml/SageAttention@d1a57a54 README.md:68-75
_SAGE = """## Installation
### Base environment
+ `python>=3.9`   , `torch>=2.3.0`  , `triton>=3.0.0`
- `CUDA`:
  + `>=12.8` for Blackwell or SageAttention2++
  + `>=12.4` for fp8 support on Ada
  + `>=12.3` for fp8 support on Hopper
  + `>=12.0` for Ampere
"""


def test_a_toolkit_floor_per_generation_leaves_the_oldest_generation() -> None:
    found = unite_floors(_capabilities("README.md", _SAGE), {})
    assert [(spec, line, hard) for spec, line, hard, _ in _shown(found)] == [(">=8.0", 8, True)]


# microsoft/mscclpp@1f5f065d docs/quickstart.md:4-18 (the Azure SKU links left out)
_MSCCLPP = """## Prerequisites

* GPUs
    * NVIDIA CUDA architecture 7.0 (Volta) or later, or AMD CDNA 2 architecture (GFX90a) or \
later are required. Features are more thoroughly tested on CUDA architecture 8.0 (Ampere) or \
later and AMD CDNA 3 architecture (GFX942) or later.
    * Below are example systems that meet the requirements:
        * Non-Azure Systems
            * NVIDIA A100 GPUs + CUDA >= 12.0
            * NVIDIA H100 GPUs + CUDA >= 12.0
"""


def test_example_systems_do_not_raise_the_floor_the_prerequisites_state() -> None:
    found = unite_floors(_capabilities("docs/quickstart.md", _MSCCLPP), {})
    assert [(spec, line) for spec, line, _, _ in _shown(found)] == [(">=7.0", 4)]


def test_a_floor_a_build_file_sets_stays_separate() -> None:
    # deepseek-ai/DeepGEMM's docs beside NVIDIA/TransformerEngine@d0067d0d setup.py:247's
    # "NCCL EP requires Hopper or newer (SM >= 90)": what a machine reads narrows
    built = Requirement(
        subject="compute_capability",
        spec=">=9.0",
        component="",
        source=file_source("setup.py", 247),
    )
    found = unite_floors([*_capabilities("README.md", _DEEPGEMM), built], {"setup.py": DECLARED})
    assert [(spec, line) for spec, line, _, _ in _shown(found)] == [
        (">=9.0", 5),
        (">=9.0", 247),
    ]
