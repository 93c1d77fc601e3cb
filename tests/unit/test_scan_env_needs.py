"""Environment variables a bring-up needs (issue 11, class M4 of /work/notes/scan9-analysis.md):
a variable a build script, Makefile or CMake file stops or falls back without, and the
environment a guide has the user set up, each on the real lines quoted with repository,
commit, file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import EXTRACTORS
from bringup.scan.shell import extract_shell
from bringup.scan.walk import walk_repo
from scan_needs import needs, source_file

DRIVING = "Ascend/DrivingSDK@e667017eb751b614c128c9c81812634cae362ee4"
TE = "NVIDIA/TransformerEngine@d0067d0da6cb01811b8072a7d304f0e00344ce2b"
GDRCOPY = "NVIDIA/gdrcopy@fcec3ce0bb40a97a6cc45dd4afeec4bccb509712"


def _cmake_env(rel: str, text: str) -> list[tuple[str, int | None]]:
    found = EXTRACTORS["cmake"](SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.spec, r.source.line) for r in found if r.subject == "env_var"]


def test_an_environment_variable_carried_into_a_fatal_test_is_required() -> None:
    # DRIVING cmake/config.cmake:31-37: the CANN path falls back to the environment when the
    # default layout gave none, then the configure stops when it does not exist: the
    # environment is a fallback, no need (truth conventions C2)
    fallback = (
        "if(NOT CANN_PATHS)\n"
        '  message(STATUS "Use new CANN_package!")\n'
        '  set(CANN_PATHS "$ENV{ASCEND_TOOLKIT_HOME}")\n'
        "endif()\n\n"
        'if(NOT EXISTS "${CANN_PATHS}")\n'
        '  message(FATAL_ERROR "CANN path not found: ${CANN_PATHS}")\n'
        "endif()\n"
    )
    assert _cmake_env("cmake/config.cmake", fallback) == []
    # constructed from the same lines: set from the environment alone, the stop needs it
    lines = fallback.split("\n")
    alone = "\n".join([lines[2], *lines[4:]])
    assert _cmake_env("cmake/config.cmake", alone) == [("ASCEND_TOOLKIT_HOME", 1)]


def test_a_variable_given_a_default_when_empty_is_not_required() -> None:
    # TE transformer_engine/common/CMakeLists.txt:518-527: the value is validated, but an
    # unset variable takes the default 10
    philox = (
        "# Number of philox4x32 rounds for stochastic rounding (build-time constant).\n"
        "set(NVTE_BUILD_NUM_PHILOX_ROUNDS_STR $ENV{NVTE_BUILD_NUM_PHILOX_ROUNDS})\n"
        "if (NOT NVTE_BUILD_NUM_PHILOX_ROUNDS_STR)\n"
        '  set(NVTE_BUILD_NUM_PHILOX_ROUNDS_STR "10")\n'
        "endif()\n"
        'if (NOT NVTE_BUILD_NUM_PHILOX_ROUNDS_STR MATCHES "^[1-9][0-9]*$")\n'
        "  message(FATAL_ERROR\n"
        '          "Environment variable NVTE_BUILD_NUM_PHILOX_ROUNDS must be a positive '
        'integer, "\n'
        "          \"but got '${NVTE_BUILD_NUM_PHILOX_ROUNDS_STR}'.\")\n"
        "endif()\n"
    )
    assert _cmake_env("transformer_engine/common/CMakeLists.txt", philox) == []


def _make_env(rel: str, text: str) -> list[tuple[str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    found = EXTRACTORS["makefile"](file).requirements
    return [(r.spec, r.source.line, r.hard) for r in found if r.subject == "env_var"]


def test_a_makefile_variable_with_a_default_of_its_own_is_no_need() -> None:
    # NVIDIA/gdrcopy Makefile:24-32 and src/gdrdrv/Makefile:44-55: make builds with the
    # defaults (the truth conventions, scan29: a read with a default is not an env_var)
    top = (
        "prefix ?= /usr/local\nexec_prefix ?= $(prefix)\nlibdir ?= $(exec_prefix)/lib\n"
        "bindir ?= $(exec_prefix)/bin\nincludedir  ?= $(prefix)/include\n\n"
        "DESTDIR := $(abspath $(DESTDIR))\n\nCUDA ?= /usr/local/cuda\n"
    )
    driver = (
        "KVER ?= $(shell uname -r)\nMODULES_DIR := /lib/modules/$(KVER)\n"
        "export NVIDIA_SRC_DIR ?= $(shell { find /usr/src/kernel-modules/nvidia-* "
        '/usr/src/nvidia-* -name "nv-p2p.c" -print -quit | xargs dirname || echo '
        '"NVIDIA_DRIVER_MISSING"; } 2>/dev/null)\n'
    )
    # uccl-project/uccl@da914a20 p2p/Makefile:13-17
    p2p = (
        "CUDA_HOME ?= /usr/local/cuda\nCUDA_INC  := $(CUDA_HOME)/include\n"
        "CUDA_LIB  := $(CUDA_HOME)/lib64\nEFA_HOME ?= /opt/amazon/efa\n"
        "LIBFABRIC_HOME ?= /opt/libfabric\n"
    )
    assert _make_env("Makefile", top) == []
    assert _make_env("src/gdrdrv/Makefile", driver) == []
    assert _make_env("p2p/Makefile", p2p) == []


def test_a_makefile_variable_make_stops_without_is_a_hard_env_var() -> None:
    # Cryspia/cann-on-gpu@9b6420d5 cuda/Makefile:4-8
    cuda = (
        "GPU_ARCH    ?= sm_121\n"
        "ACL_INCLUDE ?= $(error Run `source env.sh` first: ACL_INCLUDE is not set)\n"
        "NCCL_DIR    ?= $(error Run `source env.sh` first: NCCL_DIR is not set)\n"
        "CUDNN_DIR   ?= $(error Run `source env.sh` first: CUDNN_DIR is not set)\n"
        "CUDA_HOME   ?= /usr/local/cuda\n"
    )
    assert _make_env("cuda/Makefile", cuda) == [
        ("ACL_INCLUDE", 2, True),
        ("NCCL_DIR", 3, True),
        ("CUDNN_DIR", 4, True),
    ]
    # the same stop written as a test of the unset variable; a branch that closes before
    # any $(error (it gives a default) is no need
    tested = (
        "ifndef ACL_INCLUDE\n$(error Run `source env.sh` first)\nendif\n"
        "ifeq ($(NCCL_DIR),)\n  $(info NCCL_DIR is empty)\n  $(error stop)\nendif\n"
        "ifndef CUDA_HOME\nCUDA_HOME := /usr/local/cuda\nendif\n$(error unrelated)\n"
    )
    assert _make_env("Makefile", tested) == [("ACL_INCLUDE", 1, True), ("NCCL_DIR", 4, True)]


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


# ghhufue/HCCL-Competition @ f88d382c, scripts/run_hccl_vm_broadcast_perf.sh:6-7.
HCCL_DEFAULTS = """ASCEND_HOME_PATH="${ASCEND_HOME_PATH:-/home/workspace/hvm/Ascend/cann-9.1.0}"
HCCL_VM_HOME="${HCCL_VM_HOME:-/home/workspace/hvm/hcomm/test/hccl_vm/hccl_vm_install}"
"""


def test_a_variable_read_with_a_default_is_no_need() -> None:
    # the truth briefs (scan29): "A read with a default or a fallback ... is NOT an env_var"
    for text in (ATB_DEFAULT, HCCL_DEFAULTS):
        assert needs(extract_shell(source_file("scripts/build.sh", text)).requirements) == []
    # the same variable tested with no default and an exit stays a need (ATB_BUILD_CHECK)
    found = needs(extract_shell(source_file("scripts/build.sh", ATB_BUILD_CHECK)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


# Hayden727/cann-ops @ eef0ff77, build.sh:393-406: the chain falls back to default directories
# and its ``else`` asks for a command-line option, none of the variables.
CANN_OPS_CHAIN = """if [ -n "${ascend_package_path}" ];then
    ASCEND_CANN_PACKAGE_PATH=${ascend_package_path}
elif [ -n "${ASCEND_HOME_PATH}" ];then
    ASCEND_CANN_PACKAGE_PATH=${ASCEND_HOME_PATH}
elif [ -n "${ASCEND_OPP_PATH}" ];then
    ASCEND_CANN_PACKAGE_PATH=$(dirname ${ASCEND_OPP_PATH})
elif [ -d "${DEFAULT_TOOLKIT_INSTALL_DIR}" ];then
    ASCEND_CANN_PACKAGE_PATH=${DEFAULT_TOOLKIT_INSTALL_DIR}
elif [ -d "${DEFAULT_INSTALL_DIR}" ];then
    ASCEND_CANN_PACKAGE_PATH=${DEFAULT_INSTALL_DIR}
else
    log "Error: Please set the toolkit package installation directory through parameter -p|--package-path."
    exit 1
fi
"""  # noqa: E501


def test_a_chain_falling_back_to_default_directories_needs_none_of_its_variables() -> None:
    assert needs(extract_shell(source_file("build.sh", CANN_OPS_CHAIN)).requirements) == []


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


def test_cmake_stop_in_the_else_of_an_environment_test_is_the_fallbacks() -> None:
    # the else tries the default paths and stops only when none exists: the variable has a
    # fallback, no need (truth conventions C2)
    found = needs(extract_cmake(source_file("cmake/variables.cmake", HIXL_VARIABLES)).requirements)
    assert found == []
    # constructed from its lines: the stop right in the else of the test needs the variable
    direct = (
        "if (DEFINED ENV{ASCEND_HOME_PATH})\n"
        "    set(ASCEND_INSTALL_PATH $ENV{ASCEND_HOME_PATH})\n"
        "else()\n"
        '    message(FATAL_ERROR "Please set ASCEND_INSTALL_PATH or env:ASCEND_HOME_PATH")\n'
        "endif()\n"
    )
    found = needs(extract_cmake(source_file("cmake/variables.cmake", direct)).requirements)
    assert found == [("env_var", "ASCEND_HOME_PATH", 1, True)]


def test_cmake_toolkit_home_read_as_a_path_or_a_validated_option_is_no_need() -> None:
    # ``$ENV{ASCEND_HOME_PATH}/lib64`` unchecked: the toolkit's set_env.sh sets it, part of
    # the cann need (truth conventions C2)
    found = needs(extract_cmake(source_file("csrc/CMakeLists.txt", MINDIE_CSRC)).requirements)
    assert found == []


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


def test_a_toolkit_home_read_as_a_path_before_a_condition_tests_it_is_no_need() -> None:
    found = extract_cmake(source_file("CMakeLists.txt", MINDIE_LLM_ROOT)).requirements
    assert needs(found) == []


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


def test_a_guides_sentence_offering_a_variable_to_set_is_no_need() -> None:
    # "consider setting": a choice, no need (truth conventions C2)
    found = extract_docs(source_file("README.md", RMM_CACHE)).requirements
    assert needs(found) == []
    # constructed from the same sentence: "you must set" says the build needs it
    told = RMM_CACHE.replace("consider setting", "you must set")
    found = extract_docs(source_file("README.md", told)).requirements
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


# Ascend/MultimodalSDK @ 916d29e1, docs/zh/03_installation_guide/installation_guide.md:123 and 259:
# a product's environment, and a variable the wheel install needs not.
MULTIMODAL_SDK = """`run` 完整安装完成后，加载 Multimodal SDK 环境变量：

4. 参考[安装验证](#安装验证)的步骤进行验证，确认 SDK 已就绪（`Wheel` 包安装无需额外设置 `MULTIMODAL_SDK_HOME` 环境变量）。
"""  # noqa: E501
# the same, docs/en/installation_guide.md:246
MULTIMODAL_SDK_EN = """4. Follow the steps in [Installation Verification](#installation-verification) to confirm that the SDK is ready (Wheel package installation does not require additional `MULTIMODAL_SDK_HOME` environment variable settings).
"""  # noqa: E501


def test_a_products_environment_or_a_variable_said_unneeded_is_no_need() -> None:
    for text in (MULTIMODAL_SDK, MULTIMODAL_SDK_EN):
        found = extract_docs(source_file("docs/install.md", text)).requirements
        assert [r for r in found if r.subject == "env_var"] == []
    # the same sentence asking for the variable stays a need (constructed)
    asked = MULTIMODAL_SDK.replace("无需额外设置", "需要设置")
    found = extract_docs(source_file("docs/install.md", asked)).requirements
    assert [(r.spec, r.source.line) for r in found if r.subject == "env_var"] == [
        ("MULTIMODAL_SDK_HOME", 3)
    ]


# facebookresearch/sam2@2b90b9f5ceec907a1c18123530e92e794ad901a4:INSTALL.md:11-18
_SAM2_INSTALL = """```bash
pip install -e ".[notebooks]"
```

Note that you may skip building the SAM 2 CUDA extension during installation via environment variable `SAM2_BUILD_CUDA=0`, as follows:
```bash
# skip the SAM 2 CUDA extension
SAM2_BUILD_CUDA=0 pip install -e ".[notebooks]"
```
"""  # noqa: E501


def test_a_quoted_sentence_keeps_its_first_word_whole() -> None:
    # "you may skip building ... via environment variable": a choice, no need (truth
    # conventions C2); constructed: the same sentence saying it is required is one, quoted
    # from a whole word (the 80 characters before the variable once began one letter into
    # "Note": "ote that you may")
    offered = extract_docs(source_file("INSTALL.md", _SAM2_INSTALL)).requirements
    assert [r for r in offered if r.subject == "env_var"] == []
    required = _SAM2_INSTALL.replace("you may skip", "you are required to skip")
    found = [
        r
        for r in extract_docs(source_file("INSTALL.md", required)).requirements
        if r.subject == "env_var"
    ]
    assert [(r.spec, r.source.line) for r in found] == [("SAM2_BUILD_CUDA", 5)]
    assert (found[0].text or "").startswith("you are required to skip building")


def test_a_variable_said_not_to_be_needed_and_a_products_variables_are_no_need() -> None:
    # Ascend/MultimodalSDK@916d29e1 docs/zh/03_installation_guide/installation_guide.md:123
    # ("load the Multimodal SDK's environment variables") and :259 ("a wheel install needs no
    # MULTIMODAL_SDK_HOME environment variable")
    text = (
        "`run` 完整安装完成后，加载 Multimodal SDK 环境变量：\n\n"
        "4. 参考[安装验证](#安装验证)的步骤进行验证，确认 SDK 已就绪（`Wheel` 包安装无需额外设置"
        " `MULTIMODAL_SDK_HOME` 环境变量）。\n"
    )
    found = extract_docs(source_file("docs/zh/installation_guide.md", text)).requirements
    assert [r for r in found if r.subject == "env_var"] == []
    # docs/en/installation_guide.md:246, the same note in English
    text = (
        "4. Follow the steps in [Installation Verification](#installation-verification) to"
        " confirm that the SDK is ready (Wheel package installation does not require additional"
        " `MULTIMODAL_SDK_HOME` environment variable settings).\n"
    )
    found = extract_docs(source_file("docs/en/installation_guide.md", text)).requirements
    assert [r for r in found if r.subject == "env_var"] == []


# Ascend/MindInferenceService @ a9419463, docs/zh/quick_start.md:35 (its block);
# xiaobingling93-pixel/Ascend-msmonitor @ 50b18674, docs/zh/getting_started/install_guide.md:
# 259-261.
MIS_CACHE = """```shell
export MIS_CACHE_PATH=/data
```
"""
MSMONITOR_LOG = """```bash
export MSMONITOR_LOG_PATH=/tmp/msmonitor_log
```
"""


def test_where_a_run_writes_its_cache_or_logs_is_no_need() -> None:
    # an example run's setting (truth conventions C2), not a place the build needs
    for text in (MIS_CACHE, MSMONITOR_LOG):
        assert needs(extract_docs(source_file("docs/quick_start.md", text)).requirements) == []
    # constructed from the same line: a toolkit's place exported stays a need
    home = MIS_CACHE.replace("MIS_CACHE_PATH=/data", "MIS_HOME_PATH=/usr/local/mis")
    found = extract_docs(source_file("docs/quick_start.md", home)).requirements
    assert [(r.spec, r.source.line) for r in found if r.subject == "env_var"] == [
        ("MIS_HOME_PATH", 2)
    ]


# Ascend/ascend-agentsdk @ 76c518e8, scripts/deploy_vllm/start_cluster_with_vllm_serve.sh:106-109
AGENTSDK_CLUSTER = """if [ -z "$VC_TASK_HOSTS" ] || [ -z "$THIS_POD_IP" ] || [ -z "$VC_TASK_INDEX" ]; then
    echo "错误：缺少关键环境变量 (VC_TASK_HOSTS, THIS_POD_IP, VC_TASK_INDEX)"
    exit 1
fi
"""  # noqa: E501


def test_what_a_clusters_scheduler_sets_for_a_task_is_no_need() -> None:
    # Volcano's VC_* and the pod's own address: the platform that started the script sets
    # them (truth conventions C2)
    script = extract_shell(source_file("start_cluster.sh", AGENTSDK_CLUSTER))
    assert needs(script.requirements) == []
    # constructed from the same lines: a toolkit's home stays a need (another variable of the
    # user's own is the caller's, shellguards)
    own = AGENTSDK_CLUSTER.replace("$THIS_POD_IP", "$ASCEND_HOME_PATH")
    found = needs(extract_shell(source_file("start_cluster.sh", own)).requirements)
    assert [spec for _, spec, _, _ in found] == ["ASCEND_HOME_PATH"]


# Ascend/MindIE-LLM @ 8b4871ad, docs/zh/developer_guide/build_guide.md:91-99
MINDIE_OPTIONAL_STEP = """9. 配置运行环境变量（可选）。

    ATB_Models 安装完成后，需设置其运行所需的环境变量。通过 Python 动态获取 `atb_llm` 的安装路径，以适配不同的 Python 环境和 `site-packages` 位置：

    ```bash
    ATB_LLM_PATH=$(python3 -c "import atb_llm, os; print(os.path.dirname(atb_llm.__file__))")
    export ATB_SPEED_HOME_PATH=${ATB_LLM_PATH}
    export LD_LIBRARY_PATH=${ATB_LLM_PATH}/lib:${LD_LIBRARY_PATH}
    ```
"""  # noqa: E501


def _exported(text: str) -> list[tuple[str, str]]:
    found = extract_docs(source_file("docs/build_guide.md", text)).requirements
    return [(r.spec, r.feature) for r in found if r.subject == "env_var"]


def test_the_variables_an_optional_step_exports_are_the_options() -> None:
    # the optional feature's, not the repo's (truth conventions C2)
    assert _exported(MINDIE_OPTIONAL_STEP) == [
        ("ATB_SPEED_HOME_PATH", "optional"),
        ("LD_LIBRARY_PATH", "optional"),
    ]
    # constructed: the same step not marked optional exports the repo's needs
    told = MINDIE_OPTIONAL_STEP.replace("（可选）", "")
    assert _exported(told) == [("ATB_SPEED_HOME_PATH", ""), ("LD_LIBRARY_PATH", "")]


def test_a_variable_a_search_takes_as_a_hint_is_no_need_when_a_message_names_it() -> None:
    # InfiniTensor/InfiniTensor@5cb7c1fc cmake/FindNCCL.cmake:93, 104-106, 153-155 (PyTorch's
    # FindNCCL, copied into many repos): the environment's NCCL_INCLUDE_DIR is a hint beside
    # the search's default places; the stop fires when the found header and library
    # disagree, and its "Please set ... manually" is the remedy, not a need
    find_nccl = (
        'set(NCCL_INCLUDE_DIR $ENV{NCCL_INCLUDE_DIR} CACHE PATH "Folder contains NVIDIA NCCL'
        ' headers")\n'
        "find_path(NCCL_INCLUDE_DIRS\n  NAMES nccl.h\n  HINTS ${NCCL_INCLUDE_DIR})\n"
        "if(NCCL_FOUND)\n"
        "    if (NOT NCCL_VERSION_MATCHED)\n"
        '      message(FATAL_ERROR "Found NCCL header version and library version do not match!'
        ' Please set NCCL_INCLUDE_DIR manually.")\n'
        "    endif()\n"
        "endif()\n"
    )
    assert _cmake_env("cmake/FindNCCL.cmake", find_nccl) == []
    # the same stop without the search (constructed): the message's variable is the need
    lines = find_nccl.split("\n")
    unsearched = "\n".join([lines[0], *lines[5:]])
    assert _cmake_env("cmake/FindNCCL.cmake", unsearched) == [("NCCL_INCLUDE_DIR", 1)]


# HazyResearch/ThunderKittens@0b55588d README.md:153-163 and 177-185
THUNDERKITTENS_README = """#### Build requirements

* **CUDA 12.8+**. We want our kittens to play in the nicest, most modern environment possible. \
Make sure you run the following to set up your CUDA environment properly:

    ```bash
    export CUDA_HOME=/usr/local/cuda-<YOUR-CUDA-VERSION> # ex. cuda-12.8
    export PATH=${CUDA_HOME}/bin:${PATH}
    export LD_LIBRARY_PATH=${CUDA_HOME}/lib64:$LD_LIBRARY_PATH
    ```

Sometimes, there's a libc10.so error, which you can fix with:

```bash
# Take the <PRINTED_PATH> from below
python -c "import torch; print(torch.file)"

# And run the command below
export LD_LIBRARY_PATH=<PRINTED_PATH>/lib:$LD_LIBRARY_PATH
```
"""


def test_a_search_path_exported_from_a_location_is_that_locations_setup() -> None:
    # the paths made of CUDA_HOME are its setup, cited beside it; the export fixing an error
    # some machines show is a remedy, no need
    found = extract_docs(
        SourceFile(ref="README.md", rel="README.md", text=THUNDERKITTENS_README)
    ).requirements
    env = [r for r in found if r.subject == "env_var"]
    assert [(r.spec, [s.line for s in (r.source, *r.also_at)]) for r in env] == [
        ("CUDA_HOME", [6, 7, 8])
    ]
