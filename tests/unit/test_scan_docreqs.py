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


def _installed(intro: str, block: str, heading: str = "## Installation") -> list[str]:
    """The distributions read from ``block`` under ``intro``. Constructed by review (session 14)."""
    text = f"{heading}\n\n{intro}\n\n```text\n{block}```\n"
    return [f[0] for f in found(text, "docs/install.md") if f[0].startswith("pypi:")]


def test_a_block_the_words_before_say_is_no_install_list_is_not_one() -> None:
    # Constructed by review (session 14): pip's own output, a list not to install, the OS's
    # packages, and an interpreter pip cannot install
    freeze = "numpy==1.26.4\ntorch==2.1.0\nurllib3==2.0.7\n"
    assert _installed("After `pip install -r requirements.txt`, `pip freeze` shows:", freeze) == []
    assert (
        _installed("After pip install -r requirements.txt our test environment shows:", freeze)
        == []
    )
    assert (
        _installed(
            "Do not pip install the following; they break the build:",
            "tensorflow==2.15\nkeras==3.0\n",
        )
        == []
    )
    assert (
        _installed(
            "Install the system packages before `pip install .`:", "libnuma-dev\nbuild-essential\n"
        )
        == []
    )
    assert (
        _installed("Install dependencies with pip install:", "python >= 3.10\npandas >= 2.2\n")
        == []
    )
    assert _installed("For the demo, a requirements.txt like:", "gradio==4.0\nrich\n") == []
    # the same block under words that do say to install it is read
    assert _installed("Install dependencies with pip install:", "pandas >= 2.2\nnumpy\n") == [
        "pypi:pandas",
        "pypi:numpy",
    ]


def test_only_the_first_block_after_the_words_is_the_requirements_file() -> None:
    # Constructed by review (session 14): the command block is the one the words introduce
    text = (
        "## Installation\n\nRun pip install -r requirements.txt:\n\n"
        "```bash\npip install -r requirements.txt\n```\n\n```text\ncmake\nninja\n```\n"
    )
    assert [f for f in found(text, "docs/install.md") if f[0].startswith("pypi:")] == []
