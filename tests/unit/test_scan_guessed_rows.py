"""A listing table's unversioned row whose name no subject knows is a Python distribution only
where the row, the header, the headings or the paragraph before say Python
(``scan.guessedrows``). Real lines of Ascend/msinsight@4e16fca1 docs/zh/install_guide/
mindstudio_insight_install_guide.md, each with its line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

GUIDE = "docs/zh/install_guide/mindstudio_insight_install_guide.md"
# :1, :101, :211, :215-216, :224 (one row of the dependency table)
DEPENDENCIES = """# **MindStudio Insight安装指南**

## 安装MindStudio Insight

在Linux环境下，安装MindStudio Insight前需要安装相关依赖，请参见[**表 1**  依赖列表](#依赖列表)安装对应依赖。

| 依赖名称 | 说明 |
| --- | --- |
| click | MindStudio Insight已集成msprof-analyze集群分析工具所依赖的Python库。 |
"""  # noqa: E501
# :400, :402, :404-407 (the VNC start-up script's lines, one per desktop)
DESKTOPS = """
5. 执行`vi ~/.vnc/xstartup`，打开xstartup启动脚本，并在脚本最后新增一行文本，配置脚本，需要增加的文本内容请参见[**表 1**  文本内容](#文本内容)。

    **表 1**  文本内容<a id="文本内容"></a>

    |已安装依赖|文本内容|
    |--|--|
    |xfce|startxfce4 &|
    |gnome|gnome-session &|
"""  # noqa: E501


def _subjects(root: Path, text: str) -> set[str]:
    (root / GUIDE).parent.mkdir(parents=True)
    (root / GUIDE).write_text(text, encoding="utf-8")
    (component,) = scan_stack([str(root)]).components
    return {r.subject for r in component.requirements}


def test_a_row_of_names_nothing_says_python_of_is_no_distribution(tmp_path: Path) -> None:
    subjects = _subjects(tmp_path / "msinsight", DEPENDENCIES + DESKTOPS)
    assert not {"pypi:xfce", "pypi:gnome"} & subjects


def test_a_row_that_says_python_library_stays_a_distribution(tmp_path: Path) -> None:
    assert "pypi:click" in _subjects(tmp_path / "msinsight", DEPENDENCIES)


def test_a_caption_that_says_python_keeps_its_rows(tmp_path: Path) -> None:
    # constructed: the desktops' table captioned as Python packages
    said = DESKTOPS.replace("**表 1**  文本内容", "**表 1**  Python依赖")
    assert {"pypi:xfce", "pypi:gnome"} <= _subjects(tmp_path / "msinsight", DEPENDENCIES + said)


def test_a_caption_that_says_pipeline_is_no_word_of_python(tmp_path: Path) -> None:
    # reread42 L2, constructed: the desktops' table captioned as a pipeline's; "pip" stays a
    # word of Python where a Chinese sentence runs into it ("使用pip3安装")
    piped = DESKTOPS.replace("**表 1**  文本内容", "**表 1**  pipeline依赖")
    assert not {"pypi:xfce", "pypi:gnome"} & _subjects(tmp_path / "a", DEPENDENCIES + piped)
    said = DESKTOPS.replace("**表 1**  文本内容", "**表 1**  使用pip3安装")
    assert {"pypi:xfce", "pypi:gnome"} <= _subjects(tmp_path / "b", DEPENDENCIES + said)
