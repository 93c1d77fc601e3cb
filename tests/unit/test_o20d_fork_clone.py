"""outsider20 D16: a fork checked out under its own folder name (lvhaojieming/MIndSpeed@faadbe7,
outsider20's repos/mindspeed-fork) is still the MindSpeed-LLM its guide clones: its top level
holds the ``mindspeed_llm`` package, so the guide's ``pip3 install -r requirements.txt`` in
that clone installs the checkout's own requirements.txt, not a list "from the clone"."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

GUIDE_93_105 = """# MindSpeed LLM安装指导

## 安装MindSpeed LLM

3. 准备MindSpeed LLM及Megatron-LM源码。

    ```shell
    git clone https://gitcode.com/ascend/MindSpeed-LLM.git
    git clone https://github.com/NVIDIA/Megatron-LM.git  # 从github下载Megatron-LM，请确保网络能访问
    cd Megatron-LM
    git checkout core_v0.12.1
    cp -r megatron ../MindSpeed-LLM/
    cd ../MindSpeed-LLM
    git checkout master
    mkdir logs

    pip3 install -r requirements.txt  # 安装其余依赖库
    ```
"""  # noqa: RUF001
"""docs/zh/pytorch/training/install_guide.md:1, 69, 93-105 (trailing spaces dropped)."""
README_147_149 = """详细的安装步骤和环境配置请参考：

- [MindSpeed LLM安装指导（基于PyTorch框架）](./docs/zh/pytorch/training/install_guide.md)
"""  # noqa: RUF001
"""README.md:147-149."""
GUIDE = "docs/zh/pytorch/training/install_guide.md"
SETUP = """import setuptools
__package_name__ = 'mindspeed_llm'
setuptools.setup(
    name=__package_name__,
)
"""
"""setup.py:17, 27, 80, 82 (its call closed): the install of the checkout a guide's list goes
with (without a build file the guide's ``-r`` line is no step of the repo's)."""


def _inputs(root: Path) -> tuple[str, ...]:
    steps = scan_repo(root, str(root), name=root.name).component.steps
    (step,) = [s for s in steps if "-r" in s.argv]
    return step.needs.inputs


def _fork(root: Path, package: str) -> Path:
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text("")
    (root / "requirements.txt").write_text("numpy<2.0.0,>=1.19.2\n")  # requirements.txt:1
    (root / "setup.py").write_text(SETUP)
    (root / "README.md").write_text(README_147_149)
    (root / GUIDE).parent.mkdir(parents=True)
    (root / GUIDE).write_text(GUIDE_93_105)
    return root


def test_a_fork_holding_the_clones_package_is_the_clone(tmp_path: Path) -> None:
    assert _inputs(_fork(tmp_path / "mindspeed-fork", "mindspeed_llm")) == ()


def test_a_checkout_without_that_package_needs_the_clone(tmp_path: Path) -> None:
    # constructed: the same guide in a checkout whose package is another project's
    inputs = _inputs(_fork(tmp_path / "mindspeed-fork", "mindspeed"))
    assert inputs[0].startswith("requirements.txt (its line says: 安装其余依赖库), from the clone")
