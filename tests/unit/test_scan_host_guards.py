"""Host toolchain and hardware read from real lines (issue 11, session of 2026-12-03): a
negated CMake version check, a compiler named after its language, and device words that count
no devices. Each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.scan.ci import extract_ci
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.shell import extract_shell


def _cmake(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject in ("gcc", "clang")]


def _counts(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject.endswith("_count")]


def test_a_negated_compiler_version_check_keeps_the_comparison() -> None:
    # NVIDIA/MatX@4d58c1a8 CMakeLists.txt:122-127: the build stops unless g++ is above 8
    text = (
        'if ("${CMAKE_CXX_COMPILER_ID}" MATCHES "GNU")\n'
        "    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -dumpversion\n"
        "                    OUTPUT_VARIABLE GCC_VERSION)\n"
        "    if (NOT GCC_VERSION VERSION_GREATER 8)\n"
        '        message(FATAL_ERROR "${PROJECT_NAME} requires g++ 9 or higher if using g++ host '
        'compiler")\n'
        "    endif()\n"
        "endif()\n"
    )
    assert _cmake("CMakeLists.txt", text) == [("gcc", ">8", 4)]


def test_a_negated_check_beside_the_compiler_name_is_gccs() -> None:
    # CVCUDA/CV-CUDA@da51fc96 cmake/ConfigCompiler.cmake:42-44
    text = (
        'if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT CMAKE_CXX_COMPILER_VERSION '
        "VERSION_GREATER_EQUAL 9.4)\n"
        "    message(FATAL_ERROR \"Must use gcc>=9.4 to compile CV-CUDA, you're using "
        '${CMAKE_CXX_COMPILER_ID}-${CMAKE_CXX_COMPILER_VERSION}")\n'
        "endif()\n"
    )
    assert _cmake("cmake/ConfigCompiler.cmake", text) == [("gcc", ">=9.4", 1)]


def test_a_not_of_another_test_still_says_nothing() -> None:
    # constructed: NOT negates "DEFINED", not the comparison; the condition is not read
    text = (
        "if(NOT DEFINED GCC_VERSION OR GCC_VERSION VERSION_LESS 9)\n"
        '    message(FATAL_ERROR "old")\nendif()\n'
    )
    assert _cmake("CMakeLists.txt", text) == []


def test_a_compiler_named_after_cxx_states_no_standard() -> None:
    # NVIDIA/MatX@4d58c1a8 README.md:53: nvc++ 24.5 is the NVIDIA HPC compiler's release
    line = (
        "MatX is using features in C++20 and the latest CUDA compilers and libraries. For this "
        "reason, when running with GPU support, CUDA 12.2.1 and g++9, nvc++ 24.5, or clang 17 "
        "or newer is required."
    )
    standards = [m.spec for m in read_line(line, required=True) if m.subject == "cxx_standard"]
    assert standards == [">=20"]
    # the flag and the language's name still are (constructed)
    for words in ("compile with -std=c++17", "C++ 17 or newer"):
        assert [m.spec for m in read_line(words, required=True)] == [">=17"]


def test_a_device_word_before_a_noun_that_is_no_device_counts_none() -> None:
    # traveller59/spconv@263d6b47 README.md:153; rapidsai/raft@2141422b README.md:210;
    # NVIDIA/Fuser@81c4b22f README.md:134
    lines = (
        "If you use a GPU architecture that isn't compiled in prebuilt, spconv will use NVRTC "
        "to compile a slightly slower kernel.\n",
        "- `raft-dask` (optional) Python library for deployment of multi-node multi-GPU "
        "algorithms that use the RAFT `raft::comms` abstraction layer in Dask clusters.\n",
        "- `NVFUSER_BUILD_WITH_UCC=1` - Enable UCC support for multi-device operations.\n",
    )
    for line in lines:
        assert _counts("README.md", f"## Installation\n\n{line}") == []
    # a machine of several devices still is (constructed)
    assert _counts("README.md", "## Requirements\n\nIt needs a multi-GPU machine.\n") == [
        ("gpu_count", ">=2", 3)
    ]


def test_a_device_the_reader_may_have_is_no_need() -> None:
    # ai-dynamo/nixl@8770b655 README.md:38: a condition, the install that follows is the same
    text = (
        "## Installation\n\nFor example, if you have a GPU running on a Linux host, container, "
        "or VM, you can do the following install:\n"
    )
    assert _counts("README.md", text) == []


def test_a_multi_device_use_the_repo_supports_is_no_need() -> None:
    # facebookresearch/faiss@02dbb4e4 README.md:15 (its last sentence)
    text = "## Introduction\n\nBoth single and multi-GPU usage is supported.\n"
    assert _counts("README.md", text) == []


def test_a_count_asked_under_a_condition_in_chinese_is_no_need() -> None:
    # hicann/mat-chem-sim-pred@fef85c9b FAQ.md:128-130 (the answer's first two sentences)
    text = (
        "### 算子如何在多卡或多节点上使用？\n\n当前算子的实现是单设备（单 NPU）粒度的。"
        "如果需要多卡或多节点并行，需要在外部框架层（如自定义的 MPI + Python 调度）"
        "实现数据拆分和通信。\n"
    )
    assert _counts("FAQ.md", text) == []


def test_a_figure_number_is_no_count() -> None:
    # Ascend/MindIE-Motor@5dfb024e docs/zh/user_guide/service_deployment/
    # environment_preparation.md:217
    text = "## 准备NPU节点\n\n**图 7**  accelerator=huawei-Ascend910标签\n"
    assert _counts("docs/zh/environment_preparation.md", text) == []


def test_a_product_name_in_a_hardware_row_is_no_count() -> None:
    # hicann/cann-recipes-infer@fbc225d2 README.md:119-121: A3 and 950PR name products
    text = "## 环境\n\n| 项目 | 要求 |\n| --- | --- |\n| 硬件 | Atlas A3 / A2 / 950PR·DT |\n"
    assert _counts("README.md", text) == []
    # a count beside the product still is (constructed)
    eight = "## 环境\n\n| 项目 | 要求 |\n| --- | --- |\n| 硬件 | 8 x Atlas A2 |\n"
    assert _counts("README.md", eight) == [("npu_count", ">=8", 5)]
    # so is one the product's unit follows (constructed): "8P", "8NPU", "8卡"
    for cell in ("8P Atlas 800T A2", "8NPU Atlas 800T A2", "Atlas 800T A2 8卡"):
        row = f"## 环境\n\n| 项目 | 要求 |\n| --- | --- |\n| 硬件 | {cell} |\n"
        assert _counts("README.md", row) == [("npu_count", ">=8", 5)], cell
    # a size is none
    assert _counts("README.md", eight.replace("8 x", "8PB")) == []


def _archs(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject == "arch"]


def test_a_build_matrix_platform_column_lists_the_cpus() -> None:
    # CVCUDA/CV-CUDA@da51fc96 README.md:43-52, rows 47, 49 and 51 (the first six columns)
    text = (
        "### Compatibility\n\n"
        "|CV-CUDA Build|Platform|CUDA Version|CUDA Compute Capability|Hardware Architectures|"
        "Nvidia Driver|\n"
        "|-|-|-|-|-|-|\n"
        "|x86_64_cu11|x86_64|11.7 or later|SM7 and later|Volta, Turing, Ampere, Ada Lovelace, "
        "Hopper|r525 or later*** |\n"
        "|aarch64_cu11|aarch64 SBSA****|11.7 or later|SM7 and later|ARM SBSA (incl. Grace): "
        "Volta, Turing, Ampere, Ada Lovelace, Hopper|r525 or later***|\n"
        "|aarch64_cu11|aarch64 Jetson****|11.4|SM7 and later|Jetson AGX Orin|JetPack 5.1|\n"
    )
    assert _archs("README.md", text) == [("arch", "x86_64,aarch64", 5)]
    # a "Platform" column of products names no CPU (hicann/cann-recipes-infer@fbc225d2
    # models/hy3/README.md:20, its header; the row constructed)
    products = (
        "## 环境\n\n| 平台 | 产品型号 | 配置 |\n| --- | --- | --- |\n"
        "| A3 | Atlas 800T A3 | 16卡 |\n"
    )
    assert _archs("README.md", products) == []


def test_cpu_architectures_qualifying_a_cpu_noun_are_the_cpus_needed() -> None:
    # OpenPPL/ppl.llm.kernel.cuda@255f3c82 README.md:17-19
    text = "## Prerequisites\n\n* Linux running on x86_64 or arm64 CPUs\n"
    assert _archs("README.md", text) == [("arch", "x86_64,aarch64", 3)]
    # facebookresearch/faiss@02dbb4e4 INSTALL.md:77 (its sentence's first clause)
    words = "Faiss is supported on x86-64 machines on Linux, OSX, and Windows."
    assert [(m.subject, m.spec) for m in read_line(words, required=True)] == [
        ("arch", "x86_64"),
        ("os", "linux,macos,windows"),
    ]
    # a CPU named without a noun or label is no list (constructed)
    assert _archs("README.md", "## Prerequisites\n\n* Linux, tested on x86_64\n") == []


def test_a_linux_server_the_guide_asks_for_is_the_os() -> None:
    # mindspore-ai/acctransformer@1ed103dc README.md:26
    words = "首先需要准备包含昇腾AI处理器NPU的Linux服务器，并安装对应CANN版本的NPU驱动以及固件。"
    assert ("os", "linux") in [(m.subject, m.spec) for m in read_line(words)]
    # hicann/mat-chem-sim-pred@fef85c9b FAQ.md:196 (its first sentence)
    words = "算子本身在昇腾 NPU 上运行，开发环境需要在 Linux 服务器上配置 CANN 工具链。"
    assert ("os", "linux") in [(m.subject, m.spec) for m in read_line(words)]
    # a server named where no need is stated is none (hicann/ge@ffdcbc9f docs/zh/user_guides/
    # atc_tools/AIPP/how_to_enable_aipp.md:101, its last sentence)
    words = "将上述insert_op.cfg文件上传到ATC工具所在Linux服务器。"
    assert [m.subject for m in read_line(words)] == []


def test_a_docs_workflows_container_says_nothing_of_the_repos_platform() -> None:
    # NVIDIA/MatX@4d58c1a8 .github/workflows/build-docs.yml:16, 55-70 (the job's first keys
    # and steps)
    workflow = (
        "name: Build Docs and deploy to Github Pages\n"
        "jobs:\n  deploy:\n    name: Deploy Github Pages\n    runs-on: ubuntu-latest\n"
        "    container:\n      image: ghcr.io/nvidia/matx/release:13.0.1_ubuntu24.04-amd64\n"
        "    steps:\n      - name: Build Docs\n        run: |\n          mkdir build\n"
        "          cd build\n"
        "          /opt/nvidia/run_from_venv.sh cmake .. -DMATX_BUILD_DOCS=ON\n"
    )
    rel = ".github/workflows/build-docs.yml"
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=workflow)).requirements
    assert [r.subject for r in found if r.subject in ("os", "os_version", "arch")] == []
    # the same job in a workflow that builds the repo tells its platform (constructed)
    built = workflow.replace("Build Docs and deploy to Github Pages", "Build")
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=built)).requirements
    assert {r.subject for r in found} >= {"os", "os_version", "arch"}


def _os(words: str) -> list[tuple[str, str, bool]]:
    return [(m.subject, m.spec, m.hard) for m in read_line(words) if m.subject == "os"]


def test_a_support_clause_naming_linux_and_its_peers_lists_the_oses() -> None:
    # NVIDIA/AMGX@3188dce5 README.md:19, a bullet of its features
    assert _os("* Linux and Windows support") == [("os", "linux,windows", True)]
    # facebookresearch/faiss@02dbb4e4 INSTALL.md:77: macOS by its old name
    words = "Faiss is supported on x86-64 machines on Linux, OSX, and Windows."
    assert _os(words) == [("os", "linux,macos,windows", True)]
    # ai-dynamo/nixl@8770b655 README.md:32: the other OSes are what is left out
    words = "macOS and Windows are not currently supported; use a Linux host"
    assert _os(words) == []
    # NVIDIA/MatX@4d58c1a8 README.md:51: Linux alone, Windows named as untested
    words = "MatX support is currently limited to **Linux only** due to the time to test Windows"
    assert _os(words) == [("os", "linux", True)]
    # "OS x86_64" names a CPU, no macOS (constructed)
    assert _os("supported on OS x86_64 and Windows") == []
    # hicann/ge@ffdcbc9f scripts/readme.md:21: WSL is Linux on Windows, no other OS
    assert _os("OS支持的命令行工具： 原生Linux or WSL shell；") == []
    # a Windows named as WSL's host is no peer of Linux (review-s19 M2)
    assert _os("Only Linux is supported, Windows users can run it under WSL2.") == []
    assert _os("Linux and Windows (through WSL2) are supported") == []
    # "only Linux" with a peer named beside it is no support list (constructed)
    assert _os("Only Linux is supported; Windows support is planned") == []


# hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921
# scripts/torch_extension/build_torch_extension.sh:38-42
_OPS_NN = """PYTHON_MAJOR=$(python3 -c 'import sys; print(sys.version_info.major)')
PYTHON_MINOR=$(python3 -c 'import sys; print(sys.version_info.minor)')
if [ "$PYTHON_MAJOR" -lt 3 ] || [ "$PYTHON_MAJOR" -eq 3 -a "$PYTHON_MINOR" -lt 8 ]; then
  echo "Warning: Build PyTorch extension failed, Python version must be >= 3.8."
  exit 0
fi
"""


def test_a_warning_branch_states_the_opposite_and_a_minor_part_no_version() -> None:
    rel = "scripts/torch_extension/build_torch_extension.sh"
    found = extract_shell(SourceFile(ref=rel, rel=rel, text=_OPS_NN)).requirements
    # the warned-of major is below 3: Python 3 at least, softly; the minor alone says nothing
    # (the scripts' ``python3 -c`` runs need a python too, unversioned)
    assert [(r.subject, r.spec, r.hard) for r in found if r.subject == "python" and r.spec] == [
        ("python", ">=3", False)
    ]
