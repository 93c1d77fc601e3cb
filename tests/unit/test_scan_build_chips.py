"""The chips a build file names are one support list, and a build's default chip is one of
them (issue 11, session of 2026-12-02 14:17): each test quotes the lines of a public repo
(repo@commit path:line)."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.anyof import unite
from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import DECLARED, PROSE, USED
from bringup.scan.shell import extract_shell


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def _chips(found: tuple[Requirement, ...] | list[Requirement]) -> list[Requirement]:
    return [r for r in found if r.subject == "chip"]


# hicann/ops-sparse@ae60d05a CMakeLists.txt:16-31 (hicann/ops-blas@35101c89 CMakeLists.txt has
# the same lines): a default chip, then a branch per supported chip, else FATAL_ERROR.
_OPS_SPARSE_CMAKE = """\
if(NOT DEFINED SOC_VERSION OR SOC_VERSION STREQUAL "")
  set(SOC_VERSION ascend910b3)
endif()
string(TOLOWER "${SOC_VERSION}" SOC_VERSION_LOWER)
# SOC_VERSION -> NPU_ARCH 映射（ascend910b->dav-2201, ascend950->dav-3101）
if(SOC_VERSION_LOWER MATCHES "^ascend910b")
  set(NPU_ARCH "dav-2201")
elseif(SOC_VERSION_LOWER MATCHES "^ascend910_93")
  set(NPU_ARCH "dav-2201")
elseif(SOC_VERSION_LOWER MATCHES "^ascend950")
  set(NPU_ARCH "dav-3510")
elseif(SOC_VERSION_LOWER MATCHES "^ascend310p")
  set(NPU_ARCH "dav-2002")
else()
  message(FATAL_ERROR "Unsupported SOC_VERSION: ${SOC_VERSION}. Supported: ascend910b*")
endif()
"""


def test_a_branch_per_chip_is_the_list_of_chips_built_for() -> None:
    found = _chips(extract_cmake(_file("CMakeLists.txt", _OPS_SPARSE_CMAKE)).requirements)
    default, branches = sorted(found, key=lambda r: len(r.any_of))
    assert (branches.hard, [(a.value, a.source.line) for a in branches.any_of]) == (
        False,
        [("910B", 6), ("910_93", 8), ("310P", 12)],
    )
    # the default is a soft one-chip list: it joins the support list, it does not narrow it
    assert (default.spec, default.source.line, default.hard) == ("910B", 2, False)
    assert [a.value for a in default.any_of] == ["910B"]
    (united,) = unite(found, {"CMakeLists.txt": DECLARED})
    assert sorted(united.spec.split(",")) == ["310P", "910B", "910_93"]


def test_one_chips_own_branch_is_no_list() -> None:
    # sgl-project/sgl-kernel-npu@f425bdf1 csrc/deepep/ops/op_host/CMakeLists.txt:8: the A5
    # sources added when building for 950; no other chip is branched on
    text = 'if("${ASCEND_COMPUTE_UNIT}" MATCHES "^ascend950")\n  set(X y)\nendif()\n'
    assert _chips(extract_cmake(_file("a/CMakeLists.txt", text)).requirements) == []


def test_a_variable_listing_chips_is_the_list_of_chips_built_for() -> None:
    # Ascend/IndexSDK@fa595858 feature_retrieval/src/ascendfaiss/ops/ascendc/cmake/
    # config.cmake:19-23
    text = (
        "if (ASCEND_SEARCH)\n"
        "    set(ASCEND_COMPUTE_UNIT ascend310p ascend910b ascend910_93 ascend950)\n"
        "else()\n"
        "    set(ASCEND_COMPUTE_UNIT ascend910b ascend910_93 ascend950)\n"
        "endif()\n"
    )
    (chips,) = _chips(extract_cmake(_file("a/config.cmake", text)).requirements)
    assert [(a.value, a.source.line) for a in chips.any_of] == [
        ("310P", 2),
        ("910B", 2),
        ("910_93", 2),
    ]


def test_a_build_scripts_array_of_chips_and_its_default_unite() -> None:
    # hicann/ops-sparse@ae60d05a build.sh:46 and build.sh:132-134
    text = (
        'SUPPORT_COMPUTE_UNIT_SHORT=("ascend910_93" "ascend910b" "ascend950" "ascend310p")\n'
        'if [ -z "${SOC_VERSION}" ]; then\n'
        '    SOC_VERSION="ascend910b3"\n'
        "fi\n"
    )
    found = _chips(extract_shell(_file("build.sh", text)).requirements)
    assert [(r.spec, r.source.line, r.hard) for r in found] == [
        ("910_93,910B,310P", 1, False),
        ("910B", 3, False),
    ]
    (united,) = unite(found, {"build.sh": USED})
    assert united.spec == "910_93,910B,310P"


def test_a_scripts_default_and_a_cmake_default_are_two_chips_that_work() -> None:
    # sglang-npu/DeepGEMM_Ascend@958e1766 deep_gemm_ascend/framework/CMakeLists.txt:7 and a
    # build script's chip (the same repo's build_dga.sh:16 passes -DSOC_VERSION="Ascend910B3";
    # written here as the assignment such scripts make)
    cmake = 'set(SOC_VERSION "Ascend310P3" CACHE STRING "system on chip type")\n'
    script = 'SOC_VERSION="Ascend910B3"\n'
    found = _chips(
        [
            *extract_cmake(_file("f/CMakeLists.txt", cmake)).requirements,
            *extract_shell(_file("build_dga.sh", script)).requirements,
        ]
    )
    authority = {"f/CMakeLists.txt": DECLARED, "build_dga.sh": USED, "README.md": PROSE}
    (united,) = unite(found, authority)
    assert sorted(united.spec.split(",")) == ["310P", "910B"]


# yjb767868009/ascendc_uniprefill@19152100 CMakeLists.txt:63-66: Ascend C kernels compiled for
# the chip architecture 2201 (Atlas A2/A3: hicann/catlass@0dfcf9df scripts/build.sh:55).
_UNIPREFILL_CMAKE = """\
target_compile_options(topselection_ops PRIVATE
    ${TORCH_CXX_FLAGS}
    $<$<COMPILE_LANGUAGE:ASC>:--npu-arch=dav-2201>
)
"""


def test_a_compiler_flags_chip_architecture_names_its_chips_on_its_line() -> None:
    (found,) = _chips(extract_cmake(_file("CMakeLists.txt", _UNIPREFILL_CMAKE)).requirements)
    assert (found.spec, found.hard) == ("910B,910_93", False)
    assert [(a.value, a.source.line) for a in found.any_of] == [("910B", 3), ("910_93", 3)]
