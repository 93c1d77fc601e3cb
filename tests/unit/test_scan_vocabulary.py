"""Needs that are not versions, read from real files: submodules, environment variables a
build stops without, required tools, downloads while building. Each case keeps only the
lines it needs, with the public repository, path and commit they come from."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

from bringup.model import Component, Requirement
from bringup.model.plan import Action
from bringup.plan.actions import need_action
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.gitmodules import extract_gitmodules
from bringup.scan.pyguards import python_vocabulary
from bringup.scan.repo import scan_repo
from bringup.scan.setup_py import extract_setup_py
from bringup.scan.shell import extract_shell
from bringup.solve.needs import need_checks
from scan_needs import TORCHAIR_GITMODULES

_VOCABULARY = ("submodule", "env_var", "system_package", "network")


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=f"repo/{rel}", rel=rel, text=text)


def _needs(requirements: Sequence[Requirement]) -> list[tuple[str, str, int | None]]:
    return [(r.subject, r.spec, r.source.line) for r in requirements if r.subject in _VOCABULARY]


def test_gitmodules_sections_are_submodules_citing_their_headers() -> None:
    extraction = extract_gitmodules(_file(".gitmodules", TORCHAIR_GITMODULES))
    assert _needs(extraction.requirements) == [
        ("submodule", "third_party/secure_c", 1),
        ("submodule", "third_party/googletest", 4),
    ]
    assert "atomgit.com/openeuler/libboundscheck (.gitmodules:3)" in (
        extraction.requirements[0].text or ""
    )
    # the entry's path and url lines state the same submodule (a reader cites either)
    assert [[s.line for s in r.also_at] for r in extraction.requirements] == [[2, 3], [5, 6]]


# Ascend/msopprof @ d6c29dfa, .gitmodules:10-19: the packer the build runs, and the mocking
# framework only its unit tests link (test/ut/CMakeLists.txt:62).
MSOPPROF_GITMODULES = """[submodule "thirdparty/makeself"]
	path = thirdparty/makeself
	url = https://gitcode.com/cann-src-third-party/makeself.git
	branch = v2.5.0.x
	ignore = all
[submodule "thirdparty/mockcpp"]
	path = thirdparty/mockcpp
	url = https://gitcode.com/Ascend/mockcpp.git
	branch = ascend_mindstudio_mockcpp_master
	ignore = all
"""


def test_a_test_framework_submodule_is_the_tests_need() -> None:
    found = extract_gitmodules(_file(".gitmodules", MSOPPROF_GITMODULES)).requirements
    assert [(r.spec, r.source.line, r.feature) for r in found] == [
        ("thirdparty/makeself", 1, ""),
        ("thirdparty/mockcpp", 6, "tests"),
    ]


# Ascend/torchair @ fced8842, CMakeLists.txt:57-61.
TORCHAIR_CMAKE = """include_directories(${CMAKE_CURRENT_LIST_DIR}/third_party/secure_c/include)

if(NOT EXISTS "${CMAKE_CURRENT_LIST_DIR}/third_party/secure_c/include")
    message(FATAL_ERROR "Please execute 'git submodule update --init --recursive' to download and update third-party libraries!")
endif()
"""  # noqa: E501

# sgl-project/sgl-kernel-npu @ 6424da3b, CMakeLists.txt:25-34 (the catlass check).
SGL_CATLASS = """    set(CATLASS_DIR "${PROJECT_SOURCE_DIR}/third_party/catlass")
    message(STATUS "[CATLASS] CATLASS_DIR = ${CATLASS_DIR}")

    # fail fast if submodule is not initialized
    if (NOT EXISTS "${CATLASS_DIR}/include")
        message(FATAL_ERROR
            "Catlass submodule not found at ${CATLASS_DIR}\\n"
            "Please run:\\n"
            "  git submodule update --init --recursive\\n"
        )
    endif ()
"""


def test_cmake_stop_on_a_missing_submodule_path_is_a_submodule() -> None:
    torchair = extract_cmake(_file("CMakeLists.txt", TORCHAIR_CMAKE))
    assert _needs(torchair.requirements) == [("submodule", "third_party/secure_c/include", 3)]
    sgl = extract_cmake(_file("CMakeLists.txt", SGL_CATLASS))
    assert _needs(sgl.requirements) == [("submodule", "third_party/catlass/include", 5)]


# sgl-project/sgl-kernel-npu @ 6424da3b, cmake/config_ascend.cmake:1-16.
SGL_CONFIG_ASCEND = """
if(DEFINED ASCEND_HOME_PATH)
elseif(DEFINED ENV{ASCEND_HOME_PATH})
    set(ASCEND_HOME_PATH "$ENV{ASCEND_HOME_PATH}" CACHE PATH "ASCEND CANN package installation directory" FORCE)
endif()

set(ASCEND_CANN_PACKAGE_PATH ${ASCEND_HOME_PATH})

if(EXISTS ${ASCEND_HOME_PATH}/tools/tikcpp/ascendc_kernel_cmake)
    set(ASCENDC_CMAKE_DIR ${ASCEND_HOME_PATH}/tools/tikcpp/ascendc_kernel_cmake)
elseif(EXISTS ${ASCEND_HOME_PATH}/compiler/tikcpp/ascendc_kernel_cmake)
    set(ASCENDC_CMAKE_DIR ${ASCEND_HOME_PATH}/compiler/tikcpp/ascendc_kernel_cmake)
else()
    message(FATAL_ERROR "ascendc_kernel_cmake does not exist, please check whether the cann package is installed.")
endif()
"""  # noqa: E501

# sgl-project/sgl-kernel-npu @ 6424da3b, csrc/attentions/csrc/CMakeLists.txt:55-62: the
# variable is optional (read only when defined); the stop is about its value.
SGL_ABI = """if(DEFINED ENV{USER_ABI_VERSION})
    string(STRIP "$ENV{USER_ABI_VERSION}" ABI)
    if(NOT (ABI STREQUAL "0" OR ABI STREQUAL "1"))
        message(FATAL_ERROR "The value of USER_ABI_VERSION must be 0 or 1, but current value is '${ABI}'")
    endif()
else()
    set(ABI 0)
endif()
"""  # noqa: E501


def test_cmake_environment_variable_a_fatal_chain_tests_is_required() -> None:
    extraction = extract_cmake(_file("cmake/config_ascend.cmake", SGL_CONFIG_ASCEND))
    assert _needs(extraction.requirements) == [("env_var", "ASCEND_HOME_PATH", 2)]
    assert _needs(extract_cmake(_file("CMakeLists.txt", SGL_ABI)).requirements) == []


# vllm-project/vllm @ 53f22d0d, cmake/dep.cmake:1-6.
VLLM_DEP = """include(FetchContent)
FetchContent_Declare(cmake_git_version_tracking
  GIT_REPOSITORY https://github.com/andrew-hardin/cmake-git-version-tracking.git
  GIT_TAG 6c0cb87edd029ddfb403a8e24577c144a03605a6
)
FetchContent_MakeAvailable(cmake_git_version_tracking)
"""

# microsoft/mscclpp @ 1f5f065d, CMakeLists.txt:284-288.
MSCCLPP_FETCH = """include(FetchContent)
FetchContent_Declare(json
    GIT_REPOSITORY https://github.com/nlohmann/json.git
    GIT_TAG v3.12.0
)
"""
# hicann/ascend-boost-comm @ 00d35274, CMakeLists.txt:10-11 (the configure's minimum and
# project) and 29-38.
ABC_INCLUDES = """cmake_minimum_required(VERSION 3.20)
project("mki")
include_directories(
    ${PROJECT_SOURCE_DIR}/src/include
    $ENV{ASCEND_HOME_PATH}/include
    $ENV{ASCEND_HOME_PATH}/pkg_inc
    $ENV{ASCEND_HOME_PATH}/include/aclnn
)

link_directories(
    $ENV{ASCEND_HOME_PATH}/lib64
)
"""


def _places(requirements: Sequence[Requirement]) -> list[tuple[str, list[int | None]]]:
    return [(r.subject, [s.line for s in (r.source, *r.also_at)]) for r in requirements]


def test_an_argument_on_its_own_line_cites_it_and_its_commands_first_line() -> None:
    # the blind truths cite mscclpp's fetch at the command (285) and ascend-boost-comm's
    # variable at the argument (31): the scan cites both lines of each
    fetch = extract_cmake(_file("CMakeLists.txt", MSCCLPP_FETCH)).requirements
    assert _places(fetch) == [("network", [3, 2]), ("system_package", [3])]  # git fetches it
    # a toolkit home read as a path, unchecked, is the toolkit's (truth conventions C2)
    includes = extract_cmake(_file("CMakeLists.txt", ABC_INCLUDES)).requirements
    assert _places([r for r in includes if r.subject == "env_var"]) == []


# sgl-project/sgl-kernel-npu @ 6424da3b, cmake/config_envs.cmake:1-6 (Python is a subject of
# its own) and CMakeLists.txt:62 (ccache is optional: not REQUIRED, no stop).
SGL_PROGRAMS = """# find python binary
find_program(PYTHON_EXECUTABLE NAMES python3)

if (NOT EXISTS ${PYTHON_EXECUTABLE})
    message(FATAL_ERROR "python3 is not found, install python firstly")
endif ()
find_program(CCACHE_PROGRAM ccache)
"""


def test_cmake_fetch_is_network_and_optional_programs_are_not_needs() -> None:
    fetched = extract_cmake(_file("cmake/dep.cmake", VLLM_DEP))
    assert _needs(fetched.requirements) == [
        ("network", "https://github.com/andrew-hardin/cmake-git-version-tracking.git", 3),
        ("system_package", "git", 3),  # a GIT_REPOSITORY: CMake runs git to fetch it
    ]
    assert _needs(extract_cmake(_file("cmake/config_envs.cmake", SGL_PROGRAMS)).requirements) == []


def test_cmake_required_program_is_a_system_package() -> None:
    # The form of find_program's REQUIRED keyword (CMake >= 3.18 documentation).
    text = "find_program(LCOV_BIN lcov REQUIRED)\n"
    assert _needs(extract_cmake(_file("CMakeLists.txt", text)).requirements) == [
        ("system_package", "lcov", 1)
    ]


# deepseek-ai/DeepEP @ dd758caf, setup.py:158-165: every environ read is tested first.
DEEPEP_SETUP = """import os
if True:
    if 'TOPK_IDX_BITS' in os.environ:
        assert 'EP_NUM_TOPK_IDX_BITS' not in os.environ
        os.environ['EP_NUM_TOPK_IDX_BITS'] = os.environ['TOPK_IDX_BITS']

    # Bits of `topk_idx.dtype`, choices are 32 and 64
    if 'EP_NUM_TOPK_IDX_BITS' in os.environ:
        num_topk_idx_bits = int(os.environ['EP_NUM_TOPK_IDX_BITS'])
"""

# NVIDIA/apex @ f425bdf1, setup.py:713-722 (a build option that fetches a submodule).
APEX_SETUP = """import subprocess
if check_cudnn_version_and_warn("--cudnn_gbn", 8500):
    subprocess.run(
        [
            "git",
            "submodule",
            "update",
            "--init",
            "apex/contrib/csrc/cudnn-frontend/",
        ]
    )
"""

# NVIDIA/TransformerEngine @ d0067d0d, setup.py:304-306: a missing git only skips a check.
TE_SETUP = """import shutil
def f():
    if shutil.which("git") is None:
        return
"""

# A setup.py that stops without a variable and a tool (the forms issue 11 names).
STOPS = """import os, shutil
CUDA_HOME = os.environ["CUDA_HOME"]
os.environ["PATH"] = CUDA_HOME + "/bin:" + os.environ["PATH"]
if shutil.which("ninja") is None:
    raise RuntimeError("ninja is required to build the extension")
"""


def _python(text: str) -> list[tuple[str, str, int | None]]:
    return _needs(python_vocabulary(_file("setup.py", text), ast.parse(text)))


def test_setup_py_environ_reads_tools_and_downloads() -> None:
    assert _python(DEEPEP_SETUP) == []
    assert _python(TE_SETUP) == []
    # fetching the declared submodules is the submodule needs' action, no download of its
    # own (the git it runs is read by scan.runtools)
    assert _python(APEX_SETUP) == []
    clone = APEX_SETUP.replace('"submodule",\n            "update",', '"clone",')
    assert _python(clone) == [("network", "subprocess.run(...)", 3)]
    assert _python(STOPS) == [("env_var", "CUDA_HOME", 2), ("system_package", "ninja", 4)]


# gmh14/tssplat @ fc2c39c3, tssplat_ext/install_ext.sh:1-6.
TSSPLAT_INSTALL = """if [ -z "${CUDA_HOME}" ]; then
  echo "CUDA_HOME is not defined!"
  exit 1
else
  echo "CUDA_HOME is defined as ${CUDA_HOME}"
fi
"""

# Line 1: sgl-project/sgl-kernel-npu @ 6424da3b,
# tests/python/deepep/run_a5_ant_migration_regression.sh:59 (a tool checked before an exit),
# here as a repo-level script; line 5: the POSIX ``${X:?message}`` form, written for the test.
TOOL_CHECK = """if ! command -v npu-smi >/dev/null 2>&1; then
    echo "npu-smi not found"
    exit 1
fi
OUT=${OUT_DIR:?set OUT_DIR}
"""


def test_shell_required_variables_and_tools() -> None:
    assert _needs(extract_shell(_file("install_ext.sh", TSSPLAT_INSTALL)).requirements) == [
        ("env_var", "CUDA_HOME", 1)
    ]
    assert _needs(extract_shell(_file("check.sh", TOOL_CHECK)).requirements) == [
        ("system_package", "npu-smi", 1),
        ("env_var", "OUT_DIR", 5),
    ]
    nested = _file("csrc/ops/build.sh", TSSPLAT_INSTALL)
    assert _needs(extract_shell(nested).requirements) == []


# hicann/ops-blas @ 35101c89, build.sh:219-225 and 228: the variable tested is a copy of the
# environment's (which the script sets only after the test); the exit comes after four lines
# of advice. Then the loop of build.sh:243-254,
# a copy of a loop variable (lower case: the script's own), tested the same way; and
# sgl-project/sgl-kernel-npu @ 6424da3b build.sh:7 (the script's own readonly constant, here
# copied and tested as build.sh:301-306 test the candidate taken from it).
OPS_BLAS_HOME = """readonly DEFAULT_ASCEND_ROOT="/usr/local/Ascend/ascend-toolkit"
ASCEND_HOME="${ASCEND_HOME_PATH:-${ASCEND_TOOLKIT_HOME}}"
if [ -z "${ASCEND_HOME}" ]; then
    echo "Error: Ascend/CANN environment is not configured."
    echo "Please source the Ascend environment script first, e.g.:"
    echo "  source /usr/local/Ascend/ascend-toolkit/latest/set_env.sh"
    echo "  or source \\${HOME}/Ascend/ascend-toolkit/latest/set_env.sh"
    exit 1
fi
export ASCEND_HOME_PATH="${ASCEND_HOME_PATH:-${ASCEND_HOME}}"
matched=""
for support_unit in "${SUPPORT_COMPUTE_UNIT_SHORT[@]}"; do
    if [[ "${soc_lower}" == "${support_unit}"* ]]; then
        matched="${support_unit}"
        break
    fi
done
if [ -z "${matched}" ]; then
    echo "Error: The soc [${SOC_VERSION}] is not supported."
    echo "Supported SOC: ${SUPPORT_COMPUTE_UNIT_SHORT[*]}"
    exit 1
fi
candidate="$DEFAULT_ASCEND_ROOT"
if [[ -z "$candidate" ]]; then
    exit 1
fi
"""


def test_a_tested_copy_of_an_environment_variable_is_that_variable() -> None:
    found = extract_shell(_file("build.sh", OPS_BLAS_HOME)).requirements
    assert _needs(found) == [("env_var", "ASCEND_HOME_PATH", 3)]
    need = next(r for r in found if r.subject == "env_var")
    assert [s.line for s in need.also_at] == [2]
    assert "ASCEND_HOME_PATH or ASCEND_TOOLKIT_HOME" in (need.text or "")


# deepseek-ai/DeepEP @ dd758caf, setup.py:106 and :115-117 (NVSHMEM named through f-strings).
DEEPEP_LINKS = """extra_link_args = ['-lcuda']
nvcc_dlink = []
nvcc_dlink.extend(['-dlink', f'-L{nvshmem_root_dir}/lib', '-lnvshmem_device'])
nvshmem_host_lib = get_nvshmem_host_lib_name(nvshmem_root_dir)
extra_link_args.extend([f'-l:{nvshmem_host_lib}', '-l:libnvshmem_device.a'])
"""

# deepseek-ai/DeepEP @ dd758caf, csrc/kernels/CMakeLists.txt:11.
DEEPEP_CMAKE_LINKS = (
    "target_link_libraries(${target_name} PUBLIC nvshmem_host nvshmem_device cudart cudadevrt mlx5)"
)


def test_linked_libraries_name_the_toolkit_that_provides_them() -> None:
    linked = [
        (r.subject, r.spec, r.source.line)
        for r in extract_setup_py(_file("setup.py", DEEPEP_LINKS)).requirements
    ]
    assert ("nvidia_driver", "", 1) in linked  # libcuda is the driver's (a stub links it)
    assert ("nvshmem", "", 3) in linked
    cmake = [
        (r.subject, r.spec, r.source.line, r.text)
        for r in extract_cmake(
            _file("csrc/kernels/CMakeLists.txt", DEEPEP_CMAKE_LINKS)
        ).requirements
    ]
    assert [c[:3] for c in cmake] == [("nvshmem", "", 1), ("cuda", "", 1)]
    assert "NVSHMEM's host library" in (cmake[0][3] or "")


# Ascend/msopprof @ d6c29dfa, .gitmodules:1-14.
MSOPPROF_GITMODULES_TOP = """[submodule "thirdparty/json"]
	path = thirdparty/json
	url = https://gitcode.com/GitHub_Trending/js/json.git
	branch = develop
	ignore = all
[submodule "thirdparty/llvm-project"]
	path = thirdparty/llvm-project
	url = https://gitcode.com/GitHub_Trending/ll/llvm-project
	ignore = all
[submodule "thirdparty/makeself"]
	path = thirdparty/makeself
	url = https://gitcode.com/cann-src-third-party/makeself.git
	branch = v2.5.0.x
	ignore = all
"""


def test_a_checked_out_submodule_is_met_and_an_empty_one_is_fetched(tmp_path: Path) -> None:
    (tmp_path / ".gitmodules").write_text(MSOPPROF_GITMODULES_TOP)
    (tmp_path / "thirdparty" / "json").mkdir(parents=True)
    (tmp_path / "thirdparty" / "json" / "README.md").write_text("JSON for Modern C++\n")
    (tmp_path / "thirdparty" / "makeself").mkdir()  # what a plain clone leaves
    component = scan_repo(tmp_path, "msopprof").component
    submodules = {r.spec: r.hard for r in component.requirements if r.subject == "submodule"}
    assert submodules == {
        "thirdparty/json": False,
        "thirdparty/llvm-project": True,
        "thirdparty/makeself": True,
    }
    assert [a.argv[-1] for a in _fetches(component)] == [
        "thirdparty/llvm-project",
        "thirdparty/makeself",
    ]


def _fetches(component: Component) -> list[Action]:
    """The submodule actions the plan takes for ``component`` (hard needs only)."""
    actions = [need_action(check) for check in need_checks(component) if check.hard]
    return [a for a in actions if a is not None and a.kind == "submodule"]


def test_a_package_install_quoted_in_a_sentence_is_a_need() -> None:
    # NVIDIA/gdrcopy @ fcec3ce0, README.md:71-79 ("## Requirements"); the placeholder the user
    # completes is kept in the package's name. Ascend/fbgemm-ascend @ efdbe918, README.md:91.
    gdrcopy = """\
## Requirements

GPU display driver header files are also required. They are installed as a part
of the driver (or CUDA) installation with  *runfile*. If you install the driver
via package management, we suggest
- On RHEL, `sudo dnf module install nvidia-driver:latest-dkms`.
- On Debian, `sudo apt install nvidia-dkms-<your-nvidia-driver-version>`.
- On SLE, `sudo zypper install nvidia-gfx<your-nvidia-driver-version>-kmp`.
"""
    fbgemm = (
        "4. 安装系统 Ninja（Ubuntu: `apt-get install -y ninja-build`，"
        "CentOS/RHEL: `yum install -y ninja-build`）。\n"
    )
    found = extract_docs(_file("README.md", gdrcopy + fbgemm)).requirements
    assert [(r.spec, r.source.line, r.feature) for r in found if r.subject == "system_package"] == [
        ("nvidia-dkms-<your-nvidia-driver-version>", 7, ""),
        ("nvidia-gfx<your-nvidia-driver-version>-kmp", 8, ""),
    ]  # ninja-build (9) is the ninja tool, a subject of its own: no system package


def test_an_install_a_sentence_calls_optional_is_an_optional_features() -> None:
    # Ascend/DrivingSDK @ e667017e, docs/zh/installation/compile.md:119 (under "#### 前置依赖");
    # the truth gives protobuf-devel to the ONNX plugin (ENABLE_ONNX, off by default).
    text = (
        "#### 前置依赖\n\n"
        "3. （可选）如果您需要编译ONNX插件，请安装`protobuf-devel-3.14.0`, 在centos系统上可以执行"
        "`yum install protobuf-devel-3-14.0`，否则请将`CMakePresets.json`中的`ENABLE_ONNX`选项改为"
        "`FALSE`，`CMakePresets.json`文件需位于项目根目录下。\n"
    )
    found = extract_docs(_file("compile.md", text)).requirements
    assert [
        (r.spec, r.source.line, r.feature, r.hard) for r in found if r.subject == "system_package"
    ] == [("protobuf-devel-3-14.0", 3, "optional", False)]


def test_an_install_a_sentence_calls_not_optional_stays_a_need() -> None:
    # the DrivingSDK item above with its mark negated, as real docs insist on a step ("Must
    # use NODE_OPTIONS flag (not optional)"): "optional" inside "not optional" is no feature.
    text = (
        "#### 前置依赖\n\n"
        "3. (not optional) 请安装`protobuf-devel-3.14.0`, 在centos系统上可以执行"
        "`yum install protobuf-devel-3-14.0`。\n"
    )
    found = extract_docs(_file("compile.md", text)).requirements
    assert [
        (r.spec, r.source.line, r.feature, r.hard) for r in found if r.subject == "system_package"
    ] == [("protobuf-devel-3-14.0", 3, "", True)]


def test_a_form_feed_before_a_fetch_does_not_move_its_citation() -> None:
    # Found by review: the URL's line was looked up in ``splitlines()``, which also breaks at a
    # form feed (and U+2028, \x1c-\x1e), while the commands' lines count newlines only: every
    # fetch after such a character was cited one line too far (mscclpp's fetch, a page break
    # after its first line).
    text = "include(FetchContent)\x0c\n" + MSCCLPP_FETCH.split("\n", 1)[1]
    fetch = extract_cmake(_file("CMakeLists.txt", text)).requirements
    assert _places(fetch) == [("network", [3, 2]), ("system_package", [3])]


# google/leveldb .gitmodules:1-6: the benchmark library, as Meson's dependency('benchmark') is
LEVELDB_GITMODULES = """[submodule "third_party/googletest"]
	path = third_party/googletest
	url = https://github.com/google/googletest.git
[submodule "third_party/benchmark"]
	path = third_party/benchmark
	url = https://github.com/google/benchmark
"""


def test_a_benchmark_submodule_is_the_tests_need_as_in_meson() -> None:
    found = extract_gitmodules(_file(".gitmodules", LEVELDB_GITMODULES)).requirements
    assert [(r.spec, r.feature) for r in found] == [
        ("third_party/googletest", "tests"),
        ("third_party/benchmark", "tests"),
    ]
