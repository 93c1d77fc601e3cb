# ruff: noqa: RUF001  (the report's lines hold full-width commas, colons and brackets)
"""outsider10 #15: nano-chat-NPU, a porting report titled "…适配与问题总结", got an arch and a
device count from its problem accounts, lost its quick start's 8-NPU scripts to the title's
"问题", and its ``[tool.uv]`` CUDA index for torch went unsaid. Real lines from
zhonganbi102-netizen/nano-chat-NPU@fe64c6dd (README.md, pyproject.toml), each cited."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.extraction import SourceFile
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.repo import scan_repo

TITLE = "# NanoChat 在华为昇腾 NPU 上的适配与问题总结\n\n"  # README.md:1
# README.md:130-139 (a problem's account under its bold title)
RUST_PROBLEM = """**核心问题详解**:

1. **RustBPE 编译失败**
   ```
   error: could not compile `rustbpe` due to previous error
   ```
   - **根本原因**: 昇腾服务器环境通常缺少 Rust 编译工具链
   - **网络问题**: 国内网络访问 `crates.io` 不稳定，依赖包下载失败
   - **架构兼容性**: ARM64 服务器上的 Rust 编译需要特殊配置

"""
# README.md:292-296
EDGE_CASES = """**修改难点**:
- 需要同时支持 NPU 和 CUDA，不能简单替换
- 设备 API 不同：`torch.cuda.*` vs `torch.npu.*`
- 分布式后端不同：`nccl` vs `hccl`
- 需要处理各种边界情况（单卡、多卡、混合环境）

"""
# README.md:681-699 (the paragraph of :683 split in two here)
QUICK_START = """## 快速上手 (Quick Start)

本项目包含了一系列脚本，用于在 8 卡昇腾 NPU 环境下完成 `nanochat` 的完整训练流程。\
请按照以下顺序执行脚本。

### 训练流程

如果没有 BASE 模型，需要先运行基础预训练：
```bash
# 注意：BASE 训练需要大量时间和数据，建议使用已训练好的模型
bash ultimate_8npu_speedrun.sh  # 包含完整的 BASE 训练流程
```
"""
# ultimate_8npu_speedrun.sh:405-408
SPEEDRUN = """torchrun \\
    --standalone \\
    --nnodes=1 \\
    --nproc_per_node=8 \\
    -- \\
    scripts/base_train_muon_fixed.py
"""
# pyproject.toml:1-2, 25-33
PYPROJECT = """[project]
name = "nanochat"
dependencies = ["torch>=2.8.0"]

# target torch to cuda 12.8
[tool.uv.sources]
torch = [
    { index = "pytorch-cu128" },
]

[[tool.uv.index]]
name = "pytorch-cu128"
url = "https://download.pytorch.org/whl/cu128"
explicit = true
"""


def _scan(tmp_path: Path, readme: str) -> tuple[dict[str, str], list[tuple[str, ...]]]:
    (tmp_path / "README.md").write_text(readme)
    (tmp_path / "ultimate_8npu_speedrun.sh").write_text(SPEEDRUN)
    component = scan_repo(tmp_path, "nano-chat-NPU").component
    return {r.subject: r.spec for r in component.requirements}, [s.argv for s in component.steps]


def test_a_problems_account_names_no_machine(tmp_path: Path) -> None:
    needs, _ = _scan(tmp_path, TITLE + RUST_PROBLEM + EDGE_CASES)
    assert "arch" not in needs
    assert "npu_count" not in needs


def test_the_top_readmes_title_makes_no_section_an_example(tmp_path: Path) -> None:
    _, steps = _scan(tmp_path, TITLE + QUICK_START)
    assert ("bash", "ultimate_8npu_speedrun.sh") in steps


def test_a_uv_source_index_names_the_toolkit_build() -> None:
    file = SourceFile(ref="pyproject.toml", rel="pyproject.toml", text=PYPROJECT)
    extraction = extract_pyproject(file)
    [cuda] = [r for r in extraction.requirements if r.subject == "cuda"]
    assert (cuda.spec, cuda.hard, cuda.source.line) == ("==12.8.*", False, 8)
    [note] = [f for f in extraction.findings if "pytorch-cu128" in f.message]
    assert "torch comes from" in note.message
    assert "cuda 12.8" in note.message
