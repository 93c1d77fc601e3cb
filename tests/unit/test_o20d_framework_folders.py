# ruff: noqa: RUF001  (the guides' real lines hold full-width punctuation)
"""A framework stated only by the guide in a folder named after it, beside another framework's
guide, is that framework's option, not a need of the repo's environment (outsider20 D9:
"mindspore 2.9.0" planned beside torch 2.7.1). Real lines of lvhaojieming/MIndSpeed@faadbe7
(outsider20's checkout), each block with its file and lines."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

# README.md:147-150
README = """详细的安装步骤和环境配置请参考：

- [MindSpeed LLM安装指导（基于PyTorch框架）](./docs/zh/pytorch/training/install_guide.md)
- [MindSpeed LLM安装指导（基于MindSpore框架）](./docs/zh/mindspore/install_guide.md)
"""
# docs/zh/release_notes.md:1, 3, 39, 41-45 (runs of spaces squeezed)
NOTES = """# 版本说明

## 版本配套说明

### 相关产品版本配套说明

**表 1**  MindSpeed LLM软件版本配套表

| MindSpeed LLM版本 | MindSpeed Core代码分支名称 | Megatron版本 | PyTorch版本 | torch_npu版本 | CANN版本 | Python版本 |
| ---------------- | ------------------ | ------------ | ----------- | ------------- |--------------------- | ------------------- |
| master（在研版本）| master（在研版本） | core_v0.12.1 | 2.7.1 | 在研版本 | 在研版本 | Python3.10 |
"""  # noqa: E501
# docs/zh/pytorch/training/install_guide.md:1, 58, 63-67 (trailing spaces dropped)
TORCH_GUIDE = """# MindSpeed LLM安装指导

### 安装PyTorch以及torch_npu

```shell
# 安装torch和torch_npu构建参考 https://gitcode.com/ascend/pytorch/releases
pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl
pip3 install torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl
```
"""
# docs/zh/mindspore/install_guide.md:1, 58-60 (trailing spaces dropped)
MINDSPORE_GUIDE = """# MindSpeed LLM安装指导

### 安装MindSpore框架

参考[MindSpore官方安装指导](https://www.mindspore.cn/install)，根据系统类型、CANN版本及Python版本获取相应的安装命令以安装MindSpore 2.9.0，安装前请确保网络畅通。
"""  # noqa: E501


def _repo(root: Path, guides: dict[str, str]) -> Path:
    (root / "README.md").parent.mkdir(parents=True)
    (root / "README.md").write_text(README, encoding="utf-8")
    for rel, text in guides.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _where(root: Path, subject: str) -> list[str]:
    """Where ``subject`` is stated: "repo" or the scope's name."""
    (component,) = scan_stack([str(root)]).components
    found = ["repo" for r in component.requirements if r.subject == subject]
    scoped = [s.name for s in component.scopes for r in s.requirements if r.subject == subject]
    return found + scoped


def test_the_other_frameworks_guide_states_that_frameworks_option(tmp_path: Path) -> None:
    root = _repo(
        tmp_path / "mindspeed",
        {
            "docs/zh/release_notes.md": NOTES,
            "docs/zh/pytorch/training/install_guide.md": TORCH_GUIDE,
            "docs/zh/mindspore/install_guide.md": MINDSPORE_GUIDE,
        },
    )
    assert _where(root, "mindspore") == ["option:mindspore"]
    assert _where(root, "torch") == ["repo"]


def test_two_frameworks_each_only_in_its_own_folder_stay_the_repos(tmp_path: Path) -> None:
    # constructed: without the release matrix neither framework is stated outside its folder,
    # and no line says which route is the repo's
    root = _repo(
        tmp_path / "mindspeed",
        {
            "docs/zh/pytorch/training/install_guide.md": TORCH_GUIDE,
            "docs/zh/mindspore/install_guide.md": MINDSPORE_GUIDE,
        },
    )
    assert _where(root, "mindspore") == ["repo"]


def test_a_framework_with_no_other_beside_it_stays_the_repos(tmp_path: Path) -> None:
    # constructed: the same repo with the MindSpore guide alone
    root = _repo(tmp_path / "mindspeed", {"docs/zh/mindspore/install_guide.md": MINDSPORE_GUIDE})
    assert _where(root, "mindspore") == ["repo"]
