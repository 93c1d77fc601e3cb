"""Tools a repo's build or install section needs that no version line names (outsider 25, D8):
cargo for a build backend that compiles Rust, and a framework its prerequisites list writes
with a space for the package's hyphen. Real lines, with their source beside them."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.pyproject import extract_pyproject

# zhonganbi102-netizen/nano-chat-NPU@fe64c6dd pyproject.toml:1-6,21-23 (the lines between left
# out, so the build system starts at line 8)
_NANO = """[project]
name = "nanochat"
version = "0.1.0"
description = "the minimal full-stack ChatGPT clone"
readme = "README.md"
requires-python = ">=3.10"

[build-system]
requires = ["maturin>=1.7,<2.0"]
build-backend = "maturin"
"""


def _needs(text: str, rel: str = "pyproject.toml") -> list[tuple[str, str, int | None]]:
    found = extract_pyproject(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject == "system_package"]


def test_a_maturin_build_needs_cargo() -> None:
    assert _needs(_NANO) == [("system_package", "cargo", 10)]


def test_a_python_build_needs_no_cargo() -> None:
    # the same project built with setuptools (constructed)
    assert (
        _needs(
            _NANO.replace('"maturin>=1.7,<2.0"', '"setuptools"').replace(
                '"maturin"', '"setuptools.build_meta"'
            )
        )
        == []
    )


# wangdengkai/AscendOpGenAgent@8b7a8f41 README.en.md:41-50 (line 8 here is :48)
_OPGEN = """## Quick Start

### 1. Prerequisites

Before running this project, please ensure your environment meets the following requirements:
- Python 3.8+
- Ascend CANN 8.0+
- Triton Ascend
- PyTorch 2.0+
- Claude Code CLI (Please ensure it is correctly installed and configured)
"""


def test_a_prerequisite_written_with_a_space_for_the_hyphen_is_needed() -> None:
    rel = "README.en.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=_OPGEN)).requirements
    named = [(r.subject, r.source.line, r.hard) for r in found if r.subject == "triton_ascend"]
    assert named == [("triton_ascend", 8, True)]
