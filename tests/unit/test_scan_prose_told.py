"""What a porting report tells is not what it needs (outsider 25, D5): a stack the words say
cannot run, what the original code did, backends supported side by side, a list of the modes a
port handles, and the problems a section recounts under its bold "问题描述" / "核心问题详解" /
"修改难点" titles. Real lines, with their source beside them."""

from __future__ import annotations

from bringup.scan.devicecounts import device_counts
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line


def _needs(line: str, required: bool = True) -> list[tuple[str, str, bool]]:
    return [(m.subject, m.spec, m.hard) for m in read_line(line, required=required)]


def test_a_stack_that_cannot_run_is_no_need() -> None:
    # zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:19, under "### 2.1. 环境配置与依赖"
    line = (
        "基础环境的搭建是第一道难关。标准的 PyTorch + CUDA 环境无法直接在 NPU 上运行。"
        "需要依赖华为提供的 `torch_npu` 插件以及相应的驱动和工具链（CANN）。"
    )
    assert [s for s, _, _ in _needs(line)] == ["ascend_driver", "cann"]


def test_a_stack_it_cannot_run_without_is_a_need() -> None:
    # constructed (review 25b, M2): a lacking word before the subject, failing words after
    # it or before the lacking word: the subject is needed
    assert _needs("没有 CANN 环境无法运行本项目。") == [("cann", "", True)]
    assert _needs("Without CANN the code does not run.") == [("cann", "", True)]
    assert _needs("The operators cannot run without CANN.") == [("cann", "", True)]
    # and neither word: "without" alone still says no need
    assert _needs("The operators run without CANN.") == []


def test_what_the_original_code_did_is_no_need() -> None:
    # zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:219
    line = (
        "**⚠️ 重要提示**: 原版 `nanochat/common.py` 中的 `compute_init()` 函数硬编码了 CUDA "
        "支持，必须修改才能支持 NPU。"
    )
    assert "cuda" not in [s for s, _, _ in _needs(line, required=False)]


def test_backends_supported_side_by_side_are_no_need() -> None:
    # zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:293; a need still counts
    # (constructed: "需要安装 CUDA")
    assert _needs("- 需要同时支持 NPU 和 CUDA，不能简单替换") == []
    assert _needs("需要安装 CUDA") == [("cuda", "", True)]


def test_a_list_of_modes_is_no_count_of_two() -> None:
    # zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:296: single card, multi-card, mixed
    found = device_counts("需要处理各种边界情况（单卡、多卡、混合环境）", "ascend")
    assert [(m.subject, m.spec) for m in found] == [("npu_count", ">=1")]


def test_what_a_problem_section_tells_names_no_machine() -> None:
    # zhonganbi102-netizen/nano-chat-NPU@fe64c6dd README.md:126-139 (the compile error's
    # block between left out); the long line of :129 is cut in three
    text = """### 2.4. 数据加载与分词器

**问题描述**:
`nanochat` 使用了基于 Rust 的 `rustbpe` 分词器。
在昇腾环境中，编译和运行 Rust 代码遇到了依赖和环境问题。
此外，数据加载路径和格式也需要适配。

**核心问题详解**:

1. **RustBPE 编译失败**
   - **根本原因**: 昇腾服务器环境通常缺少 Rust 编译工具链
   - **网络问题**: 国内网络访问 `crates.io` 不稳定，依赖包下载失败
   - **架构兼容性**: ARM64 服务器上的 Rust 编译需要特殊配置
"""
    found = extract_docs(SourceFile(ref="r/README.md", rel="README.md", text=text))
    # where the problem arose, no arch the repo runs on (outsider10 #15; soft before)
    assert [r for r in found.requirements if r.subject == "arch"] == []
    # the same lines without the problem's titles state a need: the titles make them a problem
    plain = text.replace("**问题描述**:", "").replace("**核心问题详解**:", "")
    found = extract_docs(SourceFile(ref="r/README.md", rel="README.md", text=plain))
    assert [r.hard for r in found.requirements if r.subject == "arch"] == [True]
