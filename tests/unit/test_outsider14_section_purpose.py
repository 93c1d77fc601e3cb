# ruff: noqa: RUF001, E501  (real guide lines, kept whole; Chinese ones hold full-width punctuation)
"""outsider14 D13: bitsandbytes, which LLaMA-Factory installs only for QLoRA (on Windows, or
built from source on Ascend NPU), became a requirement of the repo and its first next action.
A section that opens by saying what it is for ("To use QLoRA based on bitsandbytes on Ascend
NPU, please follow these 3 steps:") installs that task's packages. Real lines:
hiyouga/LLaMA-Factory@ff6d4d12 README.md:626-647 and README_zh.md:626-628 (shortened)."""

from __future__ import annotations

import pytest

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

SECTION = """#### Install BitsAndBytes

{lead}

1. Manually compile bitsandbytes: Refer to the installation documentation for the NPU version of bitsandbytes to complete the compilation and installation. The compilation requires a cmake version of at least 3.22.1 and a g++ version of at least 12.x.

```bash
# Install bitsandbytes from source
git clone -b multi-backend-refactor https://github.com/bitsandbytes-foundation/bitsandbytes.git
cd bitsandbytes/

# Compile & install
cmake -DCOMPUTE_BACKEND=npu -S .
make
pip install .
```
"""
LEADS = {
    "en": "To use QLoRA based on bitsandbytes on Ascend NPU, please follow these 3 steps:",
    "zh": "如果要在 Ascend NPU 上进行基于 bitsandbytes 的 QLoRA 量化微调，请执行如下步骤：",
}


@pytest.mark.parametrize("language", ["en", "zh"])
def test_what_a_purposed_section_installs_is_that_tasks(language: str) -> None:
    text = SECTION.format(lead=LEADS[language])
    found = extract_docs(SourceFile(ref="r/README.md", rel="README.md", text=text))
    (bnb,) = [r for r in found.requirements if r.subject == "pypi:bitsandbytes"]
    assert (bnb.feature or "").startswith("task:")
    assert "QLoRA" in (bnb.feature or "")
    # the toolchain the section names stays what it was
    assert any(r.subject == "cmake" and not r.feature for r in found.requirements)


def test_a_section_that_opens_with_the_main_install_stays_the_repos() -> None:
    text = SECTION.format(lead="To install bitsandbytes from source, run:")
    found = extract_docs(SourceFile(ref="r/README.md", rel="README.md", text=text))
    (bnb,) = [r for r in found.requirements if r.subject == "pypi:bitsandbytes"]
    assert not bnb.feature
