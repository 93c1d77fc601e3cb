"""Table rows naming what no Python distribution is: a build guide's third-party sources with
links to their archives (what the build downloads, a ``network`` need) and host tools. Real
lines, quoted with their repository, file and commit."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def test_a_table_of_source_archives_is_a_download_not_pypi() -> None:
    # hicann/opbase@aa3cd74b docs/QUICKSTART.md:30-41
    text = (
        "### 安装第三方依赖\n\n"
        "本项目编译过程依赖的第三方开源软件列表如下：\n\n"
        "| 开源软件   | 版本       | 下载地址"
        "                                                     |\n"
        "| ---------- | ---------- |"
        " ------------------------------------------------------------ |\n"
        "| json       | 3.11.3     | [json-3.11.3.tar.gz](https://cann-3rd.obs.cn-north-4.myhuaweicloud.com"
        "/json/json-3.11.3.tar.gz) |\n"
        "| protobuf   | 25.1       | [protobuf-25.1.tar.gz](https://cann-3rd.obs.cn-north-4.myhuaweicloud.com"
        "/protobuf/protobuf-25.1.tar.gz) |\n"
    )
    file = SourceFile(ref="docs/QUICKSTART.md", rel="docs/QUICKSTART.md", text=text)
    found = extract_docs(file).requirements
    assert [(r.subject, r.spec, r.source.line, r.hard) for r in found] == [
        (
            "network",
            "https://cann-3rd.obs.cn-north-4.myhuaweicloud.com/json/json-3.11.3.tar.gz",
            7,
            False,
        ),
        (
            "network",
            "https://cann-3rd.obs.cn-north-4.myhuaweicloud.com/protobuf/protobuf-25.1.tar.gz",
            8,
            False,
        ),
    ]


def test_a_host_tool_row_is_a_system_package() -> None:
    # Ascend/MindInferenceService@a9419463 docs/zh/installation_guide.md:33, 39-43
    text = (
        '### 安装Ubuntu系统依赖<a name="ZH-CN_TOPIC_0000002496571413"></a>\n\n'
        "|依赖名称|版本建议|获取建议|\n"
        "|--|--|--|\n"
        "|CMake|3.14及以上|建议通过包管理安装，安装命令参考如下。sudo apt-get install -y cmake"
        "若包管理中的版本不符合最低版本要求，可自行通过源码方式安装。|\n"
        "|Make|4.1及以上|建议通过包管理安装，安装命令参考如下。sudo apt-get install -y make"
        "若包管理中的版本不符合最低版本要求，可自行通过源码方式安装。|\n"
    )
    rel = "docs/zh/installation_guide.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found] == [
        ("cmake", ">=3.14", 5),
        ("system_package", "make>=4.1", 6),
    ]


def test_a_row_of_an_os_package_is_a_system_package() -> None:
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:101,
    # 210, 214-216, 220, 224: a headers package, a package the row says an OS installs; a Python
    # library stays
    text = (
        "## 安装MindStudio Insight\n\n"
        "在Linux环境下，安装MindStudio Insight前需要安装相关依赖，"
        "请参见表 1 依赖列表安装对应依赖。\n\n"
        "| 依赖名称 | 说明 |\n"
        "| --- | --- |\n"
        "| libwebkit2gtk-4.0-dev | Ubuntu系统中，MindStudio Insight显示运行依赖的库文件，必选。 |\n"
        "| x11-apps | Ubuntu系统中，MindStudio Insight通过X11转发的依赖文件。当选择X11转发方式时，"
        "必选。 |\n"
        "| click | MindStudio Insight已集成msprof-analyze集群分析工具所依赖的Python库。 |\n"
    )
    rel = "docs/zh/install_guide/mindstudio_insight_install_guide.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    by_line = {r.source.line: r.subject for r in found}
    assert by_line[7] == "system_package"
    assert by_line[8] == "system_package"
    assert by_line[9] == "pypi:click"


def test_an_unmarked_row_of_a_table_of_os_packages_is_one_too() -> None:
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:210,
    # 214-216, 219-220, 222, 224 (the rows cut): xterm's row names no OS, its table's rows do;
    # the Python library the same table lists stays one
    text = (
        "## 安装依赖\n\n"
        "在Linux环境下，安装MindStudio Insight前需要安装相关依赖，"
        "请参见表 1 依赖列表安装对应依赖。\n\n"
        "| 依赖名称 | 说明 |\n"
        "| --- | --- |\n"
        "| libwebkit2gtk-4.0-dev | Ubuntu系统中，MindStudio Insight显示运行依赖的库文件，必选。 |\n"
        "| xterm | MindStudio Insight通过X11转发的依赖文件。当选择X11转发方式时，所有系统必选。 |\n"
        "| x11-apps | Ubuntu系统中，MindStudio Insight通过X11转发的依赖文件。当选择X11转发方式时，"
        "必选。 |\n"
        "| xfce4 | Ubuntu、CentOS、OpenEuler系统中，MindStudio Insight通过VNC转发的依赖文件。"
        "当选择VNC转发方式时，必选。 |\n"
        "| prettytable | MindStudio Insight已集成msprof-analyze集群分析工具所依赖的Python库。 |\n"
    )
    rel = "docs/zh/install_guide/mindstudio_insight_install_guide.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    by_line = {r.source.line: (r.subject, r.spec) for r in found}
    assert by_line[8] == ("system_package", "xterm")
    assert by_line[11][0] == "pypi:prettytable"
    # alone among Python libraries, an unmarked row is no OS package; saying nothing of Python
    # either, it is no distribution (scan.guessedrows)
    mostly_python = text.replace("Ubuntu、CentOS、OpenEuler系统中", "Python库").replace(
        "Ubuntu系统中", "Python库"
    )
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=mostly_python)).requirements
    assert 8 not in {r.source.line for r in found}


def test_a_distributions_section_states_what_its_requirements_section_would() -> None:
    # Ascend/VisionSDK@f156edcf docs/zh/installation_guide.md:14, 16, 23-29, 31: the table under
    # "### Ubuntu系统" of "## 安装依赖"; a row the package manager installs is a system package,
    # one pip installs a distribution, a row marked optional the optional feature's
    text = (
        '## 安装依赖<a name="ZH-CN_TOPIC_0000001933475646"></a>\n\n'
        '### Ubuntu系统<a name="ZH-CN_TOPIC_0000001631987505"></a>\n\n'
        "|依赖名称|版本建议|获取建议|\n"
        "|--|--|--|\n"
        "|make|不低于3.82|建议通过包管理安装，安装命令参考如下。"
        "<br>``` sudo apt-get install -y make ```"
        "<br>若包管理中的版本不符合最低版本要求，可自行通过源码方式安装。|\n"
        "|xz|不低于5.2.2|建议通过包管理安装，安装命令参考如下。"
        "<br>```sudo apt-get install -y xz-utils```"
        "<br>若包管理中的版本不符合最低版本要求，可自行通过源码方式安装。|\n"
        "|protobuf|4.25.1|建议通过pip安装，安装命令参考如下。"
        "<br>```pip3 install protobuf==4.25.1```|\n"
        "|haveged（可选）|-|使用StreamServer功能时需要安装该依赖，建议通过包管理安装，安装命令参考如下。"
        "<br>```sudo apt-get install -y haveged```|\n"
    )
    rel = "docs/zh/installation_guide.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert [(r.subject, r.spec, r.source.line, r.feature) for r in found] == [
        ("system_package", "make>=3.82", 7, ""),
        ("system_package", "xz>=5.2.2", 8, ""),
        ("pypi:protobuf", "==4.25.1", 9, ""),
        ("system_package", "haveged", 10, "optional"),
    ]
    assert not found[3].hard


def test_a_sub_section_about_another_topic_is_not_a_requirements_section() -> None:
    # Ascend/VisionSDK@f156edcf docs/zh/quick_start.md:3, 21-23, 26: a quick start's sample
    # section, its table of what the sample uses, is no list of the repo's needs
    text = (
        '## API接口开发方式（C++）<a name="ZH-CN_TOPIC_0000001688816661"></a>\n\n'
        "|软件依赖名称|推荐版本|获取链接|\n"
        "|--|--|--|\n"
        "|numpy|1.25.2|pip3 install numpy==1.25.2|\n"
    )
    rel = "docs/zh/quick_start.md"
    assert extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements == ()


def test_a_software_table_row_without_a_readable_version_is_still_a_need() -> None:
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/source/
    # preparing_software_and_dependencies.md:48, 57-60: the "软件" column lists what to install;
    # glibc's version is told per package in a sentence, still a glibc need
    text = (
        "## 准备依赖\n\n"
        "|软件|版本要求|变更记录|\n"
        "|--|--|--|\n"
        "|glibc|<li>Ascend-mindie\\_<*version*>\\_linux-\\<*arch*>\\_abi0.run配套的glibc版本需大于或"
        "等于2.34。</li><li>Ascend-mindie_<*version*>_linux-<*arch*>_abi1.run配套的glibc版本需大于"
        "或等于2.38。</li>|Mind 2.1.RC1版本修改|\n"
        "|gcc、g++|大于或等于11.4.0，请用户自行安装。|Mind 1.0版本新增|\n"
    )
    rel = "docs/zh/user_guide/install/source/preparing_software_and_dependencies.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert [(r.subject, r.spec, r.source.line) for r in found if r.subject in ("glibc", "gcc")] == [
        ("glibc", "", 5),
        ("gcc", ">=11.4.0", 6),
    ]


def test_a_row_refusing_the_package_manager_is_no_system_package() -> None:
    # constructed (review 4, /tmp/rev4/tb.py): rows saying the package manager is not the way
    # keep their Python distributions; a row recommending it stays a system package
    text = (
        "## 安装依赖\n\n"
        "| 软件 | 版本要求 | 说明 |\n"
        "|---|---|---|\n"
        "| xz | 不低于5.2.2 | 建议通过包管理安装 |\n"
        "| numpy | >=1.21 | 不支持通过包管理器安装，请从源码编译安装 |\n"
        "| protobuf | 3.20.3 | Install it from source;"
        " the package manager's protobuf is too old |\n"
    )
    rel = "docs/install.md"
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    assert [(r.subject, r.spec) for r in found] == [
        ("system_package", "xz>=5.2.2"),
        ("pypi:numpy", ">=1.21"),
        ("pypi:protobuf", "==3.20.3"),
    ]
