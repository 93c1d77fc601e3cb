"""Classes of statements the blind evaluation (tests/data/scan_eval, issue 11) showed misread,
each tested on the real lines of the tuned-on repos, quoted with repository, file, line and
commit (the commits are those of tests/data/scan_eval/README.md)."""

from __future__ import annotations

import ast
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.devices import chips_in
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.pyguards import python_vocabulary
from bringup.scan.repeats import merge_repeats
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import DEVELOPMENT, REPO, Scopes
from bringup.scan.setup_py import extract_setup_py

SGL = "sgl-project/sgl-kernel-npu@f425bdf1"


def found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line, r.hard) for r in extract_docs(file).requirements]


def test_releases_named_in_one_clause_are_alternatives_and_only_tested() -> None:
    # SGL python/deep_ep/README.md:28-30: two CANN releases in one sentence are any of them
    # (not two pins no CANN meets at once), and "support" says what works, not a need.
    text = (
        "### Software and Hardware\n\n"
        "Supported Hardware Models: Atlas A2, A3 (support CANN 8.5 and CANN 9.0), and Atlas A5 "
        "(supports CANN 9.0).\n"
    )
    assert ("cann", "==8.5.* || ==9.0.*", 3, False) in found(text)
    # the same sentence in Chinese, python/deep_ep/README.md:310-312
    text = (
        "### 软硬件配套说明\n\n"
        "硬件型号支持：Atlas A2、A3 系列产品能适配 CANN 8.5 和 CANN 9.0，Atlas A5 适配 CANN 9.0。\n"
    )
    assert ("cann", "==8.5.* || ==9.0.*", 3, False) in found(text)


def test_an_edition_name_between_toolkit_and_version() -> None:
    # SGL python/deep_ep/README.md:35 and its Chinese twin :317 (the links' words kept, their
    # targets cut).
    english = (
        "- Driver Ascend HDK 25.1.RC1.1, CANN Community Edition 8.5.0 and later versions (refer "
        "to the CANN Software Installation Guide to install the CANN development kit package, "
        "as well as the supporting firmware and drivers)\n"
    )
    chinese = (
        "- 驱动 Ascend HDK 25.1.RC1.1、CANN社区版 8.5.0 及之后版本（参考《CANN软件安装指南》"
        "安装 CANN 开发套件包以及配套固件和驱动）\n"
    )
    for text in (english, chinese):
        assert ("cann", ">=8.5.0", 1, True) in found(text)
        assert ("ascend_driver", ">=25.1.RC1.1", 1, True) in found(text)


def test_a_stated_need_stays_hard_beside_support_words() -> None:
    # SGL python/sgl_kernel_npu/README.md:12: "supporting firmware" and "install" make it a need.
    line = (
        '- Driver Ascend HDK 25.0.RC1.1, CANN 8.3.RC1 or later versions (refer to the "[CANN '
        "Software Installation Guide](https://www.hiascend.com/document/detail/zh/canncommercial/"
        '83RC1/softwareinst/instg/instg_quick.html)" to install the CANN development kit package, '
        "as well as the supporting firmware and drivers)\n"
    )
    assert ("cann", ">=8.3.RC1", 1, True) in found(line)


def _guards(text: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref="setup.py", rel="setup.py", text=text)
    found = python_vocabulary(file, ast.parse(text))
    return [(r.subject, r.spec, r.source.line) for r in found if r.subject in ("arch", "os")]


def test_platform_guards_that_stop_the_build() -> None:
    # jtc1246/direct-mmap@58a749be setup.py:1-9
    text = """from setuptools import setup
import sys
import platform

if not sys.platform.startswith('linux'):
    raise Exception("This package can only be installed on Linux x86_64 systems.")

if platform.machine() != 'x86_64':
    raise Exception("This package can only be installed on Linux x86_64 systems.")
"""
    assert _guards(text) == [("os", "linux", 5), ("arch", "x86_64", 8)]


def test_a_platform_chain_whose_else_stops_is_any_of_its_values() -> None:
    # asg017/sqlite-ulid@c4efe8c7 python/setup.py:3-21: the chain passes on three systems;
    # the machine checks inside its branches hold on one system only, so they name no need.
    text = """import platform

system = platform.system()
machine = platform.machine()

print(system, machine)

if system == 'Darwin':
  if machine not in ['x86_64', 'arm64']:
    raise Exception("unsupported platform")
elif system == 'Linux':
  if machine not in ['x86_64']:
    raise Exception("unsupported platform")
elif system == 'Windows':
  pass
else:
  raise Exception("unsupported platform")
"""
    assert _guards(text) == [("os", "darwin,linux,windows", 8)]


def test_a_platform_chain_may_test_a_prefix() -> None:
    # deepseek-ai/DeepGEMM@54e22612 setup.py:76-80: only Linux passes, its name tested by
    # prefix (``linux2`` on old Pythons)
    text = """import sys
import platform

def get_platform():
    if sys.platform.startswith('linux'):
        return f'linux_{platform.uname().machine}'
    else:
        raise ValueError('Unsupported platform: {}'.format(sys.platform))
"""
    assert _guards(text) == [("os", "linux", 5)]
    # Dao-AILab/causal-conv1d@0d2252d1 setup.py:53-61, cut: every desktop OS mapped to its
    # wheel tag restricts nothing
    helper = """import sys

def get_platform():
    if sys.platform.startswith("linux"):
        return "linux_x86_64"
    elif sys.platform == "darwin":
        return "macosx_10_9_x86_64"
    elif sys.platform == "win32":
        return "win_amd64"
    else:
        raise ValueError("Unsupported platform: {}".format(sys.platform))
"""
    assert _guards(helper) == []


def test_a_platform_label_lists_architectures_any_of_which_will_do() -> None:
    # SGL python/deep_ep/README.md:28-32 and its Chinese twin :310-314
    english = "### Software and Hardware\n\nPlatform: aarch64/x86\n"
    chinese = "### 软硬件配套说明\n\n平台：aarch64/x86\n"
    for text in (english, chinese):
        assert ("arch", "aarch64,x86_64", 3, True) in found(text)
    # "architecture" in passing, naming no CPU architecture, is none (SGL
    # python/deep_ep/README.md:26)
    passing = (
        "DeepEP-Ascend uses a **strategy-based architecture** that allows flexible selection of "
        "communication implementations via environment variables, supporting various hardware "
        "topologies (A2, A3, A5) and communication backends (HCCS, RDMA, AlltoAll).\n"
    )
    assert [f for f in found(passing) if f[0] == "arch"] == []


def test_a_library_of_the_accelerator_stack_named_with_its_release() -> None:
    # deepseek-ai/DeepEP@dd758caf docs/nvshmem.md:17-18
    text = "## Prerequisites\n\nSoftware requirements:\n   - NVSHMEM v3.3.9 or later\n"
    assert ("nvshmem", ">=3.3.9", 4, True) in found(text)


def test_one_release_of_a_listed_set_is_a_repeat_of_the_list() -> None:
    # SGL python/deep_ep/README.md:30 lists CANN 8.5 and 9.0; :257 (under "#### A5") names 9.0
    listed = _requirement("cann", "==8.5.* || ==9.0.*", 30)
    again = _requirement("cann", "==9.0.*", 257)
    (merged,) = merge_repeats([listed, again], {})
    assert (merged.spec, merged.source.line) == ("==8.5.* || ==9.0.*", 30)
    assert [s.line for s in merged.also_at] == [257]


def test_one_release_prose_names_beside_a_floor_at_it_is_a_repeat_of_the_floor() -> None:
    # deepseek-ai/DeepEP@dd758caf docs/nvshmem.md:16-24: "v3.3.9 or later", then the binaries
    text = (
        "\nSoftware requirements:\n   - NVSHMEM v3.3.9 or later\n\n## Installation procedure\n"
        "\n### 1. Install NVSHMEM binaries\n\nNVSHMEM 3.3.9 binaries are available in several "
        "formats:\n"
    )
    file = SourceFile(ref="docs/nvshmem.md", rel="docs/nvshmem.md", text="\n" * 15 + text)
    stated = [r for r in extract_docs(file).requirements if r.subject == "nvshmem"]
    assert [(r.spec, r.source.line) for r in stated] == [(">=3.3.9", 18), ("==3.3.9", 24)]
    (merged,) = merge_repeats(stated, {"docs/nvshmem.md": 0})
    assert (merged.spec, [s.line for s in merged.also_at]) == (">=3.3.9", [24])


def test_one_release_a_list_names_stays_with_the_list_in_prose_too() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/release_notes.md:42 pairs CANN 9.0.0, 8.5.0, 8.3.RC1;
    # its row at :44 names 9.0.0 alone: a repeat of the list, not a floor's restatement
    listed = _requirement("cann", "==9.0.0 || ==8.5.0 || ==8.3.RC1", 42)
    again = _requirement("cann", "==9.0.0", 44)
    (merged,) = merge_repeats([listed, again], {"python/deep_ep/README.md": 0})
    assert (merged.source.line, [s.line for s in merged.also_at]) == (42, [44])


def test_a_manifest_pin_beside_a_floor_at_it_stays_a_pin() -> None:
    # Ascend/pyasc@cecba26a pyproject.toml:2 "pybind11==2.13.1"; python/src/CMakeLists.txt:12
    # find_package(pybind11 2.13.1 CONFIG REQUIRED ...): the pin is not read as the floor; the
    # floor admits it, so (issue 11, deliberately no longer two) the pin is their one need
    pin = SourceFile(ref="pyproject.toml", rel="pyproject.toml", text="")
    cmake = SourceFile(ref="python/src/CMakeLists.txt", rel="python/src/CMakeLists.txt", text="")
    stated = [
        pin.requirement("pypi:pybind11", "==2.13.1", 2, text="pybind11==2.13.1"),
        cmake.requirement("pypi:pybind11", ">=2.13.1", 12, text="find_package(pybind11 2.13.1)"),
    ]
    authority = {"pyproject.toml": 2, "python/src/CMakeLists.txt": 2}
    merged = merge_repeats(stated, authority)
    assert [(r.spec, r.source.ref, [s.ref for s in r.also_at]) for r in merged] == [
        ("==2.13.1", "pyproject.toml", ["python/src/CMakeLists.txt"])
    ]


def _requirement(subject: str, spec: str, line: int) -> Requirement:
    file = SourceFile(ref="python/deep_ep/README.md", rel="python/deep_ep/README.md", text="")
    return file.requirement(subject, spec, line, text=spec, hard=False)


def test_the_docs_folders_own_readme_is_development() -> None:
    # sgl-project/sgl-kernel-npu@f425bdf1 docs/README.md:1-3 ("We recommend new contributors
    # start from writing documentation"): its pre-commit install is not the repo's need
    scopes = Scopes(["README.md", "docs/README.md", "docs/install.md"], {})
    assert scopes.of("docs/README.md") == DEVELOPMENT
    assert scopes.of("docs/install.md") == REPO


def test_an_install_command_quoted_in_a_sentence_is_a_requirement_not_a_step() -> None:
    # SGL python/sgl_kernel_npu/README.md:11-15 (the CANN line shortened to its words)
    text = (
        "Supporting Software\n"
        "- Driver Ascend HDK 25.0.RC1.1, CANN 8.3.RC1 or later versions\n"
        "- Before installing CANN software, you need to install the relevant dependency list\n"
        "- Python >= 3.7\n"
        "- pybind11 (install via `pip install pybind11`)\n"
    )
    file = SourceFile(ref="README.md", rel="python/sgl_kernel_npu/README.md", text=text)
    extraction = extract_docs(file)
    assert ("pypi:pybind11", "", 5) in {
        (r.subject, r.spec, r.source.line) for r in extraction.requirements
    }
    assert extraction.steps == ()
    # Ascend/MindSpeed@028de58c README.md:93: the repo's own checkout is no requirement
    own = (
        "MindSpeed Core拉取源码后使用pip命令行安装`pip install -e MindSpeed`，具体请参考 "
        "[部署文档](./docs/zh/user-guide/install_guide.md) "
        "安装 MindSpeed Core 指定分支及其依赖软件。\n"
    )
    assert extract_docs(SourceFile(ref="README.md", rel="README.md", text=own)).requirements == ()


def test_install_sections_per_operating_system_name_the_supported_ones() -> None:
    # NVIDIA/apex@6424da3b README.md:7-28 and :84, headings and one line of each section
    text = (
        "# Installation\n\n## From Source\n\n### Linux\n\n"
        "For performance and full functionality, we recommend installing Apex with CUDA and C++ "
        "extensions using environment variables:\n\n"
        "### [Experimental] Windows\n\n"
        "`pip install -v --disable-pip-version-check --no-cache-dir --no-build-isolation .` may "
        "work if you were able to build Pytorch from source\n"
    )
    assert [f for f in found(text) if f[0] == "os"] == [
        ("os", "linux", 5, True),
        ("os", "windows", 9, False),
    ]


def test_nnal_is_named_among_the_cann_packages_to_install() -> None:
    # Ascend/MindSpeed@028de58c docs/zh/user-guide/install_guide.md:122-124 (link target cut)
    text = (
        "1. 安装CANN\n\n"
        "   安装配套版本的NPU驱动固件、CANN软件（Toolkit、ops和NNAL）并配置CANN环境变量，"
        "具体请参考《[CANN 软件安装](https://www.hiascend.com/document)》。\n"
    )
    assert ("nnal", "", 3, True) in found(text)


def test_one_wheel_for_one_architecture_is_an_example_not_the_only_arch() -> None:
    # Ascend/MindSpeed@028de58c docs/zh/user-guide/install_guide.md:140-144: the guide installs
    # the aarch64 wheels; x86_64 ones of the same releases exist. The pins stay hard.
    text = (
        "## 安装\n\n"
        "   ```shell\n"
        "   # 安装torch和torch_npu构建参考 https://gitcode.com/ascend/pytorch/releases\n"
        "   pip3 install torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl\n"
        "   pip3 install torch_npu-2.7.1post4-cp310-cp310-manylinux_2_28_aarch64.whl\n"
        "   ```\n"
    )
    got = found(text)
    # no arch at all (the x86_64 wheels are the same install); the OS is every sibling's
    assert ("torch", "==2.7.1", 5, True) in got
    assert [f for f in got if f[0] == "arch"] == []
    assert ("os", "linux", 5, False) in got


def test_mcore_in_a_version_table_is_megatron_core() -> None:
    # Ascend/MindSpeed@028de58c README.md:70-83
    text = """# 版本说明

---

当前版本推荐配套表如下：

| 软件               | 版本                       |
|------------------|--------------------------|
| MindSpeed Core分支 | master                   |
| Mcore版本          | 0.12.1                   |
| CANN版本           | 9.0.0                  |
| PyTorch          | 2.7.1             |
| TorchNPU版本      | 26.0.0                  |
| Python版本         | Python3.10.x |
"""
    got = found(text)
    assert ("pypi:megatron-core", "==0.12.1", 10, True) in got
    assert ("torch", "==2.7.1", 12, True) in got


# Ascend/MindSpeed@028de58c docs/zh/user-guide/install_guide.md:5-18
MINDSPEED_PRODUCTS = """## 硬件配套和支持的操作系统

**表 1**  产品硬件支持列表

|产品|是否支持（训练场景）|
|--|:-:|
|<term>Ascend 950 系列产品</term>|√|
|<term>Atlas A3 训练系列产品</term>|√|
|<term>Atlas A3 推理系列产品</term>|x|
|<term>Atlas A2 训练系列产品</term>|√|
|<term>Atlas A2 推理系列产品</term>|x|
|<term>Atlas 200I/500 A2 推理产品</term>|x|
|<term>Atlas 推理系列产品</term>|x|
|<term>Atlas 训练系列产品</term>|x|
"""


def test_product_series_names_are_chips_and_refused_rows_are_not_supported() -> None:
    rows = [line.split("|")[1] for line in MINDSPEED_PRODUCTS.splitlines()[6:]]
    assert [chips_in(row) for row in rows] == [
        ["950"], ["910_93"], ["910_93"], ["910B"], ["910B"], ["310B"], ["310P"], ["910"]
    ]  # fmt: skip
    assert [f for f in found(MINDSPEED_PRODUCTS) if f[0] == "chip"] == [
        ("chip", "950", 7, True),
        ("chip", "910_93", 8, True),
        ("chip", "910B", 10, True),
    ]


def test_a_version_cell_with_words_is_an_unversioned_statement_flagged(tmp_path: Path) -> None:
    # Ascend/torchair@fced8842 README.md:147-154 (the development row and the next; padding cut)
    (tmp_path / "README.md").write_text(
        "# 版本配套表\n\n"
        "本项目与PyTorch、torch_npu、CANN以及Python的版本匹配详情如下：\n\n"
        "| TorchAir版本 |  PyTorch版本      | torch_npu版本 | CANN版本  | Python版本 |\n"
        "|------------|-------------------------| ----------------- |---------|------|\n"
        "| master（主线） | 2.6.0 +                 | 在研版本 | 在研版本    | "
        "Python3.9.x / Python3.10.x / Python3.11.x / Python3.12.x |\n"
        "| 7.3.0      | 2.6.0 / 2.7.1 / 2.8.0   | 7.3.0   | 8.5.0   | "
        "Python3.9.x / Python3.10.x / Python3.11.x                |\n"
    )
    scanned = scan_repo(tmp_path, "torchair")
    flagged = {f.subject for f in scanned.findings if f.kind == "unversioned"}
    assert flagged == {"cann", "torch_npu"}
    needs = {(r.subject, r.spec) for r in scanned.component.requirements}
    assert ("torch", ">=2.6.0") in needs


# ShineiArakawa/Simple-Object-Viewer@ba8f2aa2 README.md:18-44 (the Clone step's code cut)
OBJECT_VIEWER = """## Tested Environments

- Ubuntu 22.04 with gcc 11.4.0 compiler
- Windows 10 with Microsoft Visual Studio Community 2019 (16.11.21)

## Clone and Build

2. Build
   Run following commands to build source files. The executable binaries will be copied to the `bin` directory.

   ### Windows
   Please use Visual Studio with CMake.

   ### Ubuntu
   ```bash
   # Build
   mkdir build && cd build
   cmake ..
   make
   ```
"""  # noqa: E501


def test_what_a_tested_environments_section_lists_is_soft() -> None:
    got = found(OBJECT_VIEWER)
    assert ("gcc", ">=11.4.0", 3, False) in got
    assert [f for f in got if f[0] == "os"] == [
        ("os", "windows", 11, True),
        ("os", "ubuntu", 14, True),
    ]


# NVIDIA/apex@6424da3b setup.py:173-191: an extension built only when its flag is given
APEX_FLAGGED = """if has_flag("--distributed_adam", "APEX_DISTRIBUTED_ADAM"):
    if "--distributed_adam" in sys.argv:
        sys.argv.remove("--distributed_adam")
    raise_if_cuda_home_none("--distributed_adam")
    ext_modules.append(
        CUDAExtension(
            name="distributed_adam_cuda",
            sources=[
                "apex/contrib/csrc/optimizers/multi_tensor_distopt_adam.cpp",
                "apex/contrib/csrc/optimizers/multi_tensor_distopt_adam_kernel.cu",
            ],
            include_dirs=[os.path.join(this_dir, "csrc")],
            extra_compile_args={
                "cxx": ["-O3"],
                "nvcc": ["-O3", "--use_fast_math"],
            },
        )
    )
"""


def test_what_an_optional_build_flag_branch_needs_is_soft() -> None:
    file = SourceFile(ref="setup.py", rel="setup.py", text=APEX_FLAGGED)
    cuda = [r for r in extract_setup_py(file).requirements if r.subject == "cuda"]
    assert [(r.source.line, r.hard) for r in cuda] == [(6, False)]
    # the same extension built unconditionally is the repo's need
    unflagged = "\n".join(line[4:] for line in APEX_FLAGGED.splitlines()[4:])
    file = SourceFile(ref="setup.py", rel="setup.py", text=unflagged)
    cuda = [r for r in extract_setup_py(file).requirements if r.subject == "cuda"]
    assert [(r.source.line, r.hard) for r in cuda] == [(2, True)]


def test_the_vendor_installers_a_guide_runs_are_needs() -> None:
    # Ascend/MindSpeed@028de58c docs/zh/user-guide/install_guide.md:44-52 (link target cut)
    text = (
        "## 安装前准备\n\n"
        "下载[固件与驱动](https://hiascend.com/hardware/firmware-drivers/community)，"
        "请根据系统和硬件产品型号选择对应版本的社区版本或商用版本的固件与驱动。\n"
        "参考如下命令安装：\n\n"
        "```shell\n"
        "chmod +x Ascend-hdk-<chip_type>-npu-driver_<version>_linux-<arch>.run\n"
        "chmod +x Ascend-hdk-<chip_type>-npu-firmware_<version>.run\n"
        "./Ascend-hdk-<chip_type>-npu-driver_<version>_linux-<arch>.run --full --force\n"
        "./Ascend-hdk-<chip_type>-npu-firmware_<version>.run --full\n"
        "```\n"
    )
    got = [f for f in found(text) if f[0] in ("ascend_driver", "ascend_firmware")]
    # the placeholders name no version; chmod is not running the installer
    assert ("ascend_driver", "", 9, True) in got
    assert ("ascend_firmware", "", 10, True) in got
    assert [f for f in got if f[2] in (7, 8)] == []
    # NVIDIA's runfile instructions for CUDA 12.4.0 (developer.nvidia.com/cuda-12-4-0-download-
    # archive, target_type=runfile_local), as READMEs copy them: downloading is not installing
    text = (
        "```bash\n"
        "wget https://developer.download.nvidia.com/compute/cuda/12.4.0/local_installers/"
        "cuda_12.4.0_550.54.14_linux.run\n"
        "sudo sh cuda_12.4.0_550.54.14_linux.run\n"
        "```\n"
    )
    assert [f for f in found(text) if f[0] == "cuda"] == [("cuda", "==12.4.0", 3, True)]
