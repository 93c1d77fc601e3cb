"""Environment variables a build needs or not (issue 11, classes of /work/notes/s21env-classes.md):
each case keeps the real lines it needs, with the public repository, commit, path and lines."""

from __future__ import annotations

import ast
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.handoff import exported_by_scripts, handed_over
from bringup.scan.pyguards import python_vocabulary
from bringup.scan.repo import scan_repo
from bringup.scan.shell import extract_shell
from bringup.scan.testscripts import for_tests
from scan_needs import source_file

ASC_TOOLS = "hicann/asc-tools@2113e48fa56bd012d07a81256ed7ceb66d338262"
GE = "hicann/ge@ffdcbc9f7496c17a98c1d12762c61ed608ef3503"
OPS_TENSOR = "hicann/ops-tensor@d636af5c116fef892ece61b140f46577ab6e54dd"
OPS_BLAS = "hicann/ops-blas@35101c89511ec94cc2d9a359b611f1995d873b8d"
MINDIE_MOTOR = "Ascend/MindIE-Motor@5dfb024e45feec2e947f12d0af72b79b24edff53"
SHMEM = "hicann/shmem@643bfb73b50d88042234d3f5e0c7c9841cdedbbe"
TORCHAO = "pytorch/ao@36027d82d1ad9949597ea16002ff4940374b1b94"
MSPROBE = "Ascend/msprobe@8ff00da37660ef42e2ba945a2ec349b6f85314e1"
PYPTO = "hicann/pypto@883e7dfb018da764a65fd2c2f8c1e1d2de2d2471"
EMBODIED = "hicann/cann-recipes-embodied-intelligence@aed7a4788dfe94f6b90084f16ce493f9969471b1"
OPS_CV = "hicann/ops-cv@6ae87653464d2afb064c829e529abba2e278b0c4"
UCCL = "uccl-project/uccl@da914a2054c29725464803e379bb3b98de90dfa1"


def _env(requirements: tuple[Requirement, ...] | list[Requirement]) -> list[tuple[str, int | None]]:
    return [(r.spec, r.source.line) for r in requirements if r.subject == "env_var"]


def _shell(rel: str, text: str) -> list[Requirement]:
    return [r for r in extract_shell(source_file(rel, text)).requirements if r.subject == "env_var"]


# ASC_TOOLS build.sh:274-287 (a function's body, indentation kept).
ASC_TOOLS_CHAIN = """  if [ -n "${cann_path}" ];then
    ASCEND_CANN_PACKAGE_PATH=${cann_path}
  elif [ -n "${ASCEND_HOME_PATH}" ];then
    ASCEND_CANN_PACKAGE_PATH=${ASCEND_HOME_PATH}
  elif [ -n "${ASCEND_OPP_PATH}" ];then
    ASCEND_CANN_PACKAGE_PATH=$(dirname ${ASCEND_OPP_PATH})
  elif [ -d "${DEFAULT_TOOLKIT_INSTALL_DIR}" ];then
    ASCEND_CANN_PACKAGE_PATH=${DEFAULT_TOOLKIT_INSTALL_DIR}
  elif [ -d "${DEFAULT_INSTALL_DIR}" ];then
    ASCEND_CANN_PACKAGE_PATH=${DEFAULT_INSTALL_DIR}
  else
    log "Error: Please set the cann package installation directory through parameter -p|--cann_path."
    exit 1
  fi
"""  # noqa: E501

# GE build.sh:295-300.
GE_HOME = """  if [ -n "$ASCEND_HOME_PATH" ]; then
    ASCEND_INSTALL_PATH="$ASCEND_HOME_PATH"
  else
    echo "Error: No environment variable 'ASCEND_HOME_PATH' was found, please check the cann environment configuration."
    exit 1
  fi
"""  # noqa: E501

# OPS_BLAS install_deps.sh:505-510: a test for an installed header, the variable one way.
OPS_BLAS_GTEST = """    if [[ -f "/usr/local/include/gtest/gtest.h" ]] || [[ -f "/usr/include/gtest/gtest.h" ]] || [[ -n "${HOMEBREW_PREFIX:-}" && -f "${HOMEBREW_PREFIX:-}/include/gtest/gtest.h" ]]; then
        echo "googletest installed successfully"
    else
        echo "googletest installation failed"
        exit 1
    fi
"""  # noqa: E501


def test_a_chain_of_set_variables_ending_in_a_stop_needs_one_of_them() -> None:
    # without the default directories the chain stops when neither variable is set
    # (constructed from asc-tools's lines: its two ``-d`` branches left out)
    tests = ASC_TOOLS_CHAIN.split("\n")
    bare = "\n".join(tests[:6] + tests[10:])
    chain = _shell("build.sh", bare)
    assert _env(chain) == [("ASCEND_HOME_PATH", 3)]  # cann_path: the script's option
    assert [s.line for s in chain[0].also_at] == [5, 8, 9]
    assert "ASCEND_HOME_PATH or ASCEND_OPP_PATH" in (chain[0].text or "")
    assert _env(_shell("build.sh", GE_HOME)) == [("ASCEND_HOME_PATH", 1)]
    # with them each variable is read with a fallback, and the stop asks for an option
    assert _env(_shell("build.sh", ASC_TOOLS_CHAIN)) == []
    assert _env(_shell("install_deps.sh", OPS_BLAS_GTEST)) == []


# OPS_TENSOR build.sh:128-135: the branch advises for six lines, then exits.
OPS_TENSOR_CHECK = """    if [ -z "${ASCEND_HOME_PATH}" ]; then
        log_error "ASCEND_HOME_PATH environment variable is not set!"
        echo ""
        echo "Please source the CANN environment script:"
        echo "  source /usr/local/Ascend/cann/set_env.sh"
        echo ""
        echo "Then run build.sh again."
        exit 1
    fi
"""


# UCCL scripts/shared.sh:3-6, sourced by its run_*_test.sh scripts; the truth has UCCL_HOME
# from the developer's guide (README.md:129 ``export UCCL_HOME=$(pwd)/uccl``), scope "dev".
UCCL_SHARED = """if [[ -z "${UCCL_HOME}" ]]; then
  echo "UCCL_HOME is not set or is empty"
  exit 1
fi
"""

# review38 finding 1 (r16): a top-level build script the README runs, stopping without three
# variables none of which is a toolkit's home.
R16_BUILD = """#!/bin/bash
if [ -z "${NCCL_HOME}" ]; then
    echo "Please set NCCL_HOME to the NCCL install directory"
    exit 1
fi
if [ -z "${MPI_HOME}" ]; then
    echo "Please set MPI_HOME to the MPI install directory"
    exit 1
fi
if [ -z "${TORCH_NPU_PATH}" ]; then
    echo "Please set TORCH_NPU_PATH to the torch_npu install directory"
    exit 1
fi
make -j
"""


def _repo_env(root: Path) -> list[tuple[str, str, int | None]]:
    found = scan_repo(root, "r").component.requirements
    return [(r.spec, r.source.ref or "", r.source.line) for r in found if r.subject == "env_var"]


def test_a_script_the_route_runs_needs_what_it_stops_without(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# r16\n\n```bash\nbash build.sh\n```\n")
    (tmp_path / "build.sh").write_text(R16_BUILD)
    assert _repo_env(tmp_path) == [
        ("NCCL_HOME", "r/build.sh", 2),
        ("MPI_HOME", "r/build.sh", 6),
        ("TORCH_NPU_PATH", "r/build.sh", 10),
    ]


def test_a_check_of_a_variable_no_toolkit_s_home_in_a_helper_is_the_caller_s(
    tmp_path: Path,
) -> None:
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "shared.sh").write_text(UCCL_SHARED)
    runner = 'source "$(dirname "$0")/shared.sh"\npython -m pytest tests\n'
    (tmp_path / "scripts" / "run_ep_test.sh").write_text(runner)
    assert _repo_env(tmp_path) == []
    # the same check of a toolkit's home is the user's need
    (tmp_path / "scripts" / "shared.sh").write_text(
        UCCL_SHARED.replace("UCCL_HOME", "ASCEND_HOME_PATH")
    )
    assert _repo_env(tmp_path) == [("ASCEND_HOME_PATH", "r/scripts/shared.sh", 1)]
    # and a guide running the helper itself hands it nothing
    (tmp_path / "scripts" / "shared.sh").write_text(UCCL_SHARED)
    (tmp_path / "README.md").write_text("# r\n\n```bash\nbash scripts/shared.sh\n```\n")
    assert _repo_env(tmp_path) == [("UCCL_HOME", "r/scripts/shared.sh", 1)]


def test_an_emptiness_test_stopping_after_advice_needs_the_variable() -> None:
    assert _env(_shell("build.sh", OPS_TENSOR_CHECK)) == [("ASCEND_HOME_PATH", 1)]
    # a branch that does something else before its exit is no such stop
    fallback = OPS_TENSOR_CHECK.replace(
        'echo ""\n        echo "Please', 'find_toolkit\n        echo "Please', 1
    )
    assert _env(_shell("build.sh", fallback)) == []


# GE scripts/init_env.sh:21: where the installer puts CANN, a default the user may change.
GE_INSTALLER = 'INSTALL_PATH="${INSTALL_PATH:-/usr/local/Ascend}"\n'


def test_a_path_read_with_a_default_is_no_need() -> None:
    # where the installer puts CANN, and (constructed) a product's install path so read
    assert _env(_shell("scripts/init_env.sh", GE_INSTALLER)) == []
    named = GE_INSTALLER.replace("INSTALL_PATH", "ASCEND_INSTALL_PATH")
    assert _env(_shell("scripts/init_env.sh", named)) == []


def test_a_coverage_script_is_the_tests() -> None:
    # OPS_CV scripts/util/generate_cpp_cov.sh stops without ASCEND_HOME_PATH to measure
    # the unit tests' coverage
    assert for_tests("generate_cpp_cov.sh")
    assert not for_tests("cover_letter.sh")


# MINDIE_MOTOR build/build.sh:25 and 34-35, ci/build.sh:40, mindie_motor/src/CMakeLists.txt:9-11.
MOTOR_BUILD = """PROJECT_ROOT_DIR=$(dirname "$(dirname "$(realpath "$0")")")
[ -z "$BUILD_MIES_3RDPARTY_ROOT_DIR" ] && export BUILD_MIES_3RDPARTY_ROOT_DIR="$PROJECT_ROOT_DIR"/third_party
[ -z "$BUILD_MIES_3RDPARTY_INSTALL_DIR" ] && export BUILD_MIES_3RDPARTY_INSTALL_DIR="$BUILD_MIES_3RDPARTY_ROOT_DIR"/install
"""  # noqa: E501
MOTOR_CI = "export MINDIE_SERVICE_SRC_DIR=$(realpath $(dirname $0)/..)\n"
MOTOR_CMAKE = """if(NOT DEFINED ENV{BUILD_MIES_3RDPARTY_INSTALL_DIR})
    message(FATAL_ERROR "BUILD_MIES_3RDPARTY_INSTALL_DIR is not set.")
endif()
"""
# SHMEM scripts/build.sh:11-16: the script copies the environment's value and exports it back.
SHMEM_BUILD = """if [ -n "$ASCEND_HOME_PATH" ]; then
    _ASCEND_INSTALL_PATH=$ASCEND_HOME_PATH
fi
export ASCEND_HOME_PATH=${_ASCEND_INSTALL_PATH}
"""


def test_what_the_repos_build_script_exports_is_handed_over() -> None:
    scripts = {"m/build/build.sh": MOTOR_BUILD, "m/ci/build.sh": MOTOR_CI}
    assert exported_by_scripts(scripts) == {
        "BUILD_MIES_3RDPARTY_ROOT_DIR": {"m/build/build.sh"},
        "BUILD_MIES_3RDPARTY_INSTALL_DIR": {"m/build/build.sh"},
        "MINDIE_SERVICE_SRC_DIR": {"m/ci/build.sh"},
    }
    cmake = list(
        extract_cmake(source_file("mindie_motor/src/CMakeLists.txt", MOTOR_CMAKE)).requirements
    )
    assert _env(cmake) == [("BUILD_MIES_3RDPARTY_INSTALL_DIR", 1)]
    assert handed_over(cmake, scripts, frozenset()) == []
    # a guide telling the user to set it stays the user's
    assert handed_over(cmake, scripts, frozenset({cmake[0].source.ref})) == cmake
    assert exported_by_scripts({"s/scripts/build.sh": SHMEM_BUILD}) == {}
    literal = {"b.sh": "export ASCEND_HOME_PATH=/usr/local/Ascend/cann\n"}
    assert exported_by_scripts(literal) == {}
    # constructed: a literal held in the script's own variable is a default all the same
    held = {
        "b.sh": 'toolkit="/opt/Ascend/ascend-toolkit"\nexport ASCEND_HOME_PATH=${toolkit}/latest\n'
    }
    assert exported_by_scripts(held) == {}


# Cryspia/cann-on-gpu@9b6420d5 deploy.sh:598 and 601-652 (the exports of NCCL_DIR kept, the
# rest of the here-document left out): the env.sh its README.md:64-65 has the user source
CANN_ON_GPU_DEPLOY = (
    '    acl_inc=""; [ -f "$(acl_target)/include/acl/acl.h" ] && acl_inc="$(acl_target)/include"\n'
    + """    cat > "$ENV_SH" <<EOF
#!/usr/bin/env bash
export NCCL_DIR="${nccl_dir}"
export ACL_INCLUDE="${acl_inc}"
EOF
    export BUILT_BY_DEPLOY="$(pwd)/out"
"""
)


def test_an_export_a_script_writes_into_a_file_is_handed_to_the_user() -> None:
    # the script runs no export of the here-document's: the user sources the file it
    # writes, and the Makefile's stop without the variable (cuda/Makefile:5) stays a need
    assert exported_by_scripts({"deploy.sh": CANN_ON_GPU_DEPLOY}) == {
        "BUILT_BY_DEPLOY": {"deploy.sh"}
    }
    tabbed = CANN_ON_GPU_DEPLOY.replace("<<EOF", "<<-'EOF'").replace("\nEOF", "\n\tEOF")
    assert exported_by_scripts({"deploy.sh": tabbed}) == {"BUILT_BY_DEPLOY": {"deploy.sh"}}


# TORCHAO setup.py:148-169 and 206-208 (the class header and helper kept, the rest left out).
TORCHAO_SWITCHES = """class BuildOptions:
    def __init__(self):
        self.build_cpu_aarch64 = self._os_bool_var(
            "TORCHAO_BUILD_CPU_AARCH64",
            default=(is_arm64 and is_macos),
        )
        if self.build_cpu_aarch64:
            assert is_arm64, "TORCHAO_BUILD_CPU_AARCH64 requires an arm64 machine"
        self.build_kleidi_ai = self._os_bool_var(
            "TORCHAO_BUILD_KLEIDIAI", default=False
        )
        if self.build_kleidi_ai:
            assert self.build_cpu_aarch64, (
                "TORCHAO_BUILD_KLEIDIAI requires TORCHAO_BUILD_CPU_AARCH64 be set"
            )

    def _os_bool_var(self, var, default) -> bool:
        default_val = "1" if default else "0"
        return os.getenv(var, default_val) == "1"
"""


def test_an_opt_in_switch_asking_for_another_is_that_switchs_feature() -> None:
    found = python_vocabulary(
        source_file("setup.py", TORCHAO_SWITCHES), ast.parse(TORCHAO_SWITCHES)
    )
    assert [(r.spec, r.feature) for r in found if r.subject == "env_var"] == [
        ("TORCHAO_BUILD_CPU_AARCH64", "env:TORCHAO_BUILD_KLEIDIAI")
    ]


# MSPROBE docs/zh/quick_start/pytorch_quick_start.md:47 (shortened to one case) and 55.
MSPROBE_QUICK_START = """## 环境准备

```bash
source /dev/stdin <<< "$(dev_id=$(lspci -n -D | grep -o '19e5:d[0-9a-f]\\{3\\}' | head -n1 | cut -d: -f2); case "$dev_id" in 'd802' ) echo "export MY_STUDY_VAR_CANN_IMAGE=swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:9.0.0-910b-openeuler24.03-py3.11-devel; export MY_CHIP_NAME=910B";; esac)"
```

> 通过 `lspci` 获取 NPU 的 PCI ID，自动匹配 CANN 官方镜像，并将镜像地址赋给环境变量 `MY_STUDY_VAR_CANN_IMAGE`，供后续使用。
"""  # noqa: E501


def test_a_variable_the_guides_command_computes_is_no_need() -> None:
    found = extract_docs(source_file("docs/quick_start.md", MSPROBE_QUICK_START)).requirements
    assert _env(found) == []


# MSPROBE ccsrc/xor_checksum/cmake/ascend.cmake:26-48 (the default paths of a non-root user
# left out).
MSPROBE_ASCEND = """if(DEFINED ENV{ASCEND_HOME_PATH})
    set(ASCEND_DIR $ENV{ASCEND_HOME_PATH})
elseif(DEFINED ENV{ASCEND_TOOLKIT_HOME})
    set(ASCEND_DIR $ENV{ASCEND_TOOLKIT_HOME})
else()
    if("$ENV{USER}" STREQUAL "root")
        if(EXISTS /usr/local/Ascend/ascend-toolkit/latest)
            set(ASCEND_DIR /usr/local/Ascend/ascend-toolkit/latest)
        endif()
    endif()
endif()

if(NOT ASCEND_DIR)
    message(FATAL_ERROR "Ascend toolkit not found. Please set ASCEND_HOME_PATH or ASCEND_TOOLKIT_HOME.")
endif()
"""  # noqa: E501
# PYPTO cmake/config.cmake:19-28.
PYPTO_PYTHON = """if (DEFINED Python3_EXECUTABLE)
    set(Python3_EXECUTABLE "${Python3_EXECUTABLE}")
elseif (DEFINED ENV{Python3_EXECUTABLE})
    set(Python3_EXECUTABLE "$$ENV{Python3_EXECUTABLE}")
else ()
    find_package(Python3 COMPONENTS Interpreter Development)
    if ("${Python3_EXECUTABLE}x" STREQUAL "x")
        message(FATAL_ERROR "Can't find python3 Interpreter.")
    endif ()
endif ()
"""
# EMBODIED ops/ascendc/cmake/config.cmake:51-73 (the version file's parsing shortened).
EMBODIED_CANN = """if(NOT CANN_PATHS)
  if(EXISTS "$ENV{ASCEND_OPS_BASE_PATH}")
    message(STATUS "Detected ASCEND_OPS_BASE_PATH is : $ENV{ASCEND_OPS_BASE_PATH}")
    set(CANN_PATHS "$ENV{ASCEND_OPS_BASE_PATH}")
  else()
    set(_version_cfg_path "${ASCEND_PATH}/latest/version.cfg")
    if(EXISTS "${_version_cfg_path}")
      set(CANN_PATHS "${ASCEND_PATH}/${CANN_VERSION}")
    endif()
  endif()
endif()

if(NOT EXISTS "${CANN_PATHS}")
  message(FATAL_ERROR "CANN path not found: ${CANN_PATHS}")
endif()
"""


def test_cmake_alternatives_fallbacks_and_searches() -> None:
    alternatives = extract_cmake(source_file("cmake/ascend.cmake", MSPROBE_ASCEND)).requirements
    assert _env(alternatives) == [("ASCEND_HOME_PATH", 1)]
    assert [s.line for s in alternatives[0].also_at] == [3]
    assert _env(extract_cmake(source_file("cmake/config.cmake", PYPTO_PYTHON)).requirements) == []
    assert _env(extract_cmake(source_file("cmake/config.cmake", EMBODIED_CANN)).requirements) == []


MINDIE_LLM = "Ascend/MindIE-LLM@8b4871ad31f592aa863f6255760e4934484d78e4"
AMCT = "hicann/amct@2be20daf7124a7e10901049972e9104f27141b7d"

# MINDIE_LLM docs/zh/developer_guide/build_guide.md:43-48 (the step's heading added).
MINDIE_LLM_BUILD = """## 编译

```bash
TORCH_PATH=$(python3 -c "import torch, os; print(os.path.dirname(torch.__file__))")
TORCH_NPU_PATH=$(python3 -c "import torch_npu, os; print(os.path.dirname(torch_npu.__file__))")
export LD_LIBRARY_PATH=${TORCH_PATH}/lib:${TORCH_PATH}/../torch.libs:$LD_LIBRARY_PATH
export PYTORCH_NPU_INSTALL_PATH=${TORCH_NPU_PATH}
export LLVM_SOURCE_DIR=$(realpath ../third-party/llvm-project)
```
"""


def test_a_location_exported_from_where_python_finds_a_package_is_a_need() -> None:
    found = extract_docs(source_file("docs/build_guide.md", MINDIE_LLM_BUILD)).requirements
    assert sorted(_env(found)) == [("LD_LIBRARY_PATH", 6), ("PYTORCH_NPU_INSTALL_PATH", 7)]
    # the block's own computed path (AscendNPU-IR's LLVM_SOURCE_DIR) stays no need


# AMCT build.sh:238 (in a function assembling the CMake arguments); the home is set nowhere.
AMCT_ARGS = """  CMAKE_ARGS="$CMAKE_ARGS -DTOP_DIR=${BASEPATH}"
  CMAKE_ARGS="$CMAKE_ARGS -DASCEND_HOME_PATH=${ASCEND_HOME_PATH}"
  CMAKE_ARGS="$CMAKE_ARGS -DPREX=${LOWER_PREX}"
"""


def test_a_toolkit_home_a_script_hands_its_configure_is_a_need() -> None:
    assert _env(_shell("build.sh", AMCT_ARGS)) == [("ASCEND_HOME_PATH", 2)]
    own = 'ASCEND_HOME_PATH="/usr/local/Ascend/cann"\n' + AMCT_ARGS
    assert _env(_shell("build.sh", own)) == []


# MINDIE_MOTOR mindie_motor/src/controller/CMakeLists.txt:1 and 40-43: a directory
# mindie_motor/src/CMakeLists.txt adds, naming a project without the minimum version.
MOTOR_CONTROLLER = """project(MindIE-MS-Controller)

include_directories(
    $ENV{ASCEND_HOME_PATH}/include
)
"""


def test_a_toolkit_home_read_as_a_path_is_the_toolkits() -> None:
    # unchecked, in a part or in the top configure: the toolkit's set_env.sh sets it, part of
    # the cann need (truth conventions C2)
    added = extract_cmake(source_file("src/controller/CMakeLists.txt", MOTOR_CONTROLLER))
    assert _env(added.requirements) == []
    top = "cmake_minimum_required(VERSION 3.18)\n" + MOTOR_CONTROLLER
    assert _env(extract_cmake(source_file("CMakeLists.txt", top)).requirements) == []


# xiaobingling93-pixel/Ascend-msmonitor @ 50b18674 README.md:120-127
MSMONITOR_PRELOAD = """4. 配置环境变量并启动训练或推理任务。

   ```bash
   export MSMONITOR_USE_DAEMON=1
   export LD_PRELOAD=<CANN安装路径>/ascend-toolkit/latest/lib64/libmspti.so

   bash run_ai_task.sh
   ```
"""


def test_the_library_a_guide_has_the_user_preload_is_a_need() -> None:
    found = extract_docs(source_file("README.md", MSMONITOR_PRELOAD)).requirements
    assert ("LD_PRELOAD", 5) in _env(found)
