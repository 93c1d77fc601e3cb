"""outsider40 D1: a build script that stops when a library's header directory is missing
needs that library's headers (HongminTan/ACNC2025-HCCL@f85b7e6d build.sh:140-152: nlohmann
json; the plan counted ``bash build.sh`` runnable once CANN was installed)."""

from __future__ import annotations

from bringup.kb.system_packages import system_package
from bringup.scan.commands import joined_lines
from bringup.scan.extraction import SourceFile
from bringup.scan.shellheaders import header_dirs

BUILD_SH_140_152 = """if [ -n "${third_party_nlohmann_path}" ];then
    CUSTOM_OPTION="${CUSTOM_OPTION} -DTHIRD_PARTY_NLOHMANN_PATH=${third_party_nlohmann_path}"
else
    # Use default nlohmann_json path if not specified
    DEFAULT_NLOHMANN_PATH="/opt/nlohmann_json/include"
    if [ -d "${DEFAULT_NLOHMANN_PATH}" ];then
        CUSTOM_OPTION="${CUSTOM_OPTION} -DTHIRD_PARTY_NLOHMANN_PATH=${DEFAULT_NLOHMANN_PATH}"
        log "Info: Using default nlohmann_json path: ${DEFAULT_NLOHMANN_PATH}"
    else
        log "Error: nlohmann_json not found. Please install it or specify path with \
--nlohmann_path."
        exit 1
    fi
fi
"""
"""ACNC2025-HCCL@f85b7e6d build.sh:140-152."""


def _needs(text: str) -> list[tuple[str, str, int | None]]:
    file = SourceFile(ref="build.sh", rel="build.sh", text=text)
    found = header_dirs(file, joined_lines(text))
    return [(r.subject, r.spec, r.source.line) for r in found]


def test_a_header_directory_the_build_stops_without_is_a_system_package() -> None:
    assert _needs(BUILD_SH_140_152) == [("system_package", "nlohmann_json", 6)]
    package = system_package("nlohmann_json")
    assert package is not None
    assert package[0].debian == "nlohmann-json3-dev"


def test_a_header_directory_the_build_goes_on_without_is_no_need() -> None:
    goes_on = BUILD_SH_140_152.replace("        exit 1\n", '        CUSTOM_OPTION=""\n')
    assert _needs(goes_on) == []


def test_a_directory_that_holds_no_headers_is_no_need() -> None:
    assert _needs(BUILD_SH_140_152.replace("/opt/nlohmann_json/include", "/opt/data")) == []


COMPILE_ALL_VERSIONS_SH_9_21 = """if [ -d "/opt/homebrew/include" ]; then
    TBB_INCLUDE="/opt/homebrew/include"
    TBB_LIB="/opt/homebrew/lib"
    echo "📦 Using Homebrew TBB (macOS)"
elif [ -d "/opt/intel/oneapi/tbb/latest/include" ]; then
    TBB_INCLUDE="/opt/intel/oneapi/tbb/latest/include"
    TBB_LIB="/opt/intel/oneapi/tbb/latest/lib"
    echo "📦 Using Intel oneAPI TBB"
else
    echo "❌ TBB not found. Please install Intel TBB:"
    echo "   macOS: brew install tbb"
    echo "   Linux: Install Intel oneAPI toolkit"
    exit 1
fi
"""
"""Achrafbennanizia/Slitherlink@6bfdba73 scripts/compile_all_versions.sh:9-21."""


def test_a_prefix_or_a_version_link_above_include_names_no_library() -> None:
    # reread41 M2: "homebrew" and "latest" were system packages; the message names TBB
    assert _needs(COMPILE_ALL_VERSIONS_SH_9_21) == []


def test_a_toolkit_s_header_directory_is_no_system_package() -> None:
    # the CUDA toolkit's headers: a toolkit need, for the toolkit's readers, not a package's
    cuda = BUILD_SH_140_152.replace("/opt/nlohmann_json/include", "/usr/local/cuda/include")
    assert _needs(cuda.replace("nlohmann_json not found", "cuda not found")) == []
