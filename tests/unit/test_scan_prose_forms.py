"""Prose forms of a requirement (issue 11, M14/M19): a product named instead of its chip, a
chip glued to the vendor's name ("Ascend910B/C", "昇腾910AI处理器"), a version glued to a name,
Python distributions a dependency list names in code spans."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line


def _stated(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return [
        (r.subject, r.spec, r.source.line, r.hard)
        for r in extract_docs(file).requirements
        if r.subject not in ("network",)
    ]


def test_a_cloudmatrix384_system_is_an_a3_chip() -> None:
    # omni-ai-npu/omni-infer@c8bc2bbb docs/omni_infer_installation_guide.md:3 and
    # docs/omni_infer_quick_start.md:7: the A3 SuperPoD named instead of its 910C NPUs
    assert [(m.subject, m.spec) for m in read_line("硬件：目前仅支持CloudMatrix384推理卡")] == [
        ("chip", "910_93")
    ]
    # under "## 硬件要求" (hardware requirements): no need word is wanted
    quick = read_line("**硬件：** CloudMatrix384推理卡", required=True)
    assert [(m.subject, m.spec) for m in quick] == [("chip", "910_93")]
    # a longer number is another product, not this one
    assert read_line("硬件：目前仅支持CloudMatrix3840推理卡") == []


def test_a_chip_glued_to_the_vendor_s_name() -> None:
    # Ascend/parser@fc02ad76 README.md:12: "昇腾910AI处理器" (Ascend 910 AI Processor)
    line = (
        "parser支持源码编译，进行源码编译前，首先确保你有昇腾910AI处理器的环境，"
        "同时确保系统满足以下要求："
    )
    assert [(m.subject, m.spec) for m in read_line(line)] == [("chip", "910")]
    # hicann/cann-samples@a934ed96 README.md:152 (the NPU_ARCH table): 910B/C is 910B and 910C
    row = read_line("| Ascend910B/C | `dav-2201` |", required=True)
    assert [(m.subject, m.spec) for m in row] == [("chip", "910B,910_93")]
    # Ascend/msopprof@d6c29dfa docs/zh/user_guide/msopprof_user_guide.md:775 (a column per
    # product series: "昇腾A2系列产品" is Atlas A2, 910B)
    header = "|列名|昇腾A2系列产品|昇腾A3系列产品|昇腾310P系列产品|昇腾950PR&950DT系列产品|说明|"
    assert [m.spec for m in read_line(header, required=True)] == ["910B", "910_93", "310P", "950"]
    # a longer number after the vendor's name is another product
    assert read_line("首先确保你有昇腾9100处理器的环境") == []


# thu-ml/SageAttention@d1a57a54 README.md:68-76 (trailing spaces dropped; under "## Installation")
SAGE = """## Installation
### Base environment
+ `python>=3.9`   , `torch>=2.3.0`  , `triton>=3.0.0`
- `CUDA`:
  + `>=12.8` for Blackwell or SageAttention2++
  + `>=12.0` for Ampere
+ `flash-attn` for benchmarking
"""


def test_distributions_a_dependency_list_names_in_code() -> None:
    stated = _stated(SAGE)
    assert ("triton", ">=3.0.0", 3, True) in stated
    # a bare name opening its item is needed at no stated version; "for benchmarking": soft
    assert ("pypi:flash-attn", "", 7, False) in stated
    # what the prose reader knows by name is its (python, torch), read once
    assert [s for s, *_ in stated].count("torch") == 1
    assert not any(s.startswith("pypi:python") or s == "pypi:cuda" for s, *_ in stated)


def test_code_spans_that_name_no_distribution() -> None:
    text = """## Requirements

- set `ASCEND_HOME_PATH` before running `build.sh`
- `gawk` and `unzip`
- run with `num_tokens <= 512`
- the `flash-attn` wheel is built by `setup.py`
- --`full`: full installation mode
- `quiet`: silent installation
"""
    # an environment variable, a file, a host tool, an expression, a bare name inside a
    # sentence, options an item defines (hicann/hixl@9ed283b2 docs/en/build.md:292-293)
    assert [s for s, *_ in _stated(text) if s.startswith("pypi:") or s == "triton"] == []


def test_code_spans_outside_a_requirements_section_are_not_read() -> None:
    text = """## Usage

+ `triton>=3.0.0` kernels are compiled at first call
"""
    assert [s for s, *_ in _stated(text) if s == "triton"] == []


def test_a_release_glued_to_the_framework_name() -> None:
    # hicann/pyasc@cecba26a docs/quick_start.md:347 (shortened)
    line = (
        "编译运行torch输入输出tensor的算子时必须安装本包。"
        "本代码仓提供一键式安装脚本，默认安装`PyTorch2.7.1`，`torch_npu7.3.0`"
    )
    assert [(m.subject, m.spec) for m in read_line(line)] == [("torch", "==2.7.1")]
    assert [(m.subject, m.spec) for m in read_line("需要安装CANN8.5.0及以上版本")] == [
        ("cann", ">=8.5.0")
    ]
    # a conda environment's name (Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:97)
    assert read_line("需要安装torch2.1.0_py38环境") == []


def test_a_framework_named_right_after_install_is_an_unversioned_need() -> None:
    # Ascend/MindSpeed-Core-MS@5c4f1310 README.md:7 (the LLM route's first step)
    assert [
        (m.subject, m.spec) for m in read_line("1. 安装MindSpore https://www.mindspore.cn/install/")
    ] == [("mindspore", "")]
    # a framework only mentioned is no need of it
    assert read_line("MindSpeed-Core-MS 是基于MindSpore+昇腾设备的大模型加速库。") == []


def test_vllm_in_lower_case_with_its_release() -> None:
    # omni-ai-npu/omni-infer@c8bc2bbb docs/omni_infer_installation_guide.md:74, under
    # "## 下载 omni_infer 以及 vllm 源码并安装 vllm" (a required section)
    line = (
        "2. 在目录 omniinfer/infer_engines 下 git clone 拉取 vllm v0.9.0 源码，"
        '注意文件夹名改为 "vllm"'
    )
    assert [(m.subject, m.spec) for m in read_line(line, required=True)] == [("vllm", "==0.9.0")]
    # a path or a URL's part names no release of it
    assert read_line("需要 git clone https://github.com/vllm-project/vllm.git 0.9.0") == []


def test_a_version_after_the_package_noun_and_a_comma() -> None:
    # Ascend/MindIE-SD@30661895 docs/en/installing_guide.md:105, under "Required packages include:"
    line = "the PyTorch wheel package, version 2.1.0"
    assert [(m.subject, m.spec) for m in read_line(line, required=True)] == [("torch", "==2.1.0")]
    # a comma before other words ends the phrase
    assert read_line("PyTorch, 2.1.0 of the examples", required=True) == []


def test_a_framework_installed_on_the_way_is_no_install_step() -> None:
    # triton-lang/triton-ascend installation guide FAQ (tests/fixtures/repos/open-world/SOURCE.md)
    line = "You can try manually installing torch before installing torch_npu:"
    assert read_line(line) == []
    # hicann/pyasc@cecba26a docs/quick_start.md:341 (shortened): a link to the step, no step
    assert read_line("请确保已经完成[安装PyTorch框架和torch_npu插件](#torch_install)步骤") == []


def test_a_distribution_named_after_python_is_not_python() -> None:
    # the form of Ascend/vision README.md:122 ("推荐使用opencv-python=4.6.0"), which scan read as
    # Python 4.6.0; a constructed line, since that repo is in a held-out half
    assert [(m.subject, m.spec) for m in read_line("推荐使用opencv-python=4.6.0")] == []
    assert [(m.subject, m.spec) for m in read_line("推荐使用python=3.8")] == [("python", "==3.8.*")]
    # a build script's option stays Python (Ascend/op-plugin docs/en/install.md:21)
    build = read_line("bash ci/build.sh --python=3.9 --pytorch=v2.10.0")
    assert [(m.subject, m.spec) for m in build] == [("python", "==3.9.*")]
    # constructed by review: a configure option names Python too
    assert [(m.subject, m.spec) for m in read_line("requires-python >=3.8")] == [
        ("python", ">=3.8")
    ]
    configure = read_line("./configure --with-python=3.9")
    assert [(m.subject, m.spec) for m in configure] == [("python", "==3.9.*")]


def test_a_toolkit_or_driver_that_supported_describes_is_no_need() -> None:
    # rapidsai/cuvs@ff0c8076 README.md:83: "supported" as a modifier of the drivers
    line = "This is a result of improved compression rates in the newer supported CUDA drivers."
    assert read_line(line, vendor="nvidia") == []
    # mindspore-lab/mindrl@7f55a67f README.md:451: CUDA as the agent of "supported by"
    line = (
        "computational graphs as supported by deep learning engines, CUDA implementations or "
        "multi-threaded CPU processe."
    )
    assert read_line(line) == []
    # the toolkit as what is supported, or a "Supported:" label, is still stated
    assert [m.subject for m in read_line("CUDA is supported.")] == ["cuda"]
    assert [m.subject for m in read_line("Supported: CUDA and ROCm")] == ["cuda"]
    # where the code runs, after "supported on/with", is a need (review-s19 M1)
    for line in (
        "Currently supported on CUDA devices.",
        "The library is supported on NVIDIA GPUs with CUDA.",
        "Inference is supported with CUDA and ROCm backends.",
    ):
        assert "cuda" in [m.subject for m in read_line(line)], line
    # another word of need keeps the clause a need ("install a supported driver")
    assert [m.subject for m in read_line("Install a supported NVIDIA driver.")] == ["nvidia_driver"]
