"""A recommended amount of device memory is soft; the stated minimum is the need (outsider11
#9: "16GB+ VRAM recommended" beside "Minimum 8GB VRAM" became gpu_memory >= 16). Real lines
at the commit named beside them."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

# uv-xiao/cuda-kernel-uv@2fe491e1eb2f2a1adcfc6c64485c43a896db6119 README.md:15-18
README = """### Hardware Requirements
- NVIDIA GPU (Volta or newer recommended: V100, A100, RTX 30xx/40xx, H100)
- Minimum 8GB VRAM for most examples
- 16GB+ VRAM recommended for advanced chapters
"""


def _memory(text: str) -> list[tuple[str, bool, int | None]]:
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    found = extract_docs(file).requirements
    return [(r.spec, r.hard, r.source.line) for r in found if r.subject == "gpu_memory"]


def test_a_recommended_amount_is_soft_and_the_minimum_is_the_need() -> None:
    assert _memory(README) == [(">=8", True, 3), (">=16", False, 4)]
