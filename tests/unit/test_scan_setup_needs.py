"""The needs a bring-up has besides versions, as real repos state them (issue 11's
vocabulary): OS packages installed by a dependency script or guide, the environment a guide
has the user set up, a variable a build script or CMake file stops or falls back without.
Downloads are test_scan_network_needs', a setup script's guards test_scan_setup_py_needs'.
Each case keeps only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.shell import extract_shell
from bringup.scan.walk import walk_repo
from scan_needs import needs, source_file

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
    found = needs(extract_shell(source_file("dependencies.sh", MOONCAKE_DEPENDENCIES)).requirements)
    # build-essential, cmake and ninja-build are the gcc, cmake and ninja tools: no system
    # packages (their subjects are read where the repo states them)
    # packages (their subjects are read where the repo states them); git neither, a need only
    # where the build itself runs it (the truth briefs' convention)
    assert found == [("system_package", "libc6-dev libc-bin", 9, True)]


def test_an_option_with_its_value_before_the_subcommand_is_no_package() -> None:
    """apt-get(8): ``-o`` sets a configuration option and may come before the command."""
    script = (
        "apt-get -o Acquire::Retries=3 -o Dpkg::Options::=--force-confold install -y libnuma-dev\n"
    )
    found = needs(extract_shell(source_file("dependencies.sh", script)).requirements)
    assert found == [("system_package", "libnuma-dev", 1, True)]


# hicann/hixl @ 9ed283b2, docs/en/build.md:135-140 (under "Environment Preparation").
HIXL_BUILD_GUIDE = """## Environment Preparation

- Install the dependencies:

  ```shell
  # Run the following commands for Ubuntu/Debian. Use proper commands for other OS.
  sudo apt-get install cmake bash ccache
  ```
"""


def test_a_guides_apt_get_line_is_a_system_package_need() -> None:
    found = needs(extract_docs(source_file("docs/en/build.md", HIXL_BUILD_GUIDE)).requirements)
    # cmake: a subject of its own; ccache only speeds the build up: soft (the truth briefs)
    assert found == [("system_package", "bash", 7, True), ("system_package", "ccache", 7, False)]


# hicann/ascend-transformer-boost @ ddcc8b62, scripts/oat_check.sh:114 (a license checker:
# not a dependency script) and sgl-project/sgl-kernel-npu @ f425bdf1,
# scripts/npu_ci_install_dependency.sh:47 (prepares the CI runner).
ATB_OAT = "apt-get install -y openjdk-21-jre 2>&1\n"
SGL_CI = "apt install -y locales ca-certificates build-essential cmake ccache\n"


def test_a_test_lint_or_ci_scripts_installs_are_its_own() -> None:
    assert needs(extract_shell(source_file("scripts/oat_check.sh", ATB_OAT)).requirements) == []
    ci = source_file("scripts/npu_ci_install_dependency.sh", SGL_CI)
    assert needs(extract_shell(ci).requirements) == []


def test_words_that_only_contain_a_test_or_doc_marker_name_no_test_script() -> None:
    for name in ("install_latest.sh", "build_docker.sh", "docker_install.sh"):
        found = needs(extract_shell(source_file(name, SGL_CI)).requirements)
        assert found == [
            ("system_package", "locales ca-certificates", 1, True),
            ("system_package", "ccache", 1, False),
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
    found = needs(extract_shell(source_file("scripts/build.sh", ATB_BUILD_CHECK)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


# hicann/graph-autofusion @ 423ae264, scripts/package/latest_manager/scripts/manager_func.sh:
# 332-335: a function sets "packages" by name for its caller.
AUTOFUSION_PACKAGES = """    get_installed_packages_by_version_version_dir "packages" "$install_path/$LATEST_DIR" "$version" "$version_dir"
    if [ "$packages" = "" ]; then
        return 1
    fi
"""  # noqa: E501


def test_an_empty_test_of_a_lower_case_variable_is_the_scripts_own() -> None:
    rel = "scripts/package/latest_manager/scripts/manager_func.sh"
    assert needs(extract_shell(source_file(rel, AUTOFUSION_PACKAGES)).requirements) == []


def test_a_variable_defaulted_to_an_install_path_is_a_soft_need() -> None:
    found = needs(extract_shell(source_file("scripts/build.sh", ATB_DEFAULT)).requirements)
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
    # the chain tests whether the variable is set and its ``else`` stops: cited at the test,
    # and at the message asking for it and the exit
    requirements = extract_shell(source_file("build/build_ops.sh", MINDIE_BUILD_OPS)).requirements
    assert needs(requirements) == [("env_var", "ASCEND_TOOLKIT_HOME", 1, True)]
    assert [s.line for s in requirements[0].also_at] == [8, 9, 10]


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
    extraction = extract_shell(source_file("build-tools/build.sh", ASCENDNPU_IR_CHECKS))
    assert needs(extraction.requirements) == []
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
# Ascend/MindIE-SD @ 30661895, csrc/CMakeLists.txt:1, 3, 32 and 58-62 (built alone: its
# minimum and project).
MINDIE_CSRC = """cmake_minimum_required(VERSION 3.10)
project(PTAExtensionOPS)
link_directories($ENV{ASCEND_HOME_PATH}/lib64)
if(DEFINED ENV{USER_ABI_VERSION})
    string(STRIP "$ENV{USER_ABI_VERSION}" ABI)
    if(NOT (ABI STREQUAL "0" OR ABI STREQUAL "1"))
        message(FATAL_ERROR "The value of USER_ABI_VERSION must be 0 or 1, but current value is '${ABI}'")
    endif()
endif()
"""  # noqa: E501


def test_cmake_stop_in_the_else_of_an_environment_test_requires_the_variable() -> None:
    found = needs(extract_cmake(source_file("cmake/variables.cmake", HIXL_VARIABLES)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


def test_cmake_toolkit_home_read_as_a_path_is_needed_a_validated_option_is_not() -> None:
    found = needs(extract_cmake(source_file("csrc/CMakeLists.txt", MINDIE_CSRC)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 3, True)]


# Ascend/MindIE-LLM @ 8b4871ad, mindie_llm/text_generator/cpp/sampler/cpu_logits_handler/
# CMakeLists.txt:16-18, a component the root adds: no project of its own.
MINDIE_LLM_COMPONENT = """target_link_directories(cpu_logits_handler
        PUBLIC
        $ENV{ASCEND_HOME_PATH}/runtime/lib64/stub
"""
# hicann/opbase @ aa3cd74b, cmake/package.cmake:142, a module the root includes to package.
OPBASE_PACKAGE = """get_filename_component(COMPILER_PATH $ENV{ASCEND_HOME_PATH}/compiler REALPATH)
"""


# Ascend/MindIE-LLM @ 8b4871ad, CMakeLists.txt:1-2, 87, 105 and 119: the root reads the home
# as a path before a later condition tests it (to add the CANN-only modules).
MINDIE_LLM_ROOT = """cmake_minimum_required(VERSION 3.19.0)
project("MindIE-LLM")
include_directories(SYSTEM
    $ENV{ASCEND_HOME_PATH}/include
)
if(DEFINED ENV{ASCEND_HOME_PATH})
"""


def test_a_toolkit_home_read_as_a_path_before_a_condition_tests_it_is_needed() -> None:
    found = extract_cmake(source_file("CMakeLists.txt", MINDIE_LLM_ROOT)).requirements
    assert needs(found) == [("env_var", "ASCEND_HOME_PATH", 3, True)]


def test_a_toolkit_home_read_by_a_component_or_module_is_no_need_of_its_own() -> None:
    rel = "mindie_llm/text_generator/cpp/sampler/cpu_logits_handler/CMakeLists.txt"
    assert needs(extract_cmake(source_file(rel, MINDIE_LLM_COMPONENT)).requirements) == []
    package = extract_cmake(source_file("cmake/package.cmake", OPBASE_PACKAGE))
    assert needs(package.requirements) == []


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


def test_sourcing_the_toolkits_script_in_a_guide_is_the_toolkits_need() -> None:
    # the relabelled truths' convention: ``source .../set_env.sh`` is part of the cann need
    docs = extract_docs(source_file("docs/installing_guide.md", ASCENDNPU_IR_GUIDE))
    assert needs(docs.requirements) == []
    assert [(r.subject, r.source.line) for r in docs.requirements] == [("cann", 7)]


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
    docs = extract_docs(source_file("doc/installation.md", MEMFABRIC_GUIDE))
    assert needs(docs.requirements) == [("env_var", "LD_LIBRARY_PATH", 10, True)]
    # "configure CANN's environment variables": the CANN need, no variable of its own
    assert ("cann", 5) in [(r.subject, r.source.line) for r in docs.requirements]
    security = extract_docs(source_file("SECURITY.md", MINDIE_SECURITY))
    assert needs(security.requirements) == []


def test_a_top_level_build_directory_of_scripts_is_walked_a_build_output_is_not(
    tmp_path: Path,
) -> None:
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "build_ops.sh").write_text(MINDIE_BUILD_OPS, encoding="utf-8")
    assert [f.rel for f in walk_repo(tmp_path)[0]] == ["build/build_ops.sh"]
    (tmp_path / "build" / "CMakeCache.txt").write_text("", encoding="utf-8")
    assert walk_repo(tmp_path)[0] == []


# hicann/opbase @ aa3cd74b, docs/QUICKSTART.md:163 (heading, shortened) and 167-170.
OPBASE_UT_RUN = """# 快速入门

#### 单独运行已编译的UT测试

```bash
# 设置环境变量
source ${ASCEND_HOME_PATH}/bin/setenv.bash
export LD_LIBRARY_PATH=build/:$LD_LIBRARY_PATH
```
"""


def test_an_export_relative_to_the_checkout_is_the_repos_own_output_no_need() -> None:
    docs = extract_docs(source_file("docs/QUICKSTART.md", OPBASE_UT_RUN))
    assert [r for r in docs.requirements if r.subject == "env_var"] == []


# hicann/ops-nn @ e5c3fa93, build.sh:550-555 and 864-865: an option's value, set below the test.
OPS_NN_OPTION_TEST = """  if [ -n "$KERNEL_TEMPLATE_INPUT" ]; then
    if [[ -z "${COMPILED_OPS}" || "$COMPILED_OPS" == *","* ]]; then
      echo "[ERROR] --kernel_template_input must be used with --ops= and can only specify a single operator"
      exit 1
    fi
  fi
        ops=*)
          COMPILED_OPS=${OPTARG#*=}
"""  # noqa: E501


def test_a_stop_testing_a_variable_the_option_parsing_sets_is_no_environment_need() -> None:
    extraction = extract_shell(source_file("build.sh", OPS_NN_OPTION_TEST))
    assert needs(extraction.requirements) == []
    # the one-line case arms of the same script (build.sh:851, 882) and the long-option forms
    # (constructed by review)
    for arm in (
        "    j) THREAD_NUM=$OPTARG ;;",
        '        cann_3rd_lib_path=*) CANN_3RD_LIB_PATH="$(realpath ${OPTARG#*=})" ;;',
        '    --ops=*) THREAD_NUM="${1#*=}" ;;',
        '    -p) THREAD_NUM="$2"; shift ;;',
    ):
        variable = "CANN_3RD_LIB_PATH" if "CANN_3RD" in arm else "THREAD_NUM"
        text = f'if [ -z "${{{variable}}}" ]; then\n  echo "set it"\n  exit 1\nfi\n{arm}\n'
        assert needs(extract_shell(source_file("build.sh", text)).requirements) == [], arm


# rapidsai/rmm @ 5d50a37b, README.md:49 and 145-147; NVIDIA/gdrcopy @ fcec3ce0, README.md:44,
# 88 and 101-104; hicann/shmem @ 643bfb73, docs/quickstart.md:104.
RMM_CACHE = """## Building from Source

If you frequently start new builds from scratch, consider setting the environment variable
`CPM_SOURCE_CACHE` to an external download directory to avoid repeated downloads of the third-party
dependencies.
"""
GDRCOPY_DMABUF = """## Requirements

### DMA-BUF mmap backend

On `gdr_open()`, GDRCopy tries `gdrdrv` first. If `gdrdrv` is not installed or
fails to open, it falls back to the dma-buf mmap backend (provided the driver supports). To force the dma-buf
backend even when `gdrdrv` is available, set environment variable `GDRCOPY_USE_DMABUF_MMAP=1` before
calling `gdr_open()`. To check at runtime which backend is active:
"""  # noqa: E501
SHMEM_CANN = """配置 CANN 环境变量（默认安装路径）：
"""


def test_a_guides_sentence_naming_a_variable_to_set_is_a_soft_need() -> None:
    found = extract_docs(source_file("README.md", RMM_CACHE)).requirements
    assert needs(found) == [("env_var", "CPM_SOURCE_CACHE", 3, False)]
    # what setting it is for ("To force ...") makes it a choice; "CANN environment
    # variables" are the toolkit's own
    dmabuf = extract_docs(source_file("README.md", GDRCOPY_DMABUF)).requirements
    assert [r for r in dmabuf if r.subject == "env_var"] == []
    cann = extract_docs(source_file("docs/quickstart.md", SHMEM_CANN)).requirements
    assert [r for r in cann if r.subject == "env_var"] == []

    # kvcache-ai/Mooncake @ 3b5a5941: what is used when the variable is not set makes it a
    # choice (mooncake-transfer-engine/tent/src/platform/tpu/README.md:37 and :53-54, docs/
    # source/zh_archive/build.md:135), as a sentence opening with what it is for does, also
    # with no space after the opener (build.md:103; headings :48, :60; the last sentence of
    # :103 and :135 left out)
    for rel, text in (("README.md", MOONCAKE_TPU_PJRT), ("docs/build.md", MOONCAKE_MANUAL)):
        found = extract_docs(source_file(rel, text)).requirements
        assert [r for r in found if r.subject == "env_var"] == []


MOONCAKE_TPU_PJRT = """## The device-copy adapter (runtime dependency)

- **Discovery:** the library path defaults to `libmooncake_tpu_pjrt.so` and can
  be overridden with the `MC_TPU_PJRT_LIB` environment variable.
"""
MOONCAKE_MANUAL = """## 手动安装

### 编译步骤

> **注意：** Mooncake 可以使用 DMA-BUF 路径进行 GPU-Direct RDMA，**无需** `nvidia-peermem` 内核模块。如需使用 DMA-BUF 路径，请在启动 Mooncake 前设置运行时环境变量 `WITH_NVIDIA_PEERMEM=0`。如果偏好依赖 `nvidia-peermem` 的传统 `ibv_reg_mr` 路径，请设置运行时环境变量 `WITH_NVIDIA_PEERMEM=1`。

5. 若需编译沐曦 MetaX MACA 支持（如 C500），请安装 MACA SDK，使头文件与库位于 `MACA_ROOT`（优先取 `MACA_HOME` 环境变量，未设置时默认 `/opt/maca`）。
"""  # noqa: E501


# hicann/cann-samples @ a934ed96, README.md:108-115 (under "### 兼容性声明", a heading that
# names no requirement).
CANN_SAMPLES_DEPENDENCIES = """3. **前置依赖**

   编译用到的依赖如下，请确保已安装并且满足版本要求：

   - cmake >= 3.16.0
   - python >= 3.8.0
   - zip
   - git
"""


def test_a_bold_title_naming_dependencies_opens_a_requirements_list() -> None:
    found = extract_docs(source_file("README.md", CANN_SAMPLES_DEPENDENCIES)).requirements
    # one list of tools, one need (``pkgrepeats.fold_listed_tools``)
    assert needs(found) == [("system_package", "zip git", 7, True)]
    # a step's title is no list of needs, whatever its words
    step = CANN_SAMPLES_DEPENDENCIES.replace("前置依赖", "安装驱动与固件（运行态依赖）")
    assert needs(extract_docs(source_file("README.md", step)).requirements) == []


# NVIDIA/gdrcopy @ fcec3ce0, README.md:88 and 95-114 (the middle of :99-110 left out).
GDRCOPY_DMABUF_SECTIONS = """### DMA-BUF mmap backend

**Requirements**

- CUDA driver **13.3 or newer**

**Backend selection**

On `gdr_open()`, GDRCopy tries `gdrdrv` first.

**Mapping type**

CPU cacheability is decided by the CUDA driver at pin time and cannot be
changed afterwards.
"""
# hicann/ops-nn @ e5c3fa93, docs/zh/develop/aicpu_develop_guide.md:202-215 (:208-213 left out).
OPS_NN_PREPARATION = """1. **准备工作。**

    参考[工程创建](#工程创建)完成基础环境搭建，同时检查算子开发交付件是否完备，是否在对应算子分类目录下。

2. **编译自定义算子包。**

    - --soc：\\$\\{soc\\_version\\}表示NPU型号。Atlas A2系列产品使用"ascend910b"（默认），Atlas A3系列产品使用"ascend910_93"，Ascend 950PR/Ascend 950DT产品使用"ascend950"。
"""  # noqa: E501


def test_a_bold_title_naming_needs_opens_a_list_the_next_bold_title_closes() -> None:
    found = extract_docs(source_file("README.md", GDRCOPY_DMABUF_SECTIONS)).requirements
    # "CPU cacheability is decided by the CUDA driver" is no driver the build needs
    assert [(r.subject, r.source.line) for r in found] == [("cuda", 5), ("nvidia_driver", 5)]
    # preparing work is a step ("准备工作"), not a list of needs: the build option's chips
    # below it are no requirement
    steps = extract_docs(source_file("aicpu_develop_guide.md", OPS_NN_PREPARATION)).requirements
    assert [r for r in steps if r.subject == "chip"] == []


# NVIDIA/CV-CUDA @ da51fc96, README.md:195 and 201-204 (the documentation's build; heading left out)
CVCUDA_DOCS = """## Build

Install the dependencies required to  build the documentation:

```shell
sudo apt install -y doxygen graphviz python3 python3-pip sphinx
```
"""


def test_a_doc_builder_or_linter_an_install_names_is_a_developers_tool() -> None:
    # the truth briefs: ccache soft; clang-format, pre-commit and doc builders never "repo"
    found = extract_docs(source_file("README.md", CVCUDA_DOCS)).requirements
    packages = [(r.spec, r.feature) for r in found if r.subject == "system_package"]
    assert packages == [("python3-pip", ""), ("doxygen graphviz sphinx", "development")]
    guide = "## Build\n\n```shell\napt-get install -y clang-format-14 pigz\n```\n"
    found = extract_docs(source_file("README.md", guide)).requirements
    packages = [(r.spec, r.feature) for r in found if r.subject == "system_package"]
    assert packages == [("pigz", ""), ("clang-format-14", "development")]
    # one list of developers' tools (pydeps.DEVELOPER_TOOLS) in the OS packages' spelling too
    guide = "## Build\n\n```shell\napt-get install -y python3-sphinx codespell pigz\n```\n"
    found = extract_docs(source_file("README.md", guide)).requirements
    packages = [(r.spec, r.feature) for r in found if r.subject == "system_package"]
    assert packages == [("pigz", ""), ("python3-sphinx codespell", "development")]
