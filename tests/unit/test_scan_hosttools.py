"""Host tools named by a prerequisites list item of a build or install doc (issue 11, M1)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def _host_tools(text: str, rel: str) -> list[tuple[str, int | None, bool]]:
    file = SourceFile(ref=f"repo/{rel}", rel=rel, text=text)
    return [
        (r.spec, r.source.line, r.hard)
        for r in extract_docs(file).requirements
        if r.subject == "system_package"
    ]


# hicann/hixl@9ed283b2 docs/en/build.md:132-147 (under "## Dependencies"; item 145 shortened)
HIXL_EN = """## Dependencies

The following lists the dependencies required for source code compilation.

- GCC 7.3.x - 14.2.x
- Python 3.9.x - 3.14.x
- CMake >= 3.16.0
- bash >= 5.1.16 (Address sanitization is enabled in the test cases.)
- unzip (extracts the ZIP packages of third-party open-source software)
- ccache (optional, a compiler cache optimization tool used to speed up incremental builds)
"""
# hicann/hixl@9ed283b2 docs/zh/build.md:145-147 (the same list in Chinese; item 145 shortened)
HIXL_ZH = """## 依赖

- bash >= 5.1.16，由于测试用例开启了地址消毒。
- unzip，用于解压下载的第三方开源软件的zip压缩包。
- ccache（可选），ccache为编译器缓存优化工具，用于加快二次编译速度。
"""


def test_tools_of_a_prerequisites_list_with_versions_and_notes() -> None:
    # the tools listed one after another are one list of needs (``fold_listed_tools``)
    assert _host_tools(HIXL_EN, "docs/en/build.md") == [
        ("bash>=5.1.16 unzip", 8, True),
        ("ccache", 10, False),  # "(optional, …)"
    ]


def test_a_note_after_a_full_width_comma() -> None:
    assert _host_tools(HIXL_ZH, "docs/zh/build.md") == [
        ("bash>=5.1.16 unzip", 3, True),
        ("ccache", 5, False),  # "（可选）"
    ]


def test_a_recommended_tool_is_soft() -> None:
    # Ascend/AscendNPU-IR@52f96a13 docs/source/en/introduction/quick_start/installing_guide.md:8-19
    text = """#### Compiler and Toolchain Requirements

Basic compiler and toolchain requirements:

- CMake >= 3.28
- Ninja >= 1.12.0

Recommended:

- Clang >= 10
- LLD >= 10 (LLVM LLD significantly speeds up builds)
"""
    rel = "docs/source/en/introduction/quick_start/installing_guide.md"
    assert _host_tools(text, rel) == [("lld>=10", 11, True)]


def test_a_kind_named_with_its_implementation() -> None:
    # hicann/shmem@643bfb73 docs/quickstart.md:183-185: the implementation is named
    text = "### 4.8 可选依赖\n\n- MPI：OpenMPI 4.0+（分布式通信场景）\n"
    assert _host_tools(text, "docs/quickstart.md") == [("openmpi>=4.0", 3, False)]


def test_a_sentence_mentioning_a_tool_is_not_a_prerequisite() -> None:
    text = "## Build\n\n- bash build.sh to compile the project\n- git clone the repository\n"
    assert _host_tools(text, "docs/build.md") == []
