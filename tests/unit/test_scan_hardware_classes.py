"""Hardware, toolkit and CMake-package classes (issue 11): packages the repo provides itself,
packaging scripts' architecture branches, "single <device>" as a mode, and the Chinese
"prerequisites" heading.

Lines from Ascend/msprobe 8ff00da37660ef42e2ba945a2ec349b6f85314e1 (cmake/Findsecurec.cmake,
cmake/Findcpython.cmake, ccsrc/atb_probe/CMakeLists.txt:10-11, docs/zh/quick_start/
pytorch_quick_start.md:29-35), CVCUDA/CV-CUDA da51fc96c1494c5e43e136978a2acb99138824af
(src/nvcv/src/CMakeLists.txt:70-88, python/CMakeLists.txt:31), pytorch/ao
36027d82d1ad9949597ea16002ff4940374b1b94 (packaging/post_build_script.sh:15-20, README.md:257),
Ascend/MindIE-Motor 5dfb024e45feec2e947f12d0af72b79b24edff53
(build/service/create_package.sh:24-41), NVIDIA/AMGX 3188dce5bdc22e96407d609e398925bed6aa010d
README.md:65 and docs/zh/user_guide/install/installation_description.md:26-30 (MindIE-Motor),
rusty1s/pytorch_scatter 648dda3cf964731ffb4de11eafc445a83133eda4 setup.py:8-22,95,
hicann/mat-chem-sim-pred fef85c9be08c70dfb65c2254d37a3791edf9c625 FAQ.md:55-59, hicann/shmem
643bfb73b50d88042234d3f5e0c7c9841cdedbbe src/CMakeLists.txt:16-25, NVIDIA/MatX
4d58c1a8 README.md:53 and CMakeLists.txt:157, CVCUDA/CV-CUDA README.md:65 and
cmake/ConfigCUDA.cmake:26, hicann/cann-bench pyproject.toml:54-57.
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement, file_source
from bringup.scan.archchecks import arch_branches
from bringup.scan.cmake import extract_cmake
from bringup.scan.cmakelex import cmake_commands
from bringup.scan.cmakeprovides import provided_packages
from bringup.scan.devicecounts import device_counts
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.registry import DECLARED, PROSE
from bringup.scan.repeats import merge_repeats
from bringup.scan.repo import scan_repo
from bringup.scan.setup_py import extract_setup_py

_FIND_SECUREC = """set(PKG_NAME securec)
set(SHA256_VALUE "1ae16ab92de4884eacea211dcd1989af95dae79b")
set(TAG "v1.1.16")
set(DOWNLOAD_PATH "$ENV{PROJECT_ROOT_PATH}/third_party")
set(DIR_NAME "${DOWNLOAD_PATH}/libboundscheck")

if (NOT ${PKG_NAME}_FOUND)

download_opensource_pkg(${PKG_NAME}
    SHA256 ${SHA256_VALUE}
    GIT_TAG ${TAG}
    DOWNLOAD_PATH ${DOWNLOAD_PATH}
)

include_directories(${DIR_NAME}/include)
set(SECUREC_DIR "${DIR_NAME}")
set(${PKG_NAME}_FOUND TRUE)

endif()
"""
_FIND_CPYTHON = """set(PKG_NAME cpython)

if (NOT ${PKG_NAME}_FOUND)

find_package(Python3 ${PYTHON_VERSION} EXACT COMPONENTS Interpreter Development)
if (NOT Python3_FOUND)
    message(FATAL_ERROR "${Python3} is not found.")
endif()

set(${PKG_NAME}_FOUND TRUE)

endif()
"""
_FIND_SEARCHING = """find_path(IBVERBS_INCLUDE_DIR infiniband/verbs.h)
find_library(IBVERBS_LIBRARIES ibverbs)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(IBVerbs DEFAULT_MSG IBVERBS_INCLUDE_DIR IBVERBS_LIBRARIES)
"""
_NVCV_INSTALL = """if(NVCV_ENABLE_INSTALL)
    install(TARGETS nvcv_types
            EXPORT nvcv_types
            COMPONENT lib
            LIBRARY NAMELINK_COMPONENT dev)

    include(CMakePackageConfigHelpers)
    write_basic_package_version_file(nvcv_types-config-version.cmake
                                     COMPATIBILITY SameMajorVersion)

    if(UNIX)
        install(EXPORT nvcv_types
                DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/nvcv_types"
                FILE nvcv_types-config.cmake
                COMPONENT dev)
    endif()
endif()
"""


def test_a_find_module_that_searches_nothing_provides_its_package() -> None:
    assert provided_packages("cmake/Findsecurec.cmake", cmake_commands(_FIND_SECUREC)) == [
        "cmake:securec"
    ]
    # a wrapper hands over to find_package(Python3): its own line states that need
    assert provided_packages("cmake/Findcpython.cmake", cmake_commands(_FIND_CPYTHON)) == [
        "cmake:cpython"
    ]


def test_a_find_module_that_searches_the_machine_provides_nothing() -> None:
    assert provided_packages("cmake/FindIBVerbs.cmake", cmake_commands(_FIND_SEARCHING)) == []
    # the same commands outside a find module provide nothing either
    assert provided_packages("cmake/utils.cmake", cmake_commands(_FIND_SECUREC)) == []


def test_an_installed_package_config_is_the_repos_own() -> None:
    found = provided_packages("src/nvcv/src/CMakeLists.txt", cmake_commands(_NVCV_INSTALL))
    assert found == ["cmake:nvcv_types"]


def test_the_repos_own_packages_are_no_cmake_needs(tmp_path: Path) -> None:
    (tmp_path / "cmake").mkdir()
    (tmp_path / "cmake" / "Findsecurec.cmake").write_text(_FIND_SECUREC)
    (tmp_path / "cmake" / "FindIBVerbs.cmake").write_text(_FIND_SEARCHING)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "CMakeLists.txt").write_text(_NVCV_INSTALL)
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.16)\nproject(probe LANGUAGES CXX)\n"
        'list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_SOURCE_DIR}/cmake")\n'
        "add_subdirectory(src)\n"
        "find_package(securec MODULE REQUIRED)\n"
        "find_package(nvcv_types REQUIRED)\n"
        "find_package(IBVerbs REQUIRED)\n"
    )
    scanned = scan_repo(tmp_path, str(tmp_path)).component.requirements
    subjects = {r.subject for r in scanned}
    assert "cmake:securec" not in subjects
    assert "cmake:nvcv_types" not in subjects
    assert "cmake:IBVerbs" in subjects


_AUDITWHEEL = """WHEELS=(dist/*.whl)
if [[ ${#WHEELS[@]} -gt 0 ]]; then
    ARCH="$(uname -m)"
    if [[ ${CU_VERSION:-} == cu* || $ARCH == "aarch64" ]]; then
        case "${ARCH}" in
            x86_64) manylinux_plat=manylinux_2_28_x86_64 ;;
            aarch64) manylinux_plat=manylinux_2_28_aarch64 ;;
            *) echo "Unsupported arch for auditwheel: ${ARCH}"; exit 1 ;;
        esac
    fi
fi
"""
_CREATE_PACKAGE = """ARCH=$(uname -m)
mkdir -p "$DEBUG_SYMBOLS_DIR"

if [[ "${ARCH}" != "aarch64" && "${ARCH}" != "x86_64" ]]; then
    echo "Error: The system is not aarch64 or x86_64, exit."
    exit 1
fi
"""


def _branches(rel: str, text: str) -> list[str]:
    found = arch_branches(SourceFile(ref=rel, rel=rel, text=text), cmake=False)
    return [r.spec for r in found]


def test_a_packaging_scripts_arch_branch_is_no_support_list() -> None:
    assert _branches("packaging/post_build_script.sh", _AUDITWHEEL) == []
    assert _branches("build/service/create_package.sh", _CREATE_PACKAGE) == []
    assert _branches("scripts/package/ops_xllm/scripts/install.sh", _CREATE_PACKAGE) == []
    # the same branches in a build script are the repo's support list
    assert _branches("build/build.sh", _CREATE_PACKAGE) == ["aarch64,x86_64"]
    assert _branches("scripts/install.sh", _AUDITWHEEL) == ["aarch64,x86_64"]


def test_single_device_as_a_mode_is_no_count() -> None:
    ao = (
        "For maximum memory savings, we support single GPU CPU offloading that efficiently "
        "moves both gradients and optimizer state to CPU memory."
    )
    amgx = "CMAKE_NO_MPI: Boolean value. If True then non-MPI (single GPU) build will be forced."
    assert device_counts(ao, None) == []
    assert device_counts(amgx, None) == []
    for needed in ("It runs on a single GPU.", "This requires single NPU.", "at least single GPU"):
        assert [m.spec for m in device_counts(needed, None)] == [">=1"]


_PREREQUISITES = """#### 2.1.1 前置条件

开始前，请确认服务器满足以下要求：

| 项目 | 要求 | 验证方法 |
| --- | --- | --- |
| **硬件算力** | Linux 服务器配备至少 1 张 NPU 卡，驱动与固件已安装 | 执行 `npu-smi info` |
"""


def test_a_prerequisites_heading_in_chinese_states_needs() -> None:
    rel = "docs/zh/quick_start/pytorch_quick_start.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=_PREREQUISITES)).requirements
    assert ("npu_count", ">=1", 7) in {(r.subject, r.spec, r.source.line) for r in found}


def test_a_cmake_packaging_file_that_refuses_a_cpu_is_still_read() -> None:
    # the configure that includes it stops on any other CPU
    text = (
        'if (CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64")\n    set(ARCH x86_64)\n'
        'elseif (CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64")\n    set(ARCH aarch64)\n'
        'else ()\n    message(FATAL_ERROR "Unsupported architecture")\nendif ()\n'
    )
    rel = "cmake/package.cmake"
    found = arch_branches(SourceFile(ref=rel, rel=rel, text=text), cmake=True)
    assert [r.spec for r in found] == ["x86_64,aarch64"]


_SCATTER = """import torch
from setuptools import find_packages, setup
from torch.__config__ import parallel_info
from torch.utils.cpp_extension import (CUDA_HOME, BuildExtension, CppExtension,
                                       CUDAExtension)

__version__ = '2.1.2'
URL = 'https://github.com/rusty1s/pytorch_scatter'

WITH_CUDA = False
if torch.cuda.is_available():
    WITH_CUDA = CUDA_HOME is not None or torch.version.hip
suffices = ['cpu', 'cuda'] if WITH_CUDA else ['cpu']


def get_extensions():
    extensions = []
    for suffix in suffices:
        Extension = CppExtension if suffix == 'cpu' else CUDAExtension
        extensions += [Extension('torch_scatter._scatter', [])]
    return extensions
"""


def _setup_needs(text: str) -> list[tuple[str, int | None, bool]]:
    found = extract_setup_py(SourceFile(ref="setup.py", rel="setup.py", text=text)).requirements
    return [(r.subject, r.source.line, r.hard) for r in found if r.subject == "cuda"]


def test_a_toolkit_builder_chosen_where_the_toolkit_is_there_is_a_soft_need() -> None:
    assert _setup_needs(_SCATTER) == [("cuda", 12, False)]
    # called outright it is the build's own need
    called = _SCATTER.replace("[Extension(", "[CUDAExtension(")
    assert _setup_needs(called) == [("cuda", 20, True)]


_OS_TABLE = """|硬件|操作系统|
|--|--|
|Atlas 800I A2 推理服务器|AArch64：<ul><li>CentOS 7.6</li><li>Ubuntu 22.04</li></ul>|
|Atlas 300I Duo 推理卡+Atlas 800 推理服务器（型号 3000）|AArch64：<ul><li>Debian 10.8</li></ul>|
|Atlas 300I Duo 推理卡+Atlas 800 推理服务器（型号 3010）|X86_64：<ul><li>Ubuntu 22.04</li></ul>|
"""


def test_the_cpus_an_os_support_column_is_told_for_are_an_arch_list() -> None:
    rel = "docs/zh/user_guide/install/installation_description.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=_OS_TABLE)).requirements
    arch = [r for r in found if r.subject == "arch"]
    assert [(r.spec, r.source.line, r.hard) for r in arch] == [("aarch64,x86_64", 3, True)]
    assert [s.line for s in arch[0].also_at] == [4, 5]
    # an OS column naming no CPU states none
    plain = _OS_TABLE.replace("AArch64：", "").replace("X86_64：", "")
    assert not any(
        r.subject == "arch"
        for r in extract_docs(SourceFile(ref=rel, rel=rel, text=plain)).requirements
    )


def _read(line: str) -> list[tuple[str, str]]:
    return [(m.subject, m.spec) for m in read_line(line, vendor="ascend")]


def test_the_stack_a_guide_migrates_from_is_no_need() -> None:
    assert _read("**对于从 CUDA 迁移到 Ascend C 的开发者**，需要转变几个核心思维：") == []
    compared = (
        "2. **数据搬运需显式管理**：Ascend C 的 `DataCopy` / `Pipe` 机制要求开发者手动控制 GM"
        "（全局内存）→ Local Memory（片上缓存）的数据流动，这与 CUDA 中相对透明的 cache 层级不同。"
    )
    assert _read(compared) == []
    assert _read("When migrating models from CUDA, you need to rewrite the kernels.") == []
    # "从" and "与" alone name a source and a companion, not a migration
    assert ("cuda", "==11.8.*") in _read("需要从 CUDA 官网下载安装 CUDA 11.8")
    assert _read("需要安装 CANN 与 CUDA") == [("cann", ""), ("cuda", "")]
    assert _read("迁移到昇腾需要安装CANN") == [("cann", "")]


def _needed(line: str) -> list[tuple[str, str]]:
    text = f"# Q\n\n## 环境要求\n\n{line}\n"
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=text)).requirements
    return [(r.subject, r.spec) for r in found]


def test_a_release_other_versions_are_set_against_is_needed() -> None:
    # constructed inputs (review s18b #2, /tmp/review2/r13/README.md:5): "do not use a
    # version other than CANN 8.0.RC1" demands it; the clause goes on past 不同
    assert _needed("请勿使用与 CANN 8.0.RC1 不同的版本，否则算子无法加载。") == [
        ("cann", "==8.0.RC1")
    ]
    assert _needed("与 CANN 8.0.RC1 版本不同的软件包无法使用。") == [("cann", "==8.0.RC1")]
    # a difference that ends its clause still sets the stack against the repo's ways
    assert _needed("与 CUDA 11.8 不同，本仓库使用 Ascend C 编写算子。") == []


_SHMEM = """set(ACLSHMEM_MPI_SUPPORT OFF)

if(ACLSHMEM_MPI_SUPPORT)
    find_package(MPI REQUIRED)
else()
    find_package(MPI)
    if(MPI_FOUND)
        set(ACLSHMEM_MPI_SUPPORT ON)
    endif()
endif()
"""


def _cmake_needs(text: str) -> list[tuple[str, int | None, bool, str]]:
    rel = "src/CMakeLists.txt"
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [(r.subject, r.source.line, r.hard, r.feature) for r in found]


def test_a_branch_a_plain_set_turns_off_is_no_need_of_the_default_build() -> None:
    found = _cmake_needs(_SHMEM)
    assert ("cmake:MPI", 4, True, "option:ACLSHMEM_MPI_SUPPORT") in found
    assert all(feature for subject, _, _, feature in found if subject == "cmake:MPI")
    # turned on, the branch is the build's
    on = _cmake_needs(_SHMEM.replace("SUPPORT OFF)", "SUPPORT ON)"))
    assert ("cmake:MPI", 4, True, "") in on
    # a set inside a branch decides nothing about the default: the option is on
    inner = (
        'option(WITH_MPI "MPI" ON)\nif(APPLE)\n  set(WITH_MPI OFF)\nendif()\n'
        "if(WITH_MPI)\n  find_package(MPI REQUIRED)\nendif()\n"
    )
    assert _cmake_needs(inner) == [("cmake:MPI", 6, True, "")]


def _need(spec: str, rel: str, line: int, *, hard: bool) -> Requirement:
    return Requirement(
        subject="cuda", spec=spec, component="x", source=file_source(rel, line), hard=hard
    )


def test_a_soft_release_the_hard_floor_admits_folds_into_it() -> None:
    floor = _need(">=11.5", "CMakeLists.txt", 157, hard=True)
    tested = _need("==12.2.1", "README.md", 53, hard=False)
    authority = {"CMakeLists.txt": DECLARED, "README.md": PROSE}
    (merged,) = merge_repeats([floor, tested], authority)
    assert (merged.spec, merged.hard, merged.source.line) == (">=11.5", True, 157)
    assert [s.line for s in merged.also_at] == [53]
    assert "also stated: ==12.2.1" in (merged.text or "")
    # one below the floor stays apart (the check shows it)
    older = _need("==11.0", "README.md", 53, hard=False)
    assert len(merge_repeats([floor, older], authority)) == 2


def test_a_floor_and_the_major_series_from_it_are_one_range() -> None:
    floor = _need(">=11.4", "cmake/ConfigCUDA.cmake", 26, hard=True)
    series = _need("==11.* || ==12.*", "README.md", 65, hard=True)
    authority = {"cmake/ConfigCUDA.cmake": DECLARED, "README.md": PROSE}
    (merged,) = merge_repeats([floor, series], authority)
    assert (merged.spec, merged.source.line) == (">=11.4,<13", 26)
    assert [s.line for s in merged.also_at] == [65]
    # series the floor does not start, or with a gap, stay apart
    for apart in ("==10.* || ==11.*", "==11.* || ==13.*"):
        listed = _need(apart, "README.md", 65, hard=True)
        assert len(merge_repeats([floor, listed], authority)) == 2


_UV = """[project]
name = "cann-bench"

[tool.uv]
package = false  # 只做依赖管理,不打 wheel,以 PYTHONPATH=src 运行
# 只在 Ascend NPU(linux-aarch64)跑;torch_npu 无 mac wheel,故只锁此平台。
environments = ["sys_platform == 'linux' and platform_machine == 'aarch64'"]
"""


def _platforms(text: str) -> list[tuple[str, str, int | None, bool]]:
    found = extract_pyproject(SourceFile(ref="pyproject.toml", rel="pyproject.toml", text=text))
    return [
        (r.subject, r.spec, r.source.line, r.hard)
        for r in found.requirements
        if r.subject in ("arch", "os")
    ]


def test_the_cpus_uv_locks_for_are_an_arch_list() -> None:
    assert _platforms(_UV) == [("arch", "aarch64", 7, False)]
    both = _UV.replace(
        "'aarch64'\"]", "'aarch64'\", \"sys_platform == 'linux' and platform_machine == 'x86_64'\"]"
    )
    assert _platforms(both) == [("arch", "aarch64,x86_64", 7, False)]
    # an environment of any CPU leaves the CPU open
    assert _platforms(_UV.replace("and platform_machine == 'aarch64'", "")) == []


def test_a_stack_ported_from_that_the_sentence_needs_is_a_need() -> None:
    # constructed input (review s18b #5, /tmp/review2/r11/README.md:5)
    assert _read("Ported from CUDA 11.8: building the reference kernels requires it.") == [
        ("cuda", "==11.8.*")
    ]
    # a need verb in the next sentence points at something else
    assert _read("Ported from CUDA 11.8. Building the new kernels requires it.") == []


def test_a_count_of_devices_in_a_state_is_still_that_many_devices() -> None:
    # hicann/hixl@9ed283b2 docs/en/quick_start.md:21, under "## Prerequisites"
    line = (
        "- Two interconnected devices have been selected. If the execution fails, refer to "
        "[Sample Execution](../../examples/README_en.md) to check device connectivity and TLS "
        "configuration."
    )
    assert [(m.subject, m.spec) for m in read_line(line, required=True, vendor="ascend")] == [
        ("npu_count", ">=2")
    ]
    # constructed: a word that is no state of the devices does not join the count to them
    unjoined = "- Two selected devices have been interconnected."
    assert read_line(unjoined, required=True, vendor="ascend") == []
