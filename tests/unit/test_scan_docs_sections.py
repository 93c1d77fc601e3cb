"""Sections of a README that are not the repo's needs: news (history), an optional backend.

Sources: Ascend/msmodelslim 3de0a3c4e96577644289563b0d3c4dccfa552c1b README_EN.md:25-51 and
NVIDIA/gdrcopy fcec3ce0bb40a97a6cc45dd4afeec4bccb509712 README.md:44-97, abridged.
"""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.docsections import news_banner, news_section
from bringup.scan.extraction import SourceFile

_README = """# msModelSlim

## 🔥 What's New

### 🗓️ December 2025

- Added support for DeepSeek-V3.2 W8A8 quantization, requiring only a single device with 64 GB GPU memory and 100 GB system memory.

## 🛠️ Environment Setup

Running on 8 NPUs requires CANN 8.2.RC1 or later.
"""  # noqa: E501


def _subjects(text: str) -> set[str]:
    file = SourceFile(ref="README_EN.md", rel="README_EN.md", text=text)
    return {r.subject for r in extract_docs(file).requirements}


def test_a_dated_news_entry_states_no_requirement() -> None:
    subjects = _subjects(_README)
    assert "gpu_memory" not in subjects
    assert "gpu_count" not in subjects
    assert "cann" in subjects


def test_the_same_entry_outside_the_news_is_read() -> None:
    assert "gpu_memory" in _subjects(_README.replace("What's New", "Hardware"))


# gdrcopy README.md:44-97, abridged.
_GDRCOPY = """# GDRCopy

## Requirements

GPUDirect RDMA requires NVIDIA Data Center GPU or NVIDIA RTX GPU.

### DMA-BUF mmap backend

**Requirements**

- CUDA driver **13.3 or newer**
"""


def test_an_optional_backend_s_needs_are_that_backend_s_feature() -> None:
    file = SourceFile(ref="README.md", rel="README.md", text=_GDRCOPY)
    drivers = [r for r in extract_docs(file).requirements if r.subject == "nvidia_driver"]
    assert [r.feature for r in drivers] == ["option:DMA-BUF mmap backend"]


def test_a_backend_section_outside_the_requirements_is_no_option() -> None:
    text = _GDRCOPY.replace("## Requirements", "## Overview")
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    drivers = [r for r in extract_docs(file).requirements if r.subject == "nvidia_driver"]
    assert [r.feature for r in drivers] == [""]


def test_what_an_image_holds_is_the_docker_feature_s() -> None:
    # Ascend/MindSpeed-LLM docs/en/pytorch/training/install_guide.md:53 (first set checkout)
    text = (
        "### Method 1: Image Installation\n\n"
        "The image is pre-installed with CANN 9.0.0 and TorchNPU 26.0.0.\n"
    )
    file = SourceFile(ref="install_guide.md", rel="install_guide.md", text=text)
    cann = [r for r in extract_docs(file).requirements if r.subject == "cann"]
    assert [(r.spec, r.feature) for r in cann] == [("==9.0.0", "docker")]


# deepseek-ai/DeepEP dd758caf451848bd150e1046af3d0a73e5fff38d docs/legacy.md:1-49, abridged.
_LEGACY = """# DeepEP V1 (Legacy)

## Quick Start

### Requirements

- Python 3.8 and above
- CUDA 12.3 and above for SM90 GPUs
"""


def test_a_legacy_document_states_no_current_need() -> None:
    file = SourceFile(ref="docs/legacy.md", rel="docs/legacy.md", text=_LEGACY)
    assert not extract_docs(file).requirements
    current = _LEGACY.replace(" (Legacy)", "")
    file = SourceFile(ref="docs/v1.md", rel="docs/v1.md", text=current)
    assert {r.subject for r in extract_docs(file).requirements} >= {"python", "cuda"}


# casper-hansen/AutoAWQ@88e4c76b20755db275574e6a03c83c84ba3bece5 README.md:42-63, abridged: the
# news list is titled by an emphasized line, not a heading (session-23 outside tester, D7).
_AUTOAWQ = """*Latest News* 🔥
- [2023/10] Mistral (Fused Modules), Bigcode, Turing support, Memory Bug Fix (Saves 2GB VRAM)
- [2023/09] Multi-GPU support, bug fixes, and better benchmark scripts available

## Install

### Prerequisites

- NVIDIA:
  - Your NVIDIA GPU(s) must be of Compute Capability 7.5. Turing and later architectures are supported.
  - Your CUDA version must be CUDA 11.8 or later.
"""  # noqa: E501


def test_a_news_list_under_an_emphasized_title_states_no_requirement() -> None:
    file = SourceFile(ref="README.md", rel="README.md", text=_AUTOAWQ)
    found = extract_docs(file).requirements
    assert {r.subject for r in found} >= {"cuda", "compute_capability"}
    assert not {"gpu_memory", "gpu_count"} & {r.subject for r in found}
    assert all((r.source.line or 0) > 4 for r in found)


def test_the_same_list_under_a_plain_emphasized_line_is_read() -> None:
    text = _AUTOAWQ.replace("*Latest News* 🔥", "*Model support* 🔥")
    assert "gpu_memory" in _subjects(text)


# casper-hansen/AutoAWQ@88e4c76b20755db275574e6a03c83c84ba3bece5 README.md:1-7: the README's
# title is a news banner over the deprecation notice (session-23 outside tester, D7).
_AUTOAWQ_BANNER = """# News: The vLLM project has fully adopted AutoAWQ

It is no secret that maintaining a project such as AutoAWQ that has 2+ million downloads, 7000+ models on Huggingface, and 2.1k stars is hard for a solo developer who is doing this in their free time.

Important Notice:
- AutoAWQ is officially deprecated and will no longer be maintained.
- The last tested configuration used Torch 2.6.0 and Transformers 4.51.3.
"""  # noqa: E501


def test_the_last_tested_configuration_under_a_banner_title_is_read_soft() -> None:
    file = SourceFile(ref="README.md", rel="README.md", text=_AUTOAWQ_BANNER)
    found = [(r.subject, r.spec, r.hard) for r in extract_docs(file).requirements]
    assert found == [("torch", "==2.6.0", False)]


def test_a_news_title_below_the_first_level_is_still_history() -> None:
    text = _AUTOAWQ_BANNER.replace("# News:", "## News:")
    assert "torch" not in _subjects(text)


# ByteDance-Seed/Triton-distributed@1512a81189315eca7ba38f884aaf239469a88ba3 docs/build.md:1-6,
# :194-195 and :214-218, abridged
_TRITON_DISTRIBUTED = """# Build Triton-distributed

## The best practice to use Triton-distributed with the Nvidia backend:
- Python >=3.11 (suggest using virtual environment)
- CUDA >=12.4
- Torch >=2.8

## To use Triton-distributed with the Ascend backend:
#### Ascend Build from source
triton-ascend depends on specified LLVM version
- step 1：Build LLVM with clang and lld：

  ```bash
  apt-get install -y clang-15 lld-15 ccache
  ```
"""


def test_a_backend_s_sub_sections_are_that_backend_s_and_the_best_practice_is_the_repo_s() -> None:
    file = SourceFile(ref="docs/build.md", rel="docs/build.md", text=_TRITON_DISTRIBUTED)
    found = {r.subject: r.feature for r in extract_docs(file).requirements}
    assert found["cuda"] == ""
    assert found["python"] == ""
    ascend = "option:To use Triton-distributed with the Ascend backend:"
    assert found["clang"] == ascend


# NVIDIA/Megatron-LM@d98e8a64ddf34856e74b24714e3bedb2f5a39553 README.md:48: a README's level-1
# "Latest News" (review29 L7: the word "Latest" left after "News" made it a banner); under it,
# msmodelslim's dated entry from _README above
_LATEST_NEWS = "# Latest News\n\n" + _README.split("### 🗓️ December 2025\n\n", 1)[1]


def test_a_qualified_news_heading_is_history_not_the_title() -> None:
    subjects = _subjects(_LATEST_NEWS)
    assert "gpu_memory" not in subjects  # the dated entry: history
    assert "cann" in subjects  # "## 🛠️ Environment Setup", read as before


def test_only_a_heading_that_says_more_than_news_is_a_banner() -> None:
    # constructed spellings of the same heading; AutoAWQ README.md:1 stays a banner
    for heading in (
        "Latest News",
        "🔥 Recent Updates",
        "What's New",
        "新闻",
        "最新动态",
        "最新新闻",
    ):
        assert not news_banner(heading), heading
        assert news_section(heading), heading
    assert news_banner("News: The vLLM project has fully adopted AutoAWQ")
    assert not news_section("News: The vLLM project has fully adopted AutoAWQ")
    assert not news_section("Installation")
