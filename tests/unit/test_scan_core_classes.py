"""How real repos state toolkits, chips, architectures, interpreters and host tools (issue 11,
session of 2026-12-02): each test quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.scan.archchecks import arch_branches
from bringup.scan.cmake import extract_cmake
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import _unquoted, read_line
from bringup.scan.shell import extract_shell


def _file(rel: str, text: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text=text)


def _docs(rel: str, text: str) -> list[tuple[str, str, int | None, bool, str]]:
    found = extract_docs(_file(rel, text)).requirements
    return [(r.subject, r.spec, r.source.line, r.hard, r.feature) for r in found]


# --- architectures a build branches on ------------------------------------------------------

# Ascend/MindSpeed-MM@57069cd5 scripts/install.sh:150-188 (abridged: the lines between the
# branches that do not name an architecture are left out)
_INSTALL_SH = """#!/bin/bash
get_arch() {
    local arch=$(uname -m)
    case $arch in
        x86_64|X86_64|amd64|AMD64)
            echo "x86"
            ;;
        aarch64|AARCH64|arm64|ARM64)
            echo "arm"
            ;;
    esac
}
check_arch() {
    if [[ "$user_arch" == "x86" || "$user_arch" == "arm" ]]; then
        echo ok
    else
        echo "Error: Unsupported architecture '$user_arch'"
        echo "Only x86 and arm architectures are supported."
        echo "Detected CPU architecture: $(uname -m)"
        exit 1
    fi
}
"""


def test_a_case_on_uname_is_an_architecture_support_list() -> None:
    found = arch_branches(_file("scripts/install.sh", _INSTALL_SH), cmake=False)
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        ("arch", "x86_64,aarch64", 5, True)
    ]
    assert [(a.value, a.source.line) for a in found[0].any_of] == [
        ("x86_64", 5),
        ("aarch64", 8),
    ]
    # and the shell reader gives it
    assert "arch" in {
        r.subject for r in extract_shell(_file("install.sh", _INSTALL_SH)).requirements
    }


def test_an_if_chain_on_uname_that_exits_otherwise_is_hard() -> None:
    # kvcache-ai/Mooncake@3b5a5941 dependencies.sh:290-299
    text = (
        "install_go() {\n"
        "    ARCH=$(uname -m)\n"
        '    if [ "$ARCH" = "aarch64" ]; then\n'
        '        ARCH="arm64"\n'
        '    elif [ "$ARCH" = "x86_64" ]; then\n'
        '        ARCH="amd64"\n'
        "    else\n"
        '        echo "Unsupported architecture: $ARCH"\n'
        "        exit 1\n"
        "    fi\n"
    )
    found = arch_branches(_file("dependencies.sh", text), cmake=False)
    assert [(r.spec, r.source.line, r.hard) for r in found] == [("aarch64,x86_64", 3, True)]


def test_a_long_line_of_spaces_in_a_probing_script_is_read_in_linear_time() -> None:
    """A line of words and 200,000 spaces once took about 40 s to try as a ``case`` arm."""
    text = _INSTALL_SH + "echo" + " " * 200_000 + "done\n"
    found = arch_branches(_file("scripts/install.sh", text), cmake=False)
    assert [r.spec for r in found] == ["x86_64,aarch64"]


def test_one_architecture_tested_is_no_support_list() -> None:
    # the same script's shape with one branch: it picks a download, it states no support list
    text = 'if [ "$(uname -m)" = "aarch64" ]; then\n  URL=arm\nfi\n'
    assert arch_branches(_file("get.sh", text), cmake=False) == []


def test_a_cmake_branch_on_the_processor_is_a_soft_support_list_where_it_warns() -> None:
    # hicann/ascend-transformer-boost@ddcc8b62 CMakeLists.txt:15-18 sets ARCH per CPU and
    # says nothing of the others (the same lines in xLLM-AI/xllm-ops@d4a441a6
    # atb_customize/CMakeLists.txt:13-17, whose truth has no arch): no support list; with a
    # warning for any other CPU (hicann/cmake@8cb72181 function/prepare.cmake:41-42) it is one
    text = (
        "set(CMAKE_CXX_STANDARD 17)\n\n"
        'IF (CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "aarch64")\n'
        "    SET(ARCH aarch64)\n"
        'ELSEIF (CMAKE_HOST_SYSTEM_PROCESSOR MATCHES "x86_64")\n'
        "    SET(ARCH x86_64)\n"
        "ENDIF()\n"
    )
    found = extract_cmake(_file("CMakeLists.txt", text)).requirements
    assert [r for r in found if r.subject == "arch"] == []
    warned = text.replace("ENDIF()", 'ELSE()\n    message(WARNING "Unknown architecture")\nENDIF()')
    found = extract_cmake(_file("CMakeLists.txt", warned)).requirements
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found if r.subject == "arch"] == [
        ("arch", "aarch64,x86_64", 3, False)
    ]


# --- release matrices ------------------------------------------------------------------------

# Ascend/AscendNPU-IR@52f96a13 docs/source/en/introduction/quick_start/version-compatibility.md
_COMPAT = """# Version Compatibility

## CANN Compatibility

| AscendNPU-IR Version | Gitcode Branch | Required CANN Version | Hardware Support |
| --- | --- | --- | --- |
| v1.0.0 | release/v1.0.0 | CANN 8.5.0 | Ascend A2/A3 |
| v1.1.0 | release/v1.1.0 | CANN 9.0.0 | Ascend A2/A3;<br> 950 Series (branch feature_a5) |

## Python Compatibility

Supported Python versions are as follows:

| AscendNPU-IR Version | Python Version Support |
| --- | --- |
| v1.0.0 | >=3.9, <=3.12 |
| v1.1.0 | >=3.10, <=3.13 |
"""


def test_a_release_matrix_names_its_subjects_and_hardware() -> None:
    found = _docs("docs/version-compatibility.md", _COMPAT)
    subjects = {(s, spec) for s, spec, *_ in found}
    # "Required CANN Version" and "Python Version Support" name their subjects
    assert ("cann", "==8.5.0 || ==9.0.0") in subjects
    assert ("python", ">=3.9,<3.13 || >=3.10,<3.14") in subjects
    # "Hardware Support" is the chips each release runs on: a support list
    assert ("chip", "910B,910_93", 7, False, "") in found
    # a release label is no Python distribution
    assert not any(s.startswith("pypi:v1") for s, *_ in found)


def test_a_chinese_matrix_header_with_depends_names_the_toolkit() -> None:
    # Ascend/AscendNPU-IR@52f96a13 docs/source/zh_cn/introduction/quick_start/
    # version_compatibility.md:11-15 (one row kept)
    text = (
        "| AscendNPU IR版本 | Gitcode分支 | 依赖CANN版本 | 硬件支持 |\n"
        "| --- | --- | --- | --- |\n"
        "| `v1.0.0` | `release/v1.0.0` | CANN 8.5.0 | "
        "<ul><li>Atlas A3训练系列产品/Atlas A3推理系列产品</li>"
        "<li>Atlas A2训练系列产品/Atlas A2推理系列产品</li></ul> |\n"
    )
    found = _docs("docs/version_compatibility.md", text)
    assert ("cann", "==8.5.0") in [(s, spec) for s, spec, *_ in found]
    assert ("chip", "910_93,910B", 3, False, "") in found


# --- prose -----------------------------------------------------------------------------------


def _read(line: str) -> list[tuple[str, str, bool]]:
    return [(m.subject, m.spec, m.hard) for m in read_line(line, required=True)]


def test_tools_offered_as_alternatives_are_each_soft() -> None:
    # NVIDIA/TransformerEngine@d0067d0d README.rst:164 ("GCC 9+ or Clang 10+" beside the C++17
    # compiler prerequisite): two host compilers, two soft needs, each its own least release
    found = _read("* C++ compiler with C++17 support: GCC 9+ or Clang 10+")
    assert [m for m in found if m[0] != "cxx_standard"] == [
        ("gcc", ">=9", False),
        ("clang", ">=10", False),
    ]
    # ai-dynamo/nixl@8770b655 README.md:50
    found = _read("NIXL requires a C++20 compatible compiler (GCC >= 11 or Clang >= 14).")
    assert [m for m in found if m[0] != "cxx_standard"] == [
        ("gcc", ">=11", False),
        ("clang", ">=14", False),
    ]
    # Ascend/memfabric_hybrid@7171ad35 doc/installation.md:12: Ninja is read, as one way
    assert _read("- make 4.3 or ninja 1.10.1") == [("ninja", ">=1.10.1", False)]


def test_a_one_word_code_span_reads_as_its_words() -> None:
    # NVIDIA/Fuser@81c4b22f README.md:64-65, under "- C++20 compliant compiler:"
    assert _read("  - `GCC` >= `13.1` or `Clang` >= `19`") == [
        ("gcc", ">=13.1", False),
        ("clang", ">=19", False),
    ]
    found = read_line("- `Python` >= `3.10`", required=True)
    assert [(m.subject, m.spec, m.text) for m in found] == [("python", ">=3.10", "Python >= 3.10")]
    # a span with spaces is a command, left as it is
    assert _unquoted("run `pip install x` first") == "run `pip install x` first"


def test_a_series_wildcard_ends_a_range() -> None:
    # hicann/ascend-transformer-boost@ddcc8b62 README.md:75
    line = (
        "在线安装和离线安装时，需确保已具备Python环境及pip3，当前CANN支持Python3.7.x至3.11.4版本。"
    )
    assert ("python", ">=3.7,<=3.11.4") in [(s, spec) for s, spec, _ in _read(line)]


def test_one_os_with_its_release_is_an_os_version() -> None:
    # kvcache-ai/Mooncake@3b5a5941 docs/source/getting_started/build.md:8
    assert _read("- OS: Ubuntu 22.04 LTS+") == [
        ("os", "ubuntu", True),
        ("os_version", ">=22.04", True),
    ]
    # several OSes: each release is another OS's, none is read
    assert _read("OS: Ubuntu 20.04, openEuler 22.03") == [("os", "ubuntu,openeuler", True)]


# --- what a document states for an example, an option or a flavour ---------------------------


def test_a_quick_starts_device_count_and_packages_are_its_examples() -> None:
    # Ascend/MindSpeed-MM@57069cd5 docs/zh/pytorch/quickstart.md:22-24 and 266-271
    text = (
        "> [!NOTE]\n>\n"
        "> MindSpeed MM支持<term>Atlas A3 训练系列产品</term>和<term>Atlas A2 训练系列产品</term>\n"
        ">\n"
        "> 当前示例脚本中`NPUS_PER_NODE=8`表示需要8个NPU，"
        "如果实际情况低于此配置，可能遇到OOM问题。\n\n"
        "2. 安装其它依赖：\n\n"
        "    ```bash\n"
        "    pip install diffusers==0.33.1\n"
        "    ```\n"
    )
    found = _docs("docs/zh/pytorch/quickstart.md", text)
    features = {s: feature for s, _, _, _, feature in found}
    assert features["npu_count"] == "docs/zh/pytorch/quickstart"
    assert features["pypi:diffusers"] == "docs/zh/pytorch/quickstart"


def test_a_build_option_row_is_that_options_need() -> None:
    # kvcache-ai/Mooncake@3b5a5941 docs/source/getting_started/build.md:79-86 (one row kept)
    text = (
        "### Hardware Backend Setup\n\n"
        "Run `sudo bash dependencies.sh` before using any of these backend-specific build\n"
        "options. The script handles common dependencies; vendor SDKs and runtime\n"
        "environment setup must be prepared separately.\n\n"
        "| Hardware / backend | Build option | External SDK / setup | Environment and notes |\n"
        "| --- | --- | --- | --- |\n"
        "| NVIDIA CUDA / GPUDirect | `-DUSE_CUDA=ON` | Install CUDA 12.1+ and enable `nvidia-fs` "
        "for cuFile builds. | Add CUDA libraries to `LIBRARY_PATH` and `LD_LIBRARY_PATH`. |\n"
    )
    found = _docs("docs/build.md", text)
    cuda = {(s, spec, feature) for s, spec, _, _, feature in found if s == "cuda"}
    assert ("cuda", ">=12.1", "option:USE_CUDA") in cuda
    assert {feature for *_, feature in cuda} == {"option:USE_CUDA"}
    # build.md:34-35: the option named on the next line of the sentence
    text = (
        "To enable VRAM Segment, install CUDA toolkit and build Mooncake with\n"
        "`USE_VRAM_SEGMENT` enabled:\n"
    )
    assert {f for s, *_, f in _docs("docs/build.md", text) if s == "cuda"} <= {
        "option:USE_VRAM_SEGMENT"
    }


def test_a_toolkit_paired_with_a_suffixed_flavour_of_the_package_is_that_flavours() -> None:
    # kvcache-ai/Mooncake@3b5a5941 README.md:205-214
    text = (
        "Install Mooncake using `pip`:\n\n"
        "- CUDA < 13.0\n"
        "```bash\npip install mooncake-transfer-engine\n```\n"
        "- CUDA >= 13.0\n"
        "```bash\npip install mooncake-transfer-engine-cuda13\n```\n"
    )
    found = _docs("README.md", text)
    cuda = [(spec, feature) for s, spec, _, _, feature in found if s == "cuda"]
    # the plain name is the default package: what it pairs with stays the repo's
    assert cuda == [("<13.0", ""), (">=13.0", "extra:mooncake-transfer-engine-cuda13")]


def test_each_flavour_line_pairs_with_its_own_flavour_whatever_the_hash_seed() -> None:
    # traveller59/spconv@263d6b47 README.md:135-141: flavours of one length; the CUDA of a line
    # is the flavour that line installs, not the next line's (a set's order decided it before,
    # and changed with PYTHONHASHSEED)
    text = (
        "```pip install spconv``` for CPU only (**Linux Only**).\n\n"
        "```pip install spconv-cu102``` for CUDA 10.2\n\n"
        "```pip install spconv-cu113``` for CUDA 11.3 (**Linux Only**)\n\n"
        "```pip install spconv-cu114``` for CUDA 11.4\n"
    )
    found = _docs("README.md", text)
    cuda = sorted((spec, feature) for s, spec, _, _, feature in found if s == "cuda")
    assert cuda == [
        ("==10.2.*", "extra:spconv-cu102"),
        ("==11.3.*", "extra:spconv-cu113"),
        ("==11.4.*", "extra:spconv-cu114"),
    ]


def test_a_find_module_looks_for_a_toolkit_only_when_asked() -> None:
    # kvcache-ai/Mooncake@3b5a5941 mooncake-common/FindNCCLDevice.cmake reads CUDA_HOME; the
    # find_package(NCCLDevice … REQUIRED) inside USE_NCCL_DEVICE says when it is needed
    text = "find_path(NCCL_INCLUDE_DIR nccl.h HINTS $ENV{CUDA_HOME}/include)\n"
    found = extract_cmake(_file("cmake/FindNCCLDevice.cmake", text)).requirements
    assert all(r.feature == "optional" for r in found if r.subject in ("cuda", "nccl"))
