"""The needs a bring-up has besides versions, as real repos state them (issue 11's
vocabulary): OS packages installed by a dependency script or guide, the environment a guide
has the user set up, a variable a build script or CMake file stops or falls back without,
downloads while building (a guide's words, a fetch's URL line, submodules not checked out).
Each case keeps only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.pyguards import python_vocabulary
from bringup.scan.repo import scan_repo
from bringup.scan.requirements_txt import extract_requirements_txt
from bringup.scan.shell import extract_shell
from bringup.scan.walk import walk_repo

_VOCABULARY = ("submodule", "env_var", "system_package", "network")


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def _needs(requirements: Sequence[Requirement]) -> list[tuple[str, str, int | None, bool]]:
    return [
        (r.subject, r.spec, r.source.line, r.hard) for r in requirements if r.subject in _VOCABULARY
    ]


# kvcache-ai/Mooncake @ 3b5a5941, dependencies.sh:152-156 and 183-186 (the list's middle left out).
MOONCAKE_DEPENDENCIES = """if [ "$OS" = "ubuntu" ] || [ "$OS" = "debian" ]; then
    SYSTEM_PACKAGES="build-essential \\
                     cmake \\
                     ninja-build \\
                     git \\
                     libc6-dev \\
                     libc-bin"

    apt-get install -y $SYSTEM_PACKAGES
"""


def test_a_dependency_script_installs_system_packages_from_its_variable() -> None:
    found = _needs(extract_shell(_file("dependencies.sh", MOONCAKE_DEPENDENCIES)).requirements)
    assert found == [
        ("system_package", "build-essential cmake ninja-build git libc6-dev libc-bin", 9, True)
    ]


def test_an_option_with_its_value_before_the_subcommand_is_no_package() -> None:
    """apt-get(8): ``-o`` sets a configuration option and may come before the command."""
    script = "apt-get -o Acquire::Retries=3 -o Dpkg::Options::=--force-confold install -y gcc\n"
    found = _needs(extract_shell(_file("dependencies.sh", script)).requirements)
    assert found == [("system_package", "gcc", 1, True)]


# hicann/hixl @ 9ed283b2, docs/en/build.md:135-140 (under "Environment Preparation").
HIXL_BUILD_GUIDE = """## Environment Preparation

- Install the dependencies:

  ```shell
  # Run the following commands for Ubuntu/Debian. Use proper commands for other OS.
  sudo apt-get install cmake bash ccache
  ```
"""


def test_a_guides_apt_get_line_is_a_system_package_need() -> None:
    found = _needs(extract_docs(_file("docs/en/build.md", HIXL_BUILD_GUIDE)).requirements)
    assert found == [("system_package", "cmake bash ccache", 7, True)]


# hicann/ascend-transformer-boost @ ddcc8b62, scripts/oat_check.sh:114 (a license checker:
# not a dependency script) and sgl-project/sgl-kernel-npu @ f425bdf1,
# scripts/npu_ci_install_dependency.sh:47 (prepares the CI runner).
ATB_OAT = "apt-get install -y openjdk-21-jre 2>&1\n"
SGL_CI = "apt install -y locales ca-certificates build-essential cmake ccache\n"


def test_a_test_lint_or_ci_scripts_installs_are_its_own() -> None:
    assert _needs(extract_shell(_file("scripts/oat_check.sh", ATB_OAT)).requirements) == []
    ci = _file("scripts/npu_ci_install_dependency.sh", SGL_CI)
    assert _needs(extract_shell(ci).requirements) == []


def test_words_that_only_contain_a_test_or_doc_marker_name_no_test_script() -> None:
    for name in ("install_latest.sh", "build_docker.sh", "docker_install.sh"):
        found = _needs(extract_shell(_file(name, SGL_CI)).requirements)
        assert found == [
            ("system_package", "locales ca-certificates build-essential cmake ccache", 1, True)
        ], name


# hicann/ascend-transformer-boost @ ddcc8b62, scripts/build.sh:531-534.
ATB_BUILD_CHECK = """    if [ "${ASCEND_HOME_PATH}" == "" ]; then
        echo "error: build failed because ASCEND_HOME_PATH is null, please source cann set_env.sh first."
        exit 1
    fi
"""  # noqa: E501
# hicann/ascend-transformer-boost @ ddcc8b62, scripts/build.sh:277-279.
ATB_DEFAULT = """    if [ -z $ATB_BUILD_DEPENDENCY_PATH ]; then
        ATB_BUILD_DEPENDENCY_PATH=/usr/local/Ascend/nnal/atb/latest/atb/$(fn_get_cxx_abi_string)
    fi
"""


def test_an_empty_comparison_that_exits_requires_the_variable() -> None:
    found = _needs(extract_shell(_file("scripts/build.sh", ATB_BUILD_CHECK)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


def test_a_variable_defaulted_to_an_install_path_is_a_soft_need() -> None:
    found = _needs(extract_shell(_file("scripts/build.sh", ATB_DEFAULT)).requirements)
    assert found == [("env_var", "ATB_BUILD_DEPENDENCY_PATH", 1, False)]


# Ascend/MindIE-SD @ 30661895, build/build_ops.sh:19-31 (middle branch left out).
MINDIE_BUILD_OPS = """if [ -n "${ASCEND_TOOLKIT_HOME}" ]; then
    local_toolkit=${ASCEND_TOOLKIT_HOME}
    echo "Using ASCEND_TOOLKIT_HOME: ${local_toolkit}"
elif [ -d "/usr/local/Ascend/ascend-toolkit/latest" ]; then
    local_toolkit=/usr/local/Ascend/ascend-toolkit/latest
    echo "Using default toolkit path: ${local_toolkit}"
else
    echo "Can not find toolkit path, please set ASCEND_TOOLKIT_HOME"
    echo "eg: export ASCEND_TOOLKIT_HOME=/usr/local/Ascend/ascend-toolkit/latest"
    exit 1
fi
"""


def test_a_stopping_message_asking_to_set_a_variable_requires_it() -> None:
    found = _needs(extract_shell(_file("build/build_ops.sh", MINDIE_BUILD_OPS)).requirements)
    assert found == [("env_var", "ASCEND_TOOLKIT_HOME", 8, True)]


# Ascend/AscendNPU-IR @ 52f96a13, build-tools/build.sh:48-51 and 498-503.
ASCENDNPU_IR_CHECKS = """if [ -z "${BASH_VERSINFO:-}" ]; then
    echo "Bash not found " >&2
    exit 1
fi
check_dependencies() {
    echo "Checking dependencies..."

    if ! command -v cmake >/dev/null 2>&1; then
        echo "CMake not found. Please install CMake >= 3.28"
        exit 1
"""


def test_the_shells_own_variable_is_no_need_and_cmake_is_its_own_subject() -> None:
    extraction = extract_shell(_file("build-tools/build.sh", ASCENDNPU_IR_CHECKS))
    assert _needs(extraction.requirements) == []
    assert sorted((r.subject, r.spec, r.source.line) for r in extraction.requirements) == [
        ("cmake", "", 8),
        ("cmake", ">=3.28", 9),
    ]


# hicann/hixl @ 9ed283b2, cmake/variables.cmake:26-36.
HIXL_VARIABLES = """    if (DEFINED ENV{ASCEND_HOME_PATH})
        set(ASCEND_INSTALL_PATH $ENV{ASCEND_HOME_PATH})
    else()
        if (EXISTS ${ASCEND_DEFAULT_PATH}/ascend-toolkit/latest)
            set(ASCEND_INSTALL_PATH ${ASCEND_DEFAULT_PATH}/ascend-toolkit/latest)
        elseif (EXISTS ${ASCEND_DEFAULT_PATH}/latest)
            set(ASCEND_INSTALL_PATH ${ASCEND_DEFAULT_PATH}/latest)
        else()
            message(FATAL_ERROR "Please set ASCEND_INSTALL_PATH or env:ASCEND_HOME_PATH")
        endif()
    endif()
"""
# Ascend/MindIE-SD @ 30661895, csrc/CMakeLists.txt:32 and 58-62.
MINDIE_CSRC = """link_directories($ENV{ASCEND_HOME_PATH}/lib64)
if(DEFINED ENV{USER_ABI_VERSION})
    string(STRIP "$ENV{USER_ABI_VERSION}" ABI)
    if(NOT (ABI STREQUAL "0" OR ABI STREQUAL "1"))
        message(FATAL_ERROR "The value of USER_ABI_VERSION must be 0 or 1, but current value is '${ABI}'")
    endif()
endif()
"""  # noqa: E501


def test_cmake_stop_in_the_else_of_an_environment_test_requires_the_variable() -> None:
    found = _needs(extract_cmake(_file("cmake/variables.cmake", HIXL_VARIABLES)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


def test_cmake_toolkit_home_read_as_a_path_is_needed_a_validated_option_is_not() -> None:
    found = _needs(extract_cmake(_file("csrc/CMakeLists.txt", MINDIE_CSRC)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


# kvcache-ai/Mooncake @ 3b5a5941, mooncake-common/FindGTest.cmake:19-24, and hicann/hixl @
# 9ed283b2, cmake/fetch_cann_cmake.cmake:18-30 (a tarball beside the sources, else a clone).
MOONCAKE_GTEST = """set(GOOGLETEST_VERSION 1.17.0)
FetchContent_Declare(
  googletest
  URL https://github.com/google/googletest/archive/refs/tags/v${GOOGLETEST_VERSION}.tar.gz
  URL_HASH
    SHA256=65fab701d9829d38cb77c14acdc431d2108bfdbf8979e40eb8ae567edf10b27c)
"""
HIXL_FETCH = """        if(CANN_3RD_LIB_PATH AND EXISTS "${CANN_3RD_LIB_PATH}/cmake-${CANN_CMAKE_TAG}.tar.gz")
            FetchContent_Declare(
                cann-cmake
                URL "${CANN_3RD_LIB_PATH}/cmake-${CANN_CMAKE_TAG}.tar.gz"
                URL_HASH SHA256=2d8827b33327978c7b49d09e3b1cfbd891b41b7b5123c290d41534d29a625056
            )
        else()
            FetchContent_Declare(
                cann-cmake
                GIT_REPOSITORY https://gitcode.com/cann/cmake.git
                GIT_TAG        ${CANN_CMAKE_TAG}
                GIT_SHALLOW    TRUE
            )
"""  # noqa: E501


def test_a_fetch_is_cited_at_its_url_and_a_local_tarball_is_no_download() -> None:
    gtest = _needs(extract_cmake(_file("FindGTest.cmake", MOONCAKE_GTEST)).requirements)
    assert [(s, line) for s, _, line, _ in gtest] == [("network", 4)]
    hixl = _needs(extract_cmake(_file("cmake/fetch_cann_cmake.cmake", HIXL_FETCH)).requirements)
    assert hixl == [("network", "https://gitcode.com/cann/cmake.git", 10, True)]


# Ascend/AscendNPU-IR @ 52f96a13, docs/source/en/introduction/quick_start/installing_guide.md:
# 24 (heading) and 55-61.
ASCENDNPU_IR_GUIDE = """#### Installing the CANN Package

3. Set environment variables.

   ```bash
   # If the version is earlier than 8.5.0, the path is ${PATH-TO-CANN}/ascend-toolkit/set_env.sh.
   source ${PATH-TO-CANN}/cann/set_env.sh
   ```

#### Manual Build (Advanced)

```bash
export LLVM_SOURCE_DIR="$(realpath ../third-party/llvm-project)"
```
"""


def test_sourcing_the_toolkits_script_in_a_guide_needs_its_home_variable() -> None:
    docs = extract_docs(_file("docs/installing_guide.md", ASCENDNPU_IR_GUIDE))
    assert _needs(docs.requirements) == [("env_var", "ASCEND_HOME_PATH", 7, True)]


# Ascend/memfabric_hybrid @ 7171ad35, doc/installation.md:52-56 and 135-139.
MEMFABRIC_GUIDE = """## 环境准备

请在环境上提前安装NPU固件驱动和CANN包

安装完成后需要配置CANN环境变量

whl包安装完成后，需要设置LD_LIBRARY_PATH环境变量
```bash
# 此处以python3.11为例
export LD_LIBRARY_PATH=/usr/local/lib/python3.11/site-packages/memfabric_hybrid/lib/:$LD_LIBRARY_PATH
```
"""  # noqa: E501
# Ascend/MindIE-SD @ 30661895, SECURITY.md:135 (heading) and 160-166: a hardening note.
MINDIE_SECURITY = """### B-集合通信加固

    3. 导出环境变量

        ```shell
        export OPENSSL_ROOT_DIR=/usr/local/openssl-1.1
        ```
"""


def test_a_guides_words_and_exports_set_up_the_environment_a_security_note_does_not() -> None:
    docs = extract_docs(_file("doc/installation.md", MEMFABRIC_GUIDE))
    assert _needs(docs.requirements) == [
        ("env_var", "ASCEND_HOME_PATH", 5, True),
        ("env_var", "LD_LIBRARY_PATH", 10, True),
    ]
    security = extract_docs(_file("SECURITY.md", MINDIE_SECURITY))
    assert _needs(security.requirements) == []


# kvcache-ai/Mooncake @ 3b5a5941, docs/source/getting_started/build.md:12-20.
MOONCAKE_BUILD_GUIDE = """### Default Build

Install common build dependencies first. A stable Internet connection is
required because the script installs system packages, initializes submodules,
installs Go, and builds/installs yalantinglibs.

```bash
sudo bash dependencies.sh
```
"""


def test_a_guide_saying_the_build_needs_the_internet_is_a_network_need() -> None:
    docs = extract_docs(_file("docs/build.md", MOONCAKE_BUILD_GUIDE))
    assert [(s, line) for s, _, line, _ in _needs(docs.requirements)] == [("network", 3)]


# Ascend/AscendNPU-IR @ 52f96a13, .gitmodules:1-3 and
# docs/source/en/introduction/quick_start/installing_guide.md:32-37 (as README.md here).
ASCENDNPU_IR_GITMODULES = """[submodule "third-party/llvm-project"]
\tpath = third-party/llvm-project
\turl = https://gitcode.com/Ascend/llvm-project.git
"""
ASCENDNPU_IR_SUBMODULES = """## Installation

2. Initialize and update submodules.

   ```bash
   # Recursively pull all submodules.
   git submodule update --init --recursive
   ```
"""


def _network(root: Path) -> list[tuple[str, int | None]]:
    """Where the scan's downloads are stated (one need: the first place, then the others)."""
    component = scan_repo(root, "repo").component
    return [
        (s.ref or "", s.line)
        for r in component.requirements
        if r.subject == "network"
        for s in (r.source, *r.also_at)
    ]


def test_submodules_not_checked_out_need_the_network_checked_out_ones_do_not(
    tmp_path: Path,
) -> None:
    (tmp_path / ".gitmodules").write_text(ASCENDNPU_IR_GITMODULES, encoding="utf-8")
    (tmp_path / "README.md").write_text(ASCENDNPU_IR_SUBMODULES, encoding="utf-8")
    (tmp_path / "third-party" / "llvm-project").mkdir(parents=True)
    assert _network(tmp_path) == [("repo/README.md", 7), ("repo/.gitmodules", 3)]
    (tmp_path / "third-party" / "llvm-project" / "CMakeLists.txt").write_text("", "utf-8")
    assert _network(tmp_path) == []


def test_a_top_level_build_directory_of_scripts_is_walked_a_build_output_is_not(
    tmp_path: Path,
) -> None:
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "build_ops.sh").write_text(MINDIE_BUILD_OPS, encoding="utf-8")
    assert [f.rel for f in walk_repo(tmp_path)[0]] == ["build/build_ops.sh"]
    (tmp_path / "build" / "CMakeCache.txt").write_text("", encoding="utf-8")
    assert walk_repo(tmp_path)[0] == []


# cann/torchtitan-npu @ e0aecaf0, requirements.txt:1-8.
TORCHTITAN_REQUIREMENTS = """--extra-index-url https://download.pytorch.org/whl/cpu
torch==2.12.0+cpu
torch_npu==2.12.0rc1
numpy
PyYAML
torchtitan @ git+https://gitcode.com/GitHub_Trending/to/torchtitan.git@ac13e536c84e7f6647b14fa9375c3c8a8a2b8578
pybind11
--extra-index-url https://triton-ascend.osinfra.cn/pypi/simple
"""


def test_a_requirements_files_own_index_and_repository_urls_are_downloads() -> None:
    extraction = extract_requirements_txt(_file("requirements.txt", TORCHTITAN_REQUIREMENTS))
    assert [(s, line) for s, _, line, _ in _needs(extraction.requirements)] == [
        ("network", 1),
        ("network", 6),
        ("network", 8),
    ]


# Ascend/MindSpeed-MM @ 57069cd5, scripts/install_cann.sh:41-42.
MINDSPEED_MM_INSTALL = """    sudo apt-get update
    sudo apt-get install -y gcc python3 python3-pip linux-headers-$(uname -r)
"""
# Ascend/DeepGEMM_Ascend @ 958e1766, download.sh:14-16.
DEEPGEMM_DOWNLOAD = """echo "get fmt from git."
cd "${THIRD_DIR}"
git clone https://github.com/fmtlib/fmt.git
"""


def test_a_command_substitution_is_no_package_and_a_download_script_downloads() -> None:
    install = extract_shell(_file("scripts/install_cann.sh", MINDSPEED_MM_INSTALL))
    assert _needs(install.requirements) == [("system_package", "gcc python3 python3-pip", 2, True)]
    download = extract_shell(_file("download.sh", DEEPGEMM_DOWNLOAD)).requirements
    assert _needs(download) == [
        ("network", "https://github.com/fmtlib/fmt.git", 3, True),
        ("system_package", "git", 3, True),  # the clone runs git (scan.runtools)
    ]


# Ascend/AscendNPU-IR @ 52f96a13, build-tools/apply_patches.sh:78-80.
ASCENDNPU_IR_RESET = """    cd "$THIRD_PARTY_FOLDER/$folder_name" || exit 1
    git reset --hard HEAD
    git clean -df
"""
# omni-ai-npu/omni-infer @ c8bc2bbb, build/build.sh:52-53.
OMNI_INFER_APPLY = """    cd vllm
    git apply $BUILD_ROOT/tests/reduce_the_num_of_hidden_layers_of_deepseek_v3_w8a8.patch
"""
# NVIDIA/TransformerEngine @ d0067d0d, build_tools/wheel_utils/build_wheels.sh:20-22.
TE_CHECKOUT = """git config --global --add safe.directory /TransformerEngine
cd /TransformerEngine
git checkout $TARGET_BRANCH
"""


def test_git_run_on_the_checkout_itself_needs_no_git_of_its_own() -> None:
    # resetting, applying a patch to or checking out the tree cloned runs where git is (the
    # blind truths of these three repos name no git); a clone of another repo still does
    for rel, text in (
        ("build-tools/apply_patches.sh", ASCENDNPU_IR_RESET),
        ("build/build.sh", OMNI_INFER_APPLY),
        ("build_tools/wheel_utils/build_wheels.sh", TE_CHECKOUT),
    ):
        found = extract_shell(_file(rel, text)).requirements
        assert [r for r in found if r.subject == "system_package"] == [], rel


# deepseek-ai/FlashMLA @ 9241ae3e, setup.py:16-17, 37-39 and 52 (indentation of the function
# body kept, the function header added so that the lines parse).
FLASHMLA_SETUP = """def is_flag_set(flag: str) -> bool:
    return os.getenv(flag, "FALSE").lower() in ["true", "1", "y", "yes"]

def get_arch_flags():
    DISABLE_SM100 = is_flag_set("FLASH_MLA_DISABLE_SM100")
    if major < 12 or (major == 12 and minor <= 8):
        assert DISABLE_SM100, "sm100 compilation for Flash MLA requires NVCC 12.9 or higher. Please set FLASH_MLA_DISABLE_SM100=1 to disable sm100 compilation, or update your environment."    # TODO Implement this

subprocess.run(["git", "submodule", "update", "--init", "csrc/cutlass"])
"""  # noqa: E501
# NVIDIA/TransformerEngine @ d0067d0d, setup.py:65-69.
TE_SETUP = """if bool(int(os.getenv("NVTE_UB_WITH_MPI", "0"))):
    assert (
        os.getenv("MPI_HOME") is not None
    ), "MPI_HOME must be set when compiling with NVTE_UB_WITH_MPI=1"
    cmake_flags.append("-DNVTE_UB_WITH_MPI=ON")
"""


def _setup_py(text: str) -> list[tuple[str, str, int | None, str]]:
    found = python_vocabulary(_file("setup.py", text), ast.parse(text))
    return [(r.subject, r.spec, r.source.line, r.feature) for r in found]


def test_a_setup_py_stop_asking_to_set_a_variable_it_reads_requires_it() -> None:
    assert _setup_py(FLASHMLA_SETUP) == [
        ("env_var", "FLASH_MLA_DISABLE_SM100", 7, ""),
        ("network", "git submodule update", 9, ""),
    ]


def test_what_a_setup_py_asks_for_under_a_feature_switch_is_that_features() -> None:
    assert _setup_py(TE_SETUP) == [("env_var", "MPI_HOME", 2, "env:NVTE_UB_WITH_MPI")]


# Ascend/MindSpeed-LLM @ c77308a1,
# docs/zh/pytorch/training/fsdp2_quick_start.md:129 (the heading is the test's).
MINDSPEED_LLM_FSDP2 = """## 环境准备

```shell
    source examples/fsdp2/env_config.sh                 # 加载 NPU 环境变量配置
```
"""


def test_an_examples_own_environment_script_is_no_need() -> None:
    docs = extract_docs(_file("docs/quick_start.md", MINDSPEED_LLM_FSDP2))
    assert _needs(docs.requirements) == []
