"""Classes of wrong answers of the scan (issue 11, precision on unseen repos): a table of
toolkit versions beside the hard floor it lies within, a CMake branch on the CPU that only
picks that CPU's flags, one CI runner's CPU, a find of what the CMake file itself fetches, and
finds only an option off by default runs, declared in another CMake file; the host's memory read
as the device's.

Lines from traveller59/spconv 263d6b47425ef843c82f997b12d8b714013d216c README.md:121,155-158,
NVIDIA/cutlass 7107b05535f8977f5ecb9d01ee203205b1fd9bc4 CUDA.cmake:85 and README.md:139,
pytorch/FBGEMM 71d6f8b229d964e61cac24df9bbd2ffcc4b4d378 CMakeLists.txt:114-122,
xLLM-AI/xllm-ops d4a441a60b8b2a42ae2e722e662b21d508d6781c atb_customize/CMakeLists.txt:13-17 and
cmake/build_empty_package.cmake:11-21, hicann/cmake 8cb721817e5bd8a6b7e06f939fa3eeb7f0fce647
function/prepare.cmake:35-45, Tencent/ncnn a4d2ea1d4422c9e849f166fd7a4aefb52f942f6a
.github/workflows/linux-aarch64.yml:35-47, rapidsai/cudf 6a22d1d2f908ba046c76aa7895fc7b78e53d8023
cpp/cmake/thirdparty/get_arrow.cmake:92-156, ROCm/rccl 0cbce2a7571c907554199fad7e905f16ec0a565c
cmake/Dependencies.cmake:74-105, facebookresearch/faiss 02dbb4e42f49aa2ce57cd78977b0e47a11f7cb91
CMakeLists.txt:105 and faiss/CMakeLists.txt:632-633, alibaba/MNN 4d40bdbd CMakeLists.txt:271,717-718
and source/backend/vulkan/CMakeLists.txt:18, ModelTC/lightx2v 0591c35e README.md:57.
"""

from __future__ import annotations

from pathlib import Path

from bringup.model import Requirement, file_source
from bringup.scan.archchecks import arch_branches
from bringup.scan.ci import extract_ci
from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.memory import device_memory
from bringup.scan.registry import DECLARED, PROSE
from bringup.scan.repeats import merge_repeats
from bringup.scan.repo import scan_repo


def _cuda(spec: str, rel: str, line: int, *, hard: bool) -> Requirement:
    return Requirement(
        subject="cuda", spec=spec, component="x", source=file_source(rel, line), hard=hard
    )


def test_a_table_of_toolkit_releases_within_the_hard_floor_folds_into_it() -> None:
    # spconv README.md:121 "You need at least CUDA 11.0" and the wheels' table at :155-158
    # ("11.1~11.7" and "11.8+"): one need, the table's places beside the floor
    floor = _cuda(">=11.0", "README.md", 121, hard=True)
    table = _cuda(">=11.1,<11.8 || >=11.8", "README.md", 155, hard=False)
    (merged,) = merge_repeats([floor, table], {"README.md": PROSE})
    assert (merged.spec, merged.hard, merged.source.line) == (">=11.0", True, 121)
    assert 155 in [s.line for s in merged.also_at]
    # cutlass CUDA.cmake:85 stops below 9.2; README.md:139 "compatible with CUDA 11.4, …, and
    # all other CUDA 12.x versions"
    floor = _cuda(">=9.2", "CUDA.cmake", 85, hard=True)
    tested = _cuda("==11.4.* || ==11.8.* || ==12.*", "README.md", 139, hard=False)
    authority = {"CUDA.cmake": DECLARED, "README.md": PROSE}
    (merged,) = merge_repeats([floor, tested], authority)
    assert (merged.spec, merged.source.line) == (">=9.2", 85)
    assert "also stated: ==11.4.* || ==11.8.* || ==12.*" in (merged.text or "")
    # a table reaching below the floor, or of anything but releases, stays apart
    for apart in ("==9.0.* || ==12.*", ">=11.1,<11.8 || cu118"):
        other = _cuda(apart, "README.md", 139, hard=False)
        assert len(merge_repeats([floor, other], authority)) == 2


_FBGEMM = """# Set defaults for GCC and GCC+AArch64 builds
if (CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(CMAKE_C_FLAGS_INIT "${CMAKE_C_FLAGS_INIT} -fno-trapping-math")
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|ARM64")
    set(CMAKE_C_FLAGS_INIT "${CMAKE_C_FLAGS_INIT} -ftree-vectorize")
  endif()
endif()
if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|amd64|AMD64|i386|i686")
  message(STATUS "Processor is ${CMAKE_SYSTEM_PROCESSOR}; will build AVX2 target")
endif()
"""
_ATB_CUSTOMIZE = """cmake_minimum_required(VERSION 3.15)
project("customize")
set(CMAKE_CXX_STANDARD 17)

IF (CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "aarch64")
    SET(ARCH aarch64)
ELSEIF (CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "x86_64")
    SET(ARCH x86_64)
ENDIF ()

option(USE_CXX11_ABI "USE_CXX11_ABI" ON)
"""
_PREPARE = """function(__cann_get_target_arch)
    string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" ARCH_LOW)
    if (ARCH_LOW MATCHES "x86_64|amd64")
        set(TARGET_ARCH x86_64 PARENT_SCOPE)
    elseif (ARCH_LOW MATCHES "aarch64|arm64|arm")
        set(TARGET_ARCH aarch64 PARENT_SCOPE)
    else ()
        message(WARNING "Unknown architecture: ${CMAKE_SYSTEM_PROCESSOR}")
        set(TARGET_ARCH PARENT_SCOPE)
    endif()
endfunction()
"""
_EMPTY_PACKAGE = """function(cpack_empty_package)
  include(../cmake/third_party/makeself-fetch.cmake)
  if (CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64")
      message(STATUS "Detected architecture: x86_64")
      set(ARCH x86_64)
  elseif (CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64|arm")
      message(STATUS "Detected architecture: ARM64")
      set(ARCH aarch64)
  else ()
      message(WARNING "Unknown architecture: ${CMAKE_SYSTEM_PROCESSOR}")
  endif ()
"""


def _cmake_branches(rel: str, text: str) -> list[tuple[str, bool]]:
    found = arch_branches(SourceFile(ref=rel, rel=rel, text=text), cmake=True)
    return [(r.spec, r.hard) for r in found]


def test_a_cmake_branch_that_only_picks_a_cpus_flags_is_no_support_list() -> None:
    assert _cmake_branches("CMakeLists.txt", _FBGEMM) == []
    assert _cmake_branches("atb_customize/CMakeLists.txt", _ATB_CUSTOMIZE) == []
    # a warning for any other CPU tells the known ones apart: a soft support list
    assert _cmake_branches("function/prepare.cmake", _PREPARE) == [("x86_64,aarch64", False)]
    # ... but not in a packaging file, where the branch names the package made here
    assert _cmake_branches("cmake/build_empty_package.cmake", _EMPTY_PACKAGE) == []
    # a refusal of the others is a hard list wherever it stands
    refused = _ATB_CUSTOMIZE.replace(
        "ENDIF ()", 'ELSE ()\n    message(FATAL_ERROR "Unsupported architecture")\nENDIF ()'
    )
    assert _cmake_branches("atb_customize/CMakeLists.txt", refused) == [("aarch64,x86_64", True)]


_NCNN_AARCH64 = """name: linux-aarch64
jobs:
  aarch64-native:
    runs-on: ubuntu-24.04-arm
    steps:
    - uses: actions/checkout@v7

    - name: build
      run: |
        mkdir build && cd build
        cmake -DNCNN_BUILD_TOOLS=OFF -DNCNN_BUILD_EXAMPLES=OFF -DNCNN_BUILD_TESTS=ON ..
        cmake --build . -j $(nproc)
    - name: test
      run: cd build && ctest --output-on-failure -j $(nproc)
"""


def test_one_runners_cpu_is_where_that_job_runs_not_a_support_list() -> None:
    rel = ".github/workflows/linux-aarch64.yml"
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=_NCNN_AARCH64)).requirements
    assert "arch" not in {r.subject for r in found}
    # a matrix of runners is the CPUs the repo is built for
    matrix = _NCNN_AARCH64.replace(
        "    runs-on: ubuntu-24.04-arm\n",
        "    runs-on: ${{ matrix.os }}\n    strategy:\n      matrix:\n"
        "        os: [ubuntu-24.04, ubuntu-24.04-arm]\n",
    )
    found = extract_ci(SourceFile(ref=rel, rel=rel, text=matrix)).requirements
    assert [r.spec for r in found if r.subject == "arch"] == ["aarch64,x86_64"]


_ARROW = """  rapids_cpm_find(
    Arrow ${VERSION}
    GLOBAL_TARGETS arrow_shared parquet_shared
    CPM_ARGS
    GIT_REPOSITORY https://github.com/apache/arrow.git
    GIT_TAG apache-arrow-${VERSION}
  )
  if(Arrow_DIR)
    find_package(Arrow REQUIRED QUIET)
  endif()
"""
_ROCM_CMAKE = """set( PROJECT_EXTERN_DIR ${CMAKE_CURRENT_BINARY_DIR}/extern )
find_package(ROCM 0.7.3 QUIET CONFIG PATHS /opt/rocm)
if(NOT ROCM_FOUND)
    set(rocm_cmake_tag "master" CACHE STRING "rocm-cmake tag to download")
    file(
        DOWNLOAD https://github.com/ROCm/rocm-cmake/archive/${rocm_cmake_tag}.zip
        ${PROJECT_EXTERN_DIR}/rocm-cmake-${rocm_cmake_tag}.zip
    )
    find_package( ROCM 0.7.3 REQUIRED CONFIG PATHS ${PROJECT_EXTERN_DIR}/rocm-cmake )
endif()
"""


def _packages(rel: str, text: str) -> list[str]:
    found = extract_cmake(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [r.subject for r in found if r.subject.startswith("cmake:") and r.hard]


def test_a_find_of_what_the_file_itself_fetches_is_no_package_need() -> None:
    # rapidsai/cudf 6a22d1d2 cpp/cmake/thirdparty/get_arrow.cmake:92-99,153-156
    assert _packages("cpp/cmake/thirdparty/get_arrow.cmake", _ARROW) == []
    # ROCm/rccl 0cbce2a7 cmake/Dependencies.cmake:74-105: a quiet find, the download, the
    # REQUIRED find in the download
    assert _packages("cmake/Dependencies.cmake", _ROCM_CMAKE) == []
    # with nothing fetched between, the REQUIRED find demands it installed
    unfetched = _ROCM_CMAKE.replace("    file(\n        DOWNLOAD", "    message(\n        STATUS")
    assert _packages("cmake/Dependencies.cmake", unfetched) == ["cmake:ROCM"]
    assert _packages("CMakeLists.txt", "find_package(Arrow REQUIRED)\n") == ["cmake:Arrow"]


# a public CMake file (the code index names no repository): the installed fmt in one branch,
# the fetched one in the other
_FMT_EITHER = """if(USE_SYSTEM_FMT)
  find_package(fmt REQUIRED)
else()
  # Download fmt

  # fmt version
  set(FMT_VERSION 9.1.0)

  FetchContent_Declare(
    fmt
    GIT_REPOSITORY https://github.com/fmtlib/fmt.git
    GIT_TAG ${FMT_VERSION}
    GIT_SHALLOW TRUE
  )

  FetchContent_MakeAvailable(fmt)
endif()
"""


def test_a_find_is_no_fallback_of_a_fetch_it_does_not_precede() -> None:
    # the REQUIRED find lies in the other branch of the fetch's if: the system build needs fmt
    assert _packages("cmake/fmt.cmake", _FMT_EITHER) == ["cmake:fmt"]
    # constructed (the review's): another package fetched between a quiet and a REQUIRED find
    between = (
        "find_package(Protobuf QUIET)\ninclude(FetchContent)\n"
        "FetchContent_Declare(json URL https://github.com/nlohmann/json/releases/download/"
        "v3.11.3/json.tar.xz)\nFetchContent_MakeAvailable(json)\n"
        "find_package(Protobuf REQUIRED)\n"
    )
    assert _packages("CMakeLists.txt", between) == ["cmake:Protobuf"]
    # constructed (the review's): a message's word URL fetches nothing
    said = "find_package(Boost QUIET)\nmessage(STATUS URL)\nfind_package(Boost REQUIRED)\n"
    assert _packages("CMakeLists.txt", said) == ["cmake:Boost"]


def _scanned(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, str]]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    component = scan_repo(tmp_path, "repo").component
    return [
        (r.subject, (r.source.ref or "").split("/", 1)[1])
        for r in component.requirements
        if r.subject.startswith("cmake:")
    ]


def test_a_find_under_an_option_another_cmake_file_declares_off_is_that_options(
    tmp_path: Path,
) -> None:
    # facebookresearch/faiss 02dbb4e4 CMakeLists.txt:105 declares FAISS_ENABLE_SVS off;
    # faiss/CMakeLists.txt:632-633 finds svs_runtime only under it
    root = (
        "cmake_minimum_required(VERSION 3.24.0 FATAL_ERROR)\nproject(faiss LANGUAGES CXX)\n"
        'option(FAISS_ENABLE_SVS "Enable SVS (Intel(R) Scalable Vector Search) integration." OFF)\n'
        "add_subdirectory(faiss)\n"
    )
    nested = (
        "find_package(OpenMP REQUIRED)\n"
        "if(FAISS_ENABLE_SVS)\n  find_package(svs_runtime REQUIRED)\nendif()\n"
    )
    found = _scanned(tmp_path, {"CMakeLists.txt": root, "faiss/CMakeLists.txt": nested})
    assert found == [("cmake:OpenMP", "faiss/CMakeLists.txt")]


def test_a_directory_added_by_its_spelled_out_path_under_an_option_is_that_options(
    tmp_path: Path,
) -> None:
    # alibaba/MNN 4d40bdbd CMakeLists.txt:271 option(MNN_VULKAN ... OFF), :717-718
    # add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/source/backend/vulkan/); its
    # source/backend/vulkan/CMakeLists.txt:18 find_package(Vulkan REQUIRED)
    root = (
        "cmake_minimum_required(VERSION 3.6)\nproject(MNN)\n"
        'option(MNN_VULKAN "Enable Vulkan" OFF)\n'
        "if(MNN_VULKAN)\n"
        "  add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/source/backend/vulkan/)\n"
        "endif()\n"
    )
    vulkan = "find_package(Vulkan REQUIRED)\n"
    found = _scanned(
        tmp_path, {"CMakeLists.txt": root, "source/backend/vulkan/CMakeLists.txt": vulkan}
    )
    assert found == []


def test_the_host_memory_after_the_device_memory_word_is_not_the_devices() -> None:
    # ModelTC/lightx2v 0591c35e README.md:57 "with only **8GB VRAM + 16GB RAM**": the GPU
    # needs 8 GB (gpu_memory >=8), the 16 GB is the host's
    line = "Run 14B models for 480P/720P video generation with only **8GB VRAM + 16GB RAM**"
    assert [m.gigabytes for m in device_memory(line)] == [8]
    # README_zh.md:55
    zh = "**仅需8GB显存 + 16GB内存**即可运行14B模型生成480P/720P视频"
    assert [m.gigabytes for m in device_memory(zh)] == [8]
    assert [m.gigabytes for m in device_memory("VRAM: 24GB, 64GB system memory")] == [24]
    assert [m.gigabytes for m in device_memory("显存 80GB 以上")] == [80]
