"""The C++ standard a CMake build states by a compile flag or a target property (issue 11:
cxx_standard missed where no ``CMAKE_CXX_STANDARD`` says it). Each case keeps only the lines it
needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from scan_needs import source_file

# Ascend/msopprof @ d6c29dfa, cmake/options.cmake:1-2.
MSOPPROF_OPTIONS = """# 安全规范编译命令
add_compile_options("-std=c++11")
"""
# Ascend/mspti @ a3891605, CMakeLists.txt:67-69.
MSPTI_OPTIONS = """target_compile_options(mspti_shared PRIVATE
    -std=c++14
    -fPIC
"""
# rapidsai/rmm @ 5d50a37b, cpp/CMakeLists.txt:138-143.
RMM_PROPERTIES = """set_target_properties(
  rmm
  PROPERTIES BUILD_RPATH "\\$ORIGIN"
             INSTALL_RPATH "\\$ORIGIN"
             CXX_STANDARD 20
             CXX_STANDARD_REQUIRED ON
"""


def _standards(rel: str, text: str) -> list[tuple[str, int | None]]:
    found = extract_cmake(source_file(rel, text)).requirements
    return [(r.spec, r.source.line) for r in found if r.subject == "cxx_standard"]


def test_a_std_flag_in_compile_options_is_the_cxx_standard_at_its_line() -> None:
    assert _standards("cmake/options.cmake", MSOPPROF_OPTIONS) == [(">=11", 2)]
    assert _standards("CMakeLists.txt", MSPTI_OPTIONS) == [(">=14", 2)]


def test_a_target_cxx_standard_property_is_the_cxx_standard_at_its_line() -> None:
    assert _standards("cpp/CMakeLists.txt", RMM_PROPERTIES) == [(">=20", 5)]


# Hayden727/cann-ops @ eef0ff77, CMakeLists.txt:56-58.
CANN_OPS_DRAFT = """target_compile_options(op_host_aclnn PRIVATE
        $<$<COMPILE_LANGUAGE:CXX>:-std=gnu++1z>
)
"""


def test_a_standard_by_its_draft_name_is_the_published_one() -> None:
    assert _standards("CMakeLists.txt", CANN_OPS_DRAFT) == [(">=17", 2)]


def test_a_draft_name_no_compiler_gives_is_no_standard() -> None:
    # constructed (review 23, 19): the real line above with drafts that do not exist
    for name in ("2x", "0y", "1a"):
        assert _standards("CMakeLists.txt", CANN_OPS_DRAFT.replace("1z", name)) == []
