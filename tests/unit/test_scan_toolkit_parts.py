"""A package a CMake file finds inside the toolkit's install is that toolkit (``toolkitparts``)."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.toolkitparts import nested

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
    # the same find without the prefix set before it: the module searches the system
    found = _found("csrc/ops/CMakeLists.txt", SGL_ALOG.split("\n\n")[1])
    assert found == [("cmake:alog", 1, True)]


def test_the_top_level_build_keeps_its_packages() -> None:
    # the same finds in the repo's own top-level build name what it is built against
    assert _found("cmake/dependencies.cmake", MIE_OPS) == [
        ("cmake:dlog", 6, True),
        ("cmake:securec", 7, False),
        ("cmake:OPBASE", 8, True),
    ]
    assert not nested("CMakeLists.txt")
    assert not nested("cmake/modules/Findalog.cmake")
    assert nested("src/kernels/mie_ops/csrc/cmake/dependencies.cmake")
    # hicann/opbase @ aa3cd74b keeps its build's own helpers under cmake/third_party/
    assert not nested("cmake/third_party/makeself-fetch.cmake")


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
