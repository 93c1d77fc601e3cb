# ruff: noqa: RUF001  (real Chinese guide lines hold full-width punctuation)
"""outsider14 D3: LLaMA-Factory's plan left out its mandatory ``pip install -e .`` (the guide
clones the repo into ``LlamaFactory``, the checkout had another name), ran the optional installs
of a "可选依赖" (optional dependencies) section as steps, and ran ``make build`` (``uv build``)
and ``make test`` (``uv run pytest``, the project's own .venv). Real lines from
hiyouga/LLaMA-Factory@ff6d4d12eeb035d6ce06805a5733dd7b29f2ac30 (README.md:517-529,
pyproject.toml:1-6, Makefile:7-8,12-13,29-30, docs/zh/getting-started.md:53-66)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.extraction import SourceFile
from bringup.scan.makefile import extract_makefile
from bringup.scan.repo import scan_repo

README = """# LLaMA Factory

## Getting Started

### Installation

> [!IMPORTANT]
> Installation is mandatory.

#### Install from Source

```bash
git clone --depth 1 https://github.com/hiyouga/LlamaFactory.git
cd LlamaFactory
pip install -e .
pip install -r requirements/metrics.txt
```
"""
PYPROJECT = """[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "llamafactory"
"""
GETTING_STARTED = """# 快速开始

## 安装

### 可选依赖

如果您需要使用特定的加速特性，可以安装相应的依赖：

```bash
# 安装 FlashAttention-2 支持
pip install flash-attn --no-build-isolation

# 安装 DeepSpeed 支持
pip install deepspeed

# 安装 Unsloth 支持（用于加速 LoRA 训练）
pip install unsloth
```
"""
MAKEFILE = """.PHONY: build test

RUN := $(shell command -v uv >/dev/null 2>&1 && echo "uv run" || echo "")
BUILD := $(shell command -v uv >/dev/null 2>&1 && echo "uv build" || echo "python -m build")

build:
\t$(BUILD)

test:
\tWANDB_DISABLED=true $(RUN) pytest -vv --import-mode=importlib tests/ tests_v1/
"""


def _repo(root: Path, name: str) -> Path:
    repo = root / name
    (repo / "docs/zh").mkdir(parents=True)
    (repo / "requirements").mkdir()
    (repo / "README.md").write_text(README)
    (repo / "pyproject.toml").write_text(PYPROJECT)
    (repo / "docs/zh/getting-started.md").write_text(GETTING_STARTED)
    (repo / "requirements/metrics.txt").write_text("nltk\n")
    return repo


@pytest.mark.parametrize("name", ["LLaMA-Factory", "llf"])
def test_the_guides_clone_of_the_repo_is_the_checkout_whatever_its_name(
    tmp_path: Path, name: str
) -> None:
    steps = scan_repo(_repo(tmp_path, name), name).component.steps
    installs = [(s.argv, s.cwd) for s in steps if s.kind == "install"]
    assert installs[:2] == [
        (("pip", "install", "-e", "."), "."),
        (("pip", "install", "-r", "requirements/metrics.txt"), "."),
    ]


def test_installs_an_optional_section_names_are_no_steps(tmp_path: Path) -> None:
    steps = scan_repo(_repo(tmp_path, "llf"), "llf").component.steps
    named = {word for s in steps for word in s.argv}
    assert not named & {"flash-attn", "deepspeed", "unsloth"}


PYTEST = ("pytest", "-vv", "--import-mode=importlib", "tests/", "tests_v1/")


def test_a_target_run_through_uv_is_its_command_or_no_step() -> None:
    found = extract_makefile(SourceFile(ref="r/Makefile", rel="Makefile", text=MAKEFILE))
    assert [(s.kind, s.argv) for s in found.steps] == [
        (
            "test",
            ("env", "WANDB_DISABLED=true", *PYTEST),
        )
    ]


def test_a_plain_make_test_stays() -> None:
    text = "test:\n\tpytest tests/\n"
    found = extract_makefile(SourceFile(ref="r/Makefile", rel="Makefile", text=text))
    assert [s.argv for s in found.steps] == [("make", "test")]


def test_the_guides_clone_of_another_repo_renamed_installs_the_checkout(tmp_path: Path) -> None:
    # EvolvingLMMs-Lab/lmms-eval@75571cfe0fa36ca5ec2e6aa2bb268f9d38295af3 README.md:65-67, in a
    # checkout named otherwise; the extras' brackets are no folder of the checkout's
    repo = tmp_path / "lmx"
    repo.mkdir()
    (repo / "README.md").write_text(
        "# LMMs-Eval\n\n```bash\ngit clone https://github.com/EvolvingLMMs-Lab/lmms-eval.git\n"
        'cd lmms-eval && uv pip install -e ".[all]"\n```\n'
    )
    (repo / "pyproject.toml").write_text('[project]\nname = "lmms_eval"\n')
    steps = scan_repo(repo, "lmx").component.steps
    (install,) = [s for s in steps if s.kind == "install"]
    assert (install.argv[-2:], install.cwd, install.needs.missing) == (("-e", ".[all]"), ".", ())
