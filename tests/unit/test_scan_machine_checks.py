"""What a repo needs of the machine, stated as a check or a target list (issue 11, the machine
kinds): a backend's status command run as a check is evidence of its driver; the device
architectures a CMake list appends to and a table's compute capability column set the least
device. Every case is a real line, quoted with its repository, commit, file and line."""

from __future__ import annotations

import ast

import pytest

from bringup.scan.archchecks import arch_branches
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.pyruns import imported_names, runs_program
from bringup.scan.setup_py import extract_setup_py


def _found(text: str, rel: str, subjects: set[str]) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [
        (r.subject, r.spec, r.source.line)
        for r in extract_docs(file).requirements
        if r.subject in subjects
    ]


_DRIVERS = {"ascend_driver", "nvidia_driver", "npu_count", "gpu_count"}


def test_the_status_command_in_a_code_block_checks_the_driver() -> None:
    # hicann/ops-tensor@d636af5c QUICKSTART.md:42-47: the driver, never a number of NPUs
    text = (
        "进入容器后，验证环境和驱动是否正常。\n"
        "\n"
        "* **检查NPU设备**：\n"
        "    ```bash\n"
        "    npu-smi info\n"
        "    ```\n"
    )
    assert _found(text, "QUICKSTART.md", _DRIVERS) == [("ascend_driver", "", 5)]


def test_the_status_command_quoted_in_a_sentence_checks_the_driver() -> None:
    # NVIDIA/torch-harmonics@9e9fa537 README.md:101
    text = "> **Tip:** Run `nvidia-smi` to check your driver's CUDA version.\n"
    assert _found(text, "README.md", _DRIVERS) == [("nvidia_driver", "", 1)]


@pytest.mark.parametrize(
    ("code", "subject"),
    [
        ("nvidia-smi 2>&1 | head", "nvidia_driver"),
        ("npu-smi info 2>&1", "ascend_driver"),
        ("nvidia-smi;", "nvidia_driver"),
    ],
)
def test_the_quoted_status_command_redirected_or_ended_checks_the_driver(
    code: str, subject: str
) -> None:
    # Review 1, finding 7: the inline code is split into shell words, so "2>&1" and ";" are
    # words of their own after the command.
    assert _found(f"Run `{code}` to check.\n", "README.md", _DRIVERS) == [(subject, "", 1)]


def test_a_query_of_topology_or_of_a_chip_name_is_no_driver_check() -> None:
    # microsoft/mscclpp@1f5f065d docs/quickstart.md:9: the GPUs' links (gpu_interconnect)
    links = (
        "* On NVIDIA platforms, check the connectivity via `nvidia-smi topo -m`. If the output "
        "shows `NV#` or `PIX`, it means the GPUs are connected peer-to-peer.\n"
    )
    assert _found(links, "docs/quickstart.md", {"nvidia_driver"}) == []
    # hicann/amct@2be20daf amct_pytorch/experimental/fakequant/mxfp4_ascendc/python/mxfp4/
    # __init__.py:121 (as a sentence): the chip's name
    chip = "Check the hardware (`npu-smi info -t board -i 0 -c 0`) and rebuild.\n"
    assert _found(chip, "README.md", {"ascend_driver"}) == []


def test_an_architecture_appended_to_the_cmake_list_sets_the_least_device() -> None:
    # CVCUDA/CV-CUDA@da51fc96 cmake/ConfigCUDA.cmake:70-72 ("Required compute capability")
    text = (
        "    # Required compute capability:\n"
        "    # * compute_70: fast fp16 support + PTX for forward compatibility\n"
        "    list(APPEND CMAKE_CUDA_ARCHITECTURES 70-virtual)\n"
    )
    rel = "cmake/ConfigCUDA.cmake"
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("compute_capability", ">=7.0", 3)
    ]


def test_a_compute_capability_column_of_floors_sets_the_least_device() -> None:
    # CVCUDA/CV-CUDA@da51fc96 README.md:45-47 (the header's and the row's first six cells)
    text = (
        "|CV-CUDA Build|Platform|CUDA Version|CUDA Compute Capability|Hardware Architectures|"
        "Nvidia Driver|\n"
        "|-|-|-|-|-|-|\n"
        "|x86_64_cu11|x86_64|11.7 or later|SM7 and later|Volta, Turing, Ampere, Ada Lovelace, "
        "Hopper|r525 or later*** |\n"
    )
    assert _found(text, "README.md", {"compute_capability"}) == [("compute_capability", ">=7.0", 3)]


def test_a_floor_said_before_the_toolkit_and_a_refused_range() -> None:
    # traveller59/spconv@263d6b4 README.md:121: "at least" before the name makes the release
    # a floor; the range the next sentence refuses ("CUDA < 11.0") is no requirement of its own
    text = (
        "You need at least CUDA 11.0 to build and run spconv 2.x. We won't offer any support "
        "for CUDA < 11.0.\n"
    )
    assert _found(text, "README.md", {"cuda"}) == [("cuda", ">=11.0", 1), ("cuda", "", 1)]


def test_a_row_of_the_repos_own_algorithm_is_read_for_what_it_needs() -> None:
    # mindspore-ai/acctransformer@1ed103dc README.md:24-32: the first cell names the repo's
    # algorithm, no distribution (no version beside it); the row's other cells say what it
    # needs, the chip among them
    text = (
        "#### 2.1.1、配套环境要求\n"
        "\n"
        "| 名称 | 配套组件 | 版本要求 |\n"
        "| --- | --- | --- |\n"
        "| FlashAttention2 | MindSpore<br>CANN配套软件包<br>NPU: Ascend 910 | MindSpore: "
        "[2.2.0](https://www.mindspore.cn/versions#2.2.0) <br> CANN配套软件包: 适配MindSpore版本|\n"
    )
    found = _found(text, "README.md", {"chip", "mindspore", "pypi:flashattention2"})
    assert ("chip", "910", 5) in found
    assert ("mindspore", "==2.2.0", 5) in found
    assert not [f for f in found if f[0] == "pypi:flashattention2"]


def test_a_cmake_branch_on_a_copy_of_the_processor_names_the_cpus() -> None:
    # hicann/cmake@8cb72181 function/prepare.cmake:35-45: the probe copied in lower case, then
    # branched on; "Unknown architecture" only warns (soft)
    text = (
        "function(__cann_get_target_arch)\n"
        '    string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" ARCH_LOW)\n'
        '    if (ARCH_LOW MATCHES "x86_64|amd64")\n'
        "        set(TARGET_ARCH x86_64 PARENT_SCOPE)\n"
        '    elseif (ARCH_LOW MATCHES "aarch64|arm64|arm")\n'
        "        set(TARGET_ARCH aarch64 PARENT_SCOPE)\n"
        "    else ()\n"
        '        message(WARNING "Unknown architecture: ${CMAKE_SYSTEM_PROCESSOR}")\n'
        "        set(TARGET_ARCH PARENT_SCOPE)\n"
        "    endif()\n"
        "endfunction()\n"
    )
    rel = "function/prepare.cmake"
    found = arch_branches(SourceFile(ref=rel, rel=rel, text=text), cmake=True)
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        ("arch", "x86_64,aarch64", 3, False)
    ]
    assert [a.source.line for a in found[0].any_of] == [3, 5]


def test_a_warning_inside_a_branch_or_of_something_else_is_no_support_list() -> None:
    # written here (review21 #8; no repo line found): hicann/cmake's branches with the warning
    # inside the last branch, or a warning of another check after the branches
    branches = (
        'if (CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|amd64")\n'
        "    set(TARGET_ARCH x86_64)\n"
        'elseif (CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64|arm")\n'
        "    set(TARGET_ARCH aarch64)\n"
    )
    inside = branches + '    message(WARNING "aarch64 support is experimental")\nendif()\n'
    later = branches + (
        "endif()\nfind_package(OpenMP)\nif(NOT OpenMP_FOUND)\n"
        '  message(WARNING "OpenMP not found, building single-threaded")\nendif()\n'
    )
    rel = "CMakeLists.txt"
    for text in (inside, later):
        assert arch_branches(SourceFile(ref=rel, rel=rel, text=text), cmake=True) == []


def test_a_release_a_change_drops_is_no_requirement() -> None:
    # traveller59/spconv@263d6b4 README.md:86, under "## Spconv 2.2 vs Spconv 2.1"
    assert _found("* drop python 3.6 support\n", "README.md", {"python"}) == []
    # the need stated in its own words still counts (README.md:117)
    text = "You need to install python >= 3.7 first to use spconv 2.x.\n"
    assert _found(text, "README.md", {"python"}) == [("python", ">=3.7", 1)]


def test_a_table_of_images_states_what_each_image_holds() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:22-26: CANN 8.3.RC1 is what
    # the image holds (the docker feature's, soft), not what the repo needs
    text = (
        "表2：镜像版本、CANN版本、PTA版本和Driving SDK版本配套关系\n"
        "\n"
        "|镜像版本 |CANN版本 |PTA版本 |Driving SDK版本        |备注|\n"
        "|----------|-----------|-----------|--------------------|----|\n"
        "|8.3.RC1_alpha001 |8.3.rc1.alpha001 |20250908 |20250908 |支持arm64架构，A2系列|\n"
    )
    rel = "docs/zh/installation/compile.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    cann = [r for r in found if r.subject == "cann"]
    assert [(r.spec, r.source.line, r.hard, r.feature) for r in cann] == [
        ("==8.3.RC1.alpha001", 3, False, "docker")
    ]


def test_the_line_naming_the_interpreter_is_cited_beside_the_call() -> None:
    # hicann/cmake@8cb72181 scripts/package/pkg_func.cmake:33-35 (the arguments cut short)
    text = (
        "    execute_process(\n"
        "        COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/package.py --pkg_name ${name}\n"
        "        WORKING_DIRECTORY ${CPACK_CMAKE_BINARY_DIR}\n"
        "        OUTPUT_VARIABLE result)\n"
    )
    rel = "scripts/package/pkg_func.cmake"
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text)).requirements
    python = [r for r in found if r.subject == "python"]
    assert [(r.source.line, [s.line for s in r.also_at]) for r in python] == [(1, [2])]


@pytest.mark.parametrize("title", ["Compute Capability", "CUDA Compute Capability"])
def test_a_capability_column_of_bare_numbers_is_a_reference_no_floor(title: str) -> None:
    # Review 1, finding 3: the usual "pick your TORCH_CUDA_ARCH_LIST" table says what each card
    # is; only a cell such as "SM7 and later" says the least device.
    text = (
        "# Project\n\nUse this to pick TORCH_CUDA_ARCH_LIST for your card.\n\n"
        f"| GPU | {title} |\n|-----|----|\n| Tesla K80 | 3.7 |\n| Tesla V100 | 7.0 |\n"
        "| A100 | 8.0 |\n| H100 | 9.0 |\n"
    )
    found = extract_docs(SourceFile(ref="r/README.md", rel="README.md", text=text))
    assert [r for r in found.requirements if r.subject == "compute_capability"] == []


def test_a_refusal_with_a_typographic_apostrophe_is_no_requirement() -> None:
    # Review 1, finding 9: the same README sentence as an editor writes it (U+2019).
    text = (
        "You need at least CUDA 11.0 to build and run spconv 2.x. We won\u2019t offer any support "
        "for CUDA < 11.0.\n"
    )
    assert _found(text, "README.md", {"cuda"}) == [("cuda", ">=11.0", 1), ("cuda", "", 1)]


# agoscinski/torch_spex@6d21719e61ff05d1c245b5d4de000e0c2e2d0acc setup.py:1-11: the build runs
# nvidia-smi to choose CUDA or CPU torch
_SPEX_SETUP = """from setuptools import setup, find_packages
import sys
import subprocess


# Detecting if pytorch with or without CUDA support should be installed
try:
    subprocess.check_output('nvidia-smi')
    HAS_NVIDIA = True
except:
    HAS_NVIDIA = False
"""
# a public Python helper (code-search file id 9964221525, pick_gpu_lowest_memory): it looks
# the status program up before it asks it anything
_WHICH = """import shutil


def pick_gpu_lowest_memory():
    if shutil.which('nvidia-smi') is None:
        return ''
"""


def test_a_setup_py_probing_the_devices_needs_their_driver() -> None:
    # the status program's run or lookup is the need, soft; the text says which it is
    found = []
    for text in (_SPEX_SETUP, _WHICH):
        file = SourceFile(ref="setup.py", rel="setup.py", text=text)
        found += [
            (r.subject, r.source.line, r.hard, r.text)
            for r in extract_setup_py(file).requirements
            if r.subject.endswith("_driver")
        ]
    assert found == [
        (
            "nvidia_driver",
            8,
            False,
            "setup.py runs nvidia-smi: detects the devices through the driver",
        ),
        (
            "nvidia_driver",
            5,
            False,
            "setup.py looks for nvidia-smi: detects the devices through the driver",
        ),
    ]


def test_a_program_run_through_a_function_imported_from_subprocess_is_a_run() -> None:
    # a public Python helper (code-search file id 42033794773, lines 1 and 7)
    text = (
        "from subprocess import check_output, CalledProcessError\n"
        "import subprocess\n"
        "branchname = check_output(['git', 'rev-parse', '--abbrev-ref', 'HEAD'], "
        "stderr=subprocess.STDOUT)\n"
    )
    tree = ast.parse(text)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args]
    assert [runs_program(c, imported_names(tree)) for c in calls] == [True]
