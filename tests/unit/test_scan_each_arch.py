"""A package named with a placeholder for its CPU is built for each architecture the line names
(issue 11, session of 2026-12-02); a placeholder alone names none (session 39). Each test
quotes the lines of a public repo (repo@commit path:line)."""

from __future__ import annotations

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile


def _platform(rel: str, text: str) -> list[tuple[str, str, int | None, bool]]:
    found = extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
    return [
        (r.subject, r.spec, r.source.line, r.hard) for r in found if r.subject in ("arch", "os")
    ]


def test_a_wheel_for_each_cpu_the_line_names() -> None:
    # Ascend/apex@6424da3b README.zh.md:54-57
    text = (
        "## 安装\n\n```\npip3 uninstall apex\n"
        "pip3 install --upgrade apex-0.1+ascend-cp37-cp37m-linux_{arch}.whl "
        "arch表示架构，为aarch64或x86_64\n```\n"
    )
    assert _platform("README.zh.md", text) == [
        ("arch", "aarch64,x86_64", 5, False),
        ("os", "linux", 5, False),
    ]


def test_a_placeholder_alone_is_the_readers_own_cpu_no_arch() -> None:
    # Hayden727/cann-ops@eef0ff77 QuickStart.md:123-125 and ghhufue/HCCL-Competition@f88d382c
    # Hccl_Broadcast_Final/README.md:31-33: pick the package of the machine's CPU; neither
    # repo's truth (scan_eval27, scan_eval29) has an arch need, cann/ascend-boost-comm@00d35274
    # README.md:82 ``linux-$(arch).run`` is read the same
    for text in (
        "```bash\n# CANN开发套件包安装命令示例：\n"
        "./Ascend-cann-toolkit_<cann_version>_linux-<arch>.run --install\n```\n",
        "```bash\n# 确保安装包具有可执行权限\n"
        "chmod +x Ascend-cann-toolkit_9.1.0_linux-${arch}.run\n```\n",
        "```shell\n# ${VERSION} 为下载页实际包名中的版本号，例如 8.2.RC1、8.5.0 等，请以官网为准\n"
        "chmod +x Ascend-cann-toolkit_${VERSION}_linux-$(arch).run\n```\n",
    ):
        assert _platform("QuickStart.md", text) == [("os", "linux", 3, False)], text


def test_a_later_placeholder_line_may_name_the_cpus() -> None:
    # constructed from the two lines above: the run file first, then apex's wheel whose line
    # names its CPUs (Ascend/apex@6424da3b README.zh.md:56)
    text = (
        "```\nchmod +x Ascend-cann-toolkit_${VERSION}_linux-$(arch).run\n"
        "pip3 install apex-0.1+ascend-cp37-cp37m-linux_{arch}.whl arch表示架构，为aarch64或x86_64\n"
        "```\n"
    )
    assert [s for s in _platform("README.md", text) if s[0] == "arch"] == [
        ("arch", "aarch64,x86_64", 3, False)
    ]


def test_one_cpu_named_in_a_package_is_no_list() -> None:
    # Ascend/op-plugin docs/en/install.md:79: one wheel of one architecture is an example
    text = (
        "```\n# A typical whl package name is similar to "
        "torch_npu-2.7.1.post13-cp38-cp38-manylinux_2_17_aarch64.manylinux2014_aarch64.whl.\n```\n"
    )
    assert _platform("docs/en/install.md", text) == [("os", "linux", 2, False)]


def test_placeholders_in_a_list_of_run_files_are_no_arch() -> None:
    # Ascend/MindSpeed docs/zh/user-guide/install_guide.md:48-49: the driver's and then
    # (abridged) the toolkit's run file
    text = (
        "```shell\nchmod +x Ascend-hdk-<chip_type>-npu-driver_<version>_linux-<arch>.run\n"
        "chmod +x Ascend-cann-toolkit_<version>_linux-<arch>.run\n```\n"
    )
    assert [s for s in _platform("install_guide.md", text) if s[0] == "arch"] == []


def test_one_package_named_for_each_of_two_cpus_is_a_list() -> None:
    # hicann/cann-samples@a934ed96 README.md:71 (one row links both toolkit packages)
    row = (
        "| `9.1.0` | `20260513000324948` | ✅ PASS | [aarch64](https://ascend.devcloud.huaweicloud"
        ".com/artifactory/cann-run-mirror/software/legacy/20260513000324948/Ascend-cann-toolkit_"
        "9.1.0_linux-aarch64.run) / [x86_64](https://ascend.devcloud.huaweicloud.com/artifactory/"
        "cann-run-mirror/software/legacy/20260513000324948/Ascend-cann-toolkit_9.1.0_linux-"
        "x86_64.run) |\n"
    )
    head = "| CANN 版本 | 时间戳 | 验证结果 | 下载链接 |\n| --- | --- | --- | --- |\n"
    found = _platform("README.md", head + row)
    assert ("arch", "aarch64,x86_64", 3, False) in found
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:29-31
    # (a download link per CPU, each line cited)
    text = (
        "[下载 MindStudio Insight Linux 版本 (x86_64)](https://gitcode.host/Ascend/msinsight/"
        "releases/download/tag_MindStudio_26.0.0.B120_0012/MindStudio-Insight_26.0.0_linux_"
        "x86_64.zip)\n\n"
        "[下载 MindStudio Insight Linux 版本 (aarch64)](https://gitcode.host/Ascend/msinsight/"
        "releases/download/tag_MindStudio_26.0.0.B120_0012/MindStudio-Insight_26.0.0_linux_"
        "aarch64.zip)\n"
    )
    rel = "install_guide.md"
    (arch,) = [
        r
        for r in extract_docs(SourceFile(ref=rel, rel=rel, text=text)).requirements
        if r.subject == "arch"
    ]
    assert (arch.spec, arch.source.line, [s.line for s in arch.also_at], arch.hard) == (
        "x86_64,aarch64",
        1,
        [3],
        False,
    )


def test_a_placeholder_cpu_in_a_table_keeps_its_emphasis_and_says_linux() -> None:
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/source/
    # preparing_software_and_dependencies.md:24-26 (``<*arch>*``: the cell's italics)
    text = (
        "|软件类型|软件包名称|软件说明|获取链接|\n|--|--|--|--|\n"
        "|MindIE LLM|mindie_llm-<*version>*-cp<*xxx>*-cp<*xxx>*-linux_<*arch>*.whl|"
        "MindIE LLM组件安装包。|[获取链接](https://www.hiascend.com/developer/download/community/"
        "result?module=ie%2Bpt%2Bcann)|\n"
    )
    assert _platform("preparing.md", text) == [("os", "linux", 3, False)]


# Ascend/mspti@a3891605 docs/en/release_notes.md:1-13: a release's packages, one per CPU, with
# their checksums, in its release notes (the compatibility cell and separators cut short).
MSPTI_RELEASES = """# Release Notes

| Release Version      | Release Date  | Release Tag                      | Compatibility    |
| -------------- | ---------- | ----------------------------- |----------------------|
| 26.0.0-alpha.1 | 2026/02/06 | tag_MindStudio_26.0.0-alpha.1 | Later than CANN 8.5.0. |

## MD5 verification value of the installation package

### 26.0.0-alpha.1
| File Name| MD5 |
| --- | --- |
| `mindstudio-profiler-tools-interface_26.0.0-alpha.1_x86_64.run` | `17d5a573b01272ee1a282762393a02dd` |
| `mindstudio-profiler-tools-interface_26.0.0-alpha.1_aarch64.run` | `4988310d4cd11679c3c3c440c563f85f` |
"""  # noqa: E501


def test_the_packages_a_release_ships_for_each_cpu_are_any_of_them() -> None:
    found = extract_docs(
        SourceFile(
            ref="docs/en/release_notes.md", rel="docs/en/release_notes.md", text=MSPTI_RELEASES
        )
    ).requirements
    arch = [r for r in found if r.subject == "arch"]
    assert [(r.spec, r.source.line, r.hard) for r in arch] == [("x86_64,aarch64", 12, False)]
    assert [s.line for s in arch[0].also_at] == [13]
    # constructed: the same notes with one CPU's package name an example, no list
    one = MSPTI_RELEASES.rsplit("| `mindstudio", 1)[0]
    assert _platform("docs/en/release_notes.md", one) == []


# InfiniTensor/InfiniTensor@5cb7c1fc docs/INSTALL_GUIDE_CN.md:11-17: a support matrix whose first
# column is the host CPU.
INFINITENSOR_MATRIX = """目前的软硬件环境支持矩阵

| Host CPU | Device        | OS            |  Support   |
| -------- | ------------  | -----------   | ---------- |
| X86-64   | Nvidia GPU    |  Ubuntu-22.04 |  Yes       |
| X86-64   | Cambricon MLU |  Ubuntu-22.04 |  Yes       |
| arm64    | Ascend NPU    |OpenEuler-22.03|  Yes       |
"""


def test_a_support_matrix_of_host_cpus_lists_any_of_them() -> None:
    assert ("arch", "x86_64,aarch64", 5, False) in _platform(
        "docs/INSTALL_GUIDE_CN.md", INFINITENSOR_MATRIX
    )
    # constructed: the matrix's x86-64 rows alone name one machine, no list
    x86 = INFINITENSOR_MATRIX.rsplit("| arm64", 1)[0]
    assert [n for n in _platform("docs/INSTALL_GUIDE_CN.md", x86) if n[0] == "arch"] == []


# Ascend/VisionSDK@f156edcf README.md:72-79: the build command given once per CPU.
VISIONSDK_BUILD = """2. 执行编译
```bash
cd VisionSDK
mkdir -p ../ci/config && echo "version: 1.0.0" > ../ci/config/config.ini
# arm架构执行
bash build_all.sh arm-gcc4 aarch64 notest
# x86架构执行
bash build_all.sh x86-gcc4 x86_64 notest
```
"""


def test_a_command_given_for_each_cpu_is_any_of_them() -> None:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=VISIONSDK_BUILD))
    arch = [r for r in found.requirements if r.subject == "arch"]
    assert [(r.spec, r.source.line, r.hard) for r in arch] == [("aarch64,x86_64", 5, False)]
    assert [s.line for s in arch[0].also_at] == [6, 7, 8]
    # constructed: the arm command alone is the guide's example machine, no list
    arm = VISIONSDK_BUILD.split("# x86", maxsplit=1)[0] + "```\n"
    assert _platform("README.md", arm) == []
    # constructed: the same comments outside a code block are headings, not commands
    prose = VISIONSDK_BUILD.replace("```bash\n", "").replace("```\n", "")
    assert [n for n in _platform("README.md", prose) if n[0] == "arch"] == []
