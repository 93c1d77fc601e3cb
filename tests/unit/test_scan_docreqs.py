"""A requirements file a guide writes out in a code block (``docreqs``)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile

MINDIE = "docs/zh/user_guide/install/source/installing_software_and_dependencies.md"
# Ascend/MindIE-LLM@8b4871ad31f592aa863f6255760e4934484d78e4:<MINDIE>:58,66-70,76,96
# (the block cut to 3 of its 27 lines)
MINDIE_TEXT = """## 安装步骤

2. 请用户自行准备依赖安装文件requirements.txt，样例如下所示。

    ```text
    gevent==22.10.2
    python-rapidjson>=1.6
    prettytable~=3.5.0
    ```
"""

# Ascend/msit@6e3e88732929d17f0b22344ade92a245bb601d43:docs/en/msit_quick_start.md:342-351
MSIT_TEXT = """4. Parse data.

    1. Install environment dependencies.

        ```shell
        python >= 3.10
        pandas >= 2.2
        numpy >= 1.24.3
        psutil >= 5.9.5
        ```
"""


def found(text: str, rel: str) -> list[tuple[str, str, int | None, bool]]:
    read = extract_docs(SourceFile(ref=rel, rel=rel, text=text))
    return [(r.subject, r.spec, r.source.line, r.hard) for r in read.requirements]


def test_a_block_a_guide_names_as_the_requirements_file_gives_each_line() -> None:
    assert found(MINDIE_TEXT, MINDIE) == [
        ("pypi:gevent", "==22.10.2", 6, True),
        ("pypi:python-rapidjson", ">=1.6", 7, True),
        ("pypi:prettytable", "~=3.5.0", 8, True),
    ]


def test_a_list_of_pins_under_words_naming_no_pip_is_not_one() -> None:
    # "python >= 3.10" beside the pins: a list of what a tool needs, not a pip input
    assert [f for f in found(MSIT_TEXT, "docs/en/msit_quick_start.md") if "pypi" in f[0]] == []
