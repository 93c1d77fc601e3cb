"""A README's news section and its dated sub-sections are history, not requirements.

Source: Ascend/msmodelslim 3de0a3c4e96577644289563b0d3c4dccfa552c1b README_EN.md:25-51 (abridged).
"""

from __future__ import annotations

from bringup.scan.docs import extract_docs
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
