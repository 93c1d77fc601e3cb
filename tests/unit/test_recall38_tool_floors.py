"""A tool's floor said in words a build script stops with, and one a table's value cell names
under a category (issue 11: scan recall, host_toolchain). Every case is a real line, quoted
with its repository, file and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.phrases import read_phrase
from bringup.scan.registry import EXTRACTORS


def test_greater_than_or_equal_to_is_a_floor() -> None:
    # Ascend-msmonitor@50b18674 scripts/build.sh:41
    # echo "ERROR: gcc version must be greater than or equal to 8.5.0"
    phrase = read_phrase(" version must be greater than or equal to 8.5.0", "gcc")
    assert phrase is not None
    assert phrase.spec == ">=8.5.0"
    # a bare "greater than" stays strict
    phrase = read_phrase(" greater than 8.5.0", "gcc")
    assert phrase is not None
    assert phrase.spec == ">8.5.0"


def test_a_build_scripts_stop_message_gives_the_tools_floor() -> None:
    # Ascend-msmonitor@50b18674 scripts/build.sh:30-43 (the function as written)
    script = (
        "check_gcc_version() {\n"
        "    if ! command -v gcc >/dev/null 2>&1; then\n"
        '        echo "ERROR: gcc command not found"\n'
        "        return 1\n"
        "    fi\n"
        "\n"
        "    local GCC_VERSION=$(gcc -dumpversion)\n"
        "    local GCC_MAJOR=$(echo $GCC_VERSION | cut -d. -f1)\n"
        "    local GCC_MINOR=$(echo $GCC_VERSION | cut -d. -f2)\n"
        "\n"
        '    if [ "$GCC_MAJOR" -lt 8 ] || '
        '([ "$GCC_MAJOR" -eq 8 ] && [ "$GCC_MINOR" -lt 5 ]); then\n'
        '        echo "ERROR: gcc version must be greater than or equal to 8.5.0"\n'
        '        echo "Current gcc version: $GCC_VERSION"\n'
        "        return 1\n"
        "    fi\n"
        "}\n"
    )
    file = SourceFile(ref="scripts/build.sh", rel="scripts/build.sh", text=script)
    found = [(r.subject, r.spec, r.source.line) for r in EXTRACTORS["shell"](file).requirements]
    assert ("gcc", ">=8.5.0", 12) in found, found


def test_a_category_rows_value_names_the_tool_and_its_floor() -> None:
    # Ascend-msmonitor@50b18674 docs/zh/getting_started/install_guide.md:63-72 (the
    # section's heading says what the table is: the build's dependencies)
    table = (
        "## 编译软件包安装\n"
        "\n"
        "### 安装依赖\n"
        "\n"
        "dynolog的编译依赖如下，请确保已安装以下依赖。\n"  # noqa: RUF001
        "\n"
        "| Language | Toolchain        |\n"
        "| -------- | ---------------- |\n"
        "| C++      | gcc >= 8.5.0     |\n"
        "| Rust     | Rust >= 1.81     |\n"
        "| protobuf | protobuf >= 3.12 |\n"
    )
    rel = "docs/zh/getting_started/install_guide.md"
    file = SourceFile(ref=rel, rel=rel, text=table)
    found = [(r.subject, r.spec, r.source.line) for r in extract_docs(file).requirements]
    assert ("gcc", ">=8.5.0", 9) in found, found
    # the category itself is no requirement: "C++" names no standard there
    assert not [r for r in found if r[0] == "cxx_standard"], found
