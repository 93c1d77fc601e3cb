"""Prose that says which releases prebuilt binaries or wheels exist for names a choice of
download, not what the repo needs (session-23c outside tester, D2/D3): spline-conv's "To install
the binaries for PyTorch 2.7.0" became a hard torch ==2.7.0 and split environments, although the
same README asks for "at least PyTorch 1.4.0"; AutoGPTQ's Chinese README's prebuilt-wheel line
pinned torch 2.0.1 over setup.py's torch>=1.13.0."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def found(text: str, rel: str = "README.md") -> list[tuple[str, str, bool]]:
    doc = extract_docs(SourceFile(ref=rel, rel=rel, text=text))
    return [(r.subject, r.spec, r.hard) for r in doc.requirements]


# rusty1s/pytorch_spline_conv@050f58a4 README.md:25-33 and :69 (verbatim lines)
SPLINE = (
    "## Installation\n\n### Binaries\n\n#### PyTorch 2.7\n\n"
    "To install the binaries for PyTorch 2.7.0, simply run\n\n"
    "### From source\n\n"
    "Ensure that at least PyTorch 1.4.0 is installed and verify that `cuda/bin` and "
    "`cuda/include` are in your `$PATH` and `$CPATH` respectively, *e.g.*:\n"
)


def test_the_release_binaries_are_for_is_soft_the_floor_the_readme_asks_is_hard() -> None:
    torch = [(spec, hard) for subject, spec, hard in found(SPLINE) if subject == "torch"]
    assert ("==2.7.0", False) in torch
    assert (">=1.4.0", True) in torch


def test_prebuilt_wheels_in_chinese_are_soft() -> None:
    # AutoGPTQ/AutoGPTQ@9f7d3707 README_zh.md:60-63 (verbatim lines)
    text = (
        "## 安装\n\n### 快速安装\n"
        "你可以通过 pip 来安装与 PyTorch 2.0.1 相兼容的最新稳定版本的 AutoGPTQ 的预构建轮子文件：\n"  # noqa: RUF001
    )
    assert ("torch", "==2.0.1", False) in found(text, "README_zh.md")


def test_a_clause_that_requires_the_release_stays_a_need() -> None:
    # constructed: the same words with "requires"
    text = "## Installation\n\nThe binaries for this release require PyTorch 2.7.0.\n"
    assert ("torch", "==2.7.0", True) in found(text)
