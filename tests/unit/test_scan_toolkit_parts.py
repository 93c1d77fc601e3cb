"""A package a CMake file finds inside the toolkit's install is that toolkit (``toolkitparts``)."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile

# sgl-project/sgl-kernel-npu @ 6424da3b, csrc/attentions/csrc/ops/CMakeLists.txt:38-43.
SGL_ALOG = """    set(CMAKE_PREFIX_PATH
        ${CMAKE_PREFIX_PATH}
        ${ASCEND_CANN_PACKAGE_PATH}
    )

    find_package(alog MODULE REQUIRED)
"""

# Ascend/MindIE-LLM @ 8b4871ad, src/kernels/mie_ops/csrc/cmake/dependencies.cmake:12-14, 31,
# 56-58 (the prefix named through a variable set from the environment's CANN home).
MIE_OPS = """if(DEFINED ENV{ASCEND_HOME_PATH})
  set(ASCEND_DIR $ENV{ASCEND_HOME_PATH})
else()
endif()
set(CMAKE_PREFIX_PATH ${ASCEND_DIR}/)
find_package(dlog MODULE REQUIRED)
find_package(securec MODULE)
find_package(OPBASE MODULE REQUIRED)
"""


def _found(rel: str, text: str) -> list[tuple[str, int, bool]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return [
        (r.subject, r.source.line or 0, r.hard)
        for r in extract_cmake(file).requirements
        if (r.text or "").startswith("find_package(")
    ]


def test_a_module_found_under_the_cann_prefix_is_cann() -> None:
    assert _found("csrc/ops/CMakeLists.txt", SGL_ALOG) == [("cann", 6, True)]
    assert _found("src/kernels/mie_ops/csrc/cmake/dependencies.cmake", MIE_OPS) == [
        ("cann", 6, True),
        ("cann", 7, False),
        ("cann", 8, True),
    ]


def test_a_module_found_elsewhere_stays_a_cmake_package() -> None:
    # a package no CANN component names is a part where the prefix pointing at the install is
    # set before its find, and the repo's own without it (the module searches the system)
    unknown = SGL_ALOG.replace("alog", "zlog")
    assert _found("csrc/ops/CMakeLists.txt", unknown) == [("cann", 6, True)]
    alone = unknown.split("\n\n")[1]
    assert _found("csrc/ops/CMakeLists.txt", alone) == [("cmake:zlog", 1, True)]


def test_a_cann_component_is_cann_wherever_the_prefix_is_set() -> None:
    # the scan22 convention: a package the CANN install provides (opbase, metadef, ascendcl,
    # runtime, hccl, log, tiling) is part of ``cann``, never ``cmake:<X>``, though the prefix
    # pointing at the install is set in another file (hicann/atvoss @ 9cc10640,
    # cmake/dependencies.cmake:41
    # ``find_package(dlog MODULE REQUIRED)``, :50 ``find_package(tikicpulib REQUIRED)``;
    # sgl-kernel-npu csrc/attentions/csrc/ops/CMakeLists.txt:43 without :38-41)
    assert _found("csrc/ops/CMakeLists.txt", SGL_ALOG.split("\n\n")[1]) == [("cann", 1, True)]
    atvoss = "  find_package(dlog MODULE REQUIRED)\n  find_package(tikicpulib REQUIRED)\n"
    assert _found("cmake/dependencies.cmake", atvoss) == [("cann", 1, True), ("cann", 2, True)]
    # Ascend/MindIE-LLM src/kernels/mie_ops/csrc/cmake/dependencies.cmake:59-61
    mie = "find_package(platform MODULE REQUIRED)\nfind_package(metadef MODULE REQUIRED)\n"
    mie += "find_package(runtime MODULE REQUIRED)\n"
    assert [s for s, _, _ in _found("cmake/dependencies.cmake", mie)] == ["cann"] * 3


def test_the_top_level_build_finds_the_same_parts() -> None:
    # the same finds in the repo's own top-level build are parts of CANN as well (the truth
    # convention since scan15: a user installs CANN, not dlog)
    assert _found("cmake/dependencies.cmake", MIE_OPS) == [
        ("cann", 6, True),
        ("cann", 7, False),
        ("cann", 8, True),
    ]


# hicann/opbase @ aa3cd74b, CMakeLists.txt:60, 67-69, 71-72, 80 (a wrapper named for CANN)
OPBASE = """    set(ASCEND_INSTALL_PATH "${ASCEND_HOME_PATH}")
    list(APPEND CMAKE_PREFIX_PATH
        ${ASCEND_HOME_PATH}
    )
    find_cann_package(metadef MODULE REQUIRED)
    find_cann_package(graph MODULE REQUIRED)
    find_cann_package(cann_version)
"""

# hicann/ops-nn @ 6f4ac5b1, cmake/dependencies.cmake:63-65 (HINTS at the install; a module path
# into it)
OPS_NN = (
    "    find_package(ASC REQUIRED HINTS "
    "${ASCEND_CANN_PACKAGE_PATH}/${SYSTEM_PREFIX}/tikcpp/ascendc_kernel_cmake)\n"
    """    list(APPEND CMAKE_MODULE_PATH ${ASCEND_CANN_PACKAGE_PATH}/include/ge/cmake)
    find_package(GenerateEsPackage MODULE QUIET)
"""
)


def test_a_wrapper_named_for_the_toolkit_finds_its_parts() -> None:
    found = _all("CMakeLists.txt", OPBASE)
    assert [(s, line, hard) for s, line, hard in found if s == "cann" and line > 1] == [
        ("cann", 5, True),
        ("cann", 6, True),
        ("cann", 7, False),
    ]
    assert [s for s, _, _ in found if s.startswith("cmake:")] == []
    # the wrapper alone says where it looks (hicann/hcomm sets the prefix in another file)
    alone = _all("CMakeLists.txt", "find_cann_package(acl_rt MODULE REQUIRED)\n")
    assert alone == [("cann", 1, True)]
    # a wrapper named for something else is no part of CANN
    other = OPBASE.replace("find_cann_package", "find_thirdparty_package")
    assert [line for s, line, _ in _all("CMakeLists.txt", other) if s == "cann" and line > 1] == []


def test_hints_at_the_install_are_a_part_and_a_module_path_is_not() -> None:
    found = _all("cmake/dependencies.cmake", OPS_NN)
    assert ("cann", 1, True) in found
    assert ("cmake:ASC", 1, True) not in found
    # a module path alone says nothing: the repo's own Find modules sit beside the toolkit's
    assert ("cmake:GenerateEsPackage", 3, False) in found
    # HINTS elsewhere, or beside the install, keep the package its own
    elsewhere = "find_package(alog REQUIRED HINTS ${CMAKE_SOURCE_DIR}/third_party/alog)\n"
    assert ("cmake:alog", 1, True) in _all("cmake/dependencies.cmake", elsewhere)
    beside = "find_package(ZLIB REQUIRED HINTS ${ASCEND_HOME_PATH}/../thirdparty ${ZLIB_ROOT})\n"
    assert ("cmake:ZLIB", 1, True) in _all("cmake/dependencies.cmake", beside)
    # constructed by review: the prefix path set elsewhere than the module path
    text = (
        "set(CMAKE_PREFIX_PATH ${ASCEND_HOME_PATH})\n"
        "set(CMAKE_MODULE_PATH ${CMAKE_SOURCE_DIR}/cmake)\n"
        "find_package(dlog MODULE REQUIRED)\n"
    )
    assert ("cann", 3, True) in _all("csrc/ops/CMakeLists.txt", text)


def test_a_prepended_prefix_counts_and_a_macro_parameter_names_no_part() -> None:
    # cann-cmake's find_cann_package prepends the install: list(PREPEND CMAKE_PREFIX_PATH ...)
    prepended = "list(PREPEND CMAKE_PREFIX_PATH ${ASCEND_HOME_PATH})\nfind_package(dlog MODULE)\n"
    assert ("cann", 2, False) in _all("CMakeLists.txt", prepended)
    # hicann/hixl cmake/function.cmake:202, a wrapper's body: ${pkg} is whatever it is given
    body = "    find_cann_package(${pkg} ${ARGN})\n"
    assert [s for s, _, _ in _all("cmake/function.cmake", body) if s == "cann"] == []


def test_the_drivers_library_a_wrapper_finds_is_not_the_toolkit() -> None:
    # hicann/hcomm CMakeLists.txt:129: libascend_hal.so comes with the driver, not CANN
    found = _all("CMakeLists.txt", "find_cann_package(ascend_hal MODULE REQUIRED)\n")
    assert [s for s, _, _ in found if s == "cann"] == []


def test_a_project_named_asc_is_no_ascend_c_build() -> None:
    # constructed by review: the project's name is not one of its languages
    named = _all("CMakeLists.txt", "project(ASC VERSION 1.0 LANGUAGES CXX)\n")
    assert [s for s, _, _ in named if s == "cann"] == []
    # hicann/ops-fft CMakeLists.txt:35, and the positional form
    assert ("cann", 1, True) in _all(
        "CMakeLists.txt", "project(ops_fft VERSION 1 LANGUAGES ASC CXX)\n"
    )
    assert ("cann", 1, True) in _all("CMakeLists.txt", "project(samples C CXX ASC)\n")


def _all(rel: str, text: str) -> list[tuple[str, int, bool]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return [(r.subject, r.source.line or 0, r.hard) for r in extract_cmake(file).requirements]


def test_a_fatal_test_after_a_toolkit_part_hardens_its_own_package() -> None:
    # Constructed by review (session 14): the sgl-kernel-npu prefix and find, then another
    # package the build stops without; replacing the part must not move the hardening.
    text = (
        SGL_ALOG
        + "find_package(IBVerbs)\nif(NOT IBVERBS_FOUND)\n"
        + '  message(FATAL_ERROR "IBVerbs not found")\nendif()\n'
    )
    assert ("cmake:IBVerbs", 7, True) in _all("csrc/ops/CMakeLists.txt", text)


def test_a_package_read_as_its_own_subject_stays_that_subject() -> None:
    # Constructed by review (session 14): Python3 and Torch found after the CANN prefix are
    # Python and torch, not CANN as well
    text = SGL_ALOG + "find_package(Python3 MODULE REQUIRED)\nfind_package(Torch MODULE REQUIRED)\n"
    found = _all("csrc/ops/CMakeLists.txt", text)
    assert ("python", 7, True) in found
    assert ("torch", 8, True) in found
    assert [line for subject, line, _ in found if subject == "cann" and line in (7, 8)] == []


def test_a_prefix_at_the_driver_or_nnal_is_not_the_toolkit() -> None:
    # Constructed by review (session 14): /usr/local/Ascend/driver holds the driver's
    # ascend_hal, /usr/local/Ascend/nnal NNAL's atb; neither is the CANN toolkit
    for prefix, name in (
        ("/usr/local/Ascend/driver", "ascend_hal"),
        ("/usr/local/Ascend/nnal/atb", "atb"),
    ):
        text = f"set(CMAKE_PREFIX_PATH {prefix})\nfind_package({name} MODULE REQUIRED)\n"
        assert (f"cmake:{name}", 2, True) in _all("csrc/ops/CMakeLists.txt", text)


def test_nvshmem_s_own_cmake_package_is_nvshmem() -> None:
    # perplexityai/pplx-kernels@2bd6e30f csrc/CMakeLists.txt:21,24
    text = (
        "find_package(CUDAToolkit REQUIRED)  # Modern replacement for find_package(CUDA)\n"
        "find_package(Python COMPONENTS Interpreter Development.Module REQUIRED)\n"
        "find_package(Torch REQUIRED)\n"
        "find_package(NVSHMEM REQUIRED)\n"
    )
    file = SourceFile(ref="csrc/CMakeLists.txt", rel="csrc/CMakeLists.txt", text=text)
    found = extract_cmake(file).requirements
    assert [(r.subject, r.source.line) for r in found if "shmem" in r.subject.lower()] == [
        ("nvshmem", 4)
    ]
