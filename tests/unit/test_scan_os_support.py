"""The OS a repo supports, read where its docs and setup scripts state it (issue 11): a
product x OS support table, a labelled OS sentence, "Linux only", a distribution's release
floor, a setup script's OS probe; and a Linux package beside a list of distributions is one
OS need. Every case is a real line, quoted with its repository, file and commit."""

from __future__ import annotations

import msgspec
import pytest

from bringup.model import Requirement
from bringup.scan.anyof import unite
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.registry import DECLARED, PROSE
from bringup.scan.shellos import _FUNCTION, _NOT_THIS_OS, os_probe
from cpuclock import cpu_seconds

Found = tuple[str, str, "int | None", list["int | None"]]


def _os(text: str, rel: str = "docs/zh/introduction.md") -> list[Found]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    found = extract_docs(file).requirements
    return [
        (r.subject, r.spec, r.source.line, [s.line for s in r.also_at])
        for r in found
        if r.subject in ("os", "os_version")
    ]


def _said(line: str, *, required: bool = False) -> list[tuple[str, str]]:
    found = read_line(line, required=required)
    return [(m.subject, m.spec) for m in found if m.subject in ("os", "os_version")]


def test_a_product_os_table_is_the_os_and_its_releases_even_one_per_product() -> None:
    # Ascend/MindInferenceService@a9419463 docs/zh/introduction.md:9-13: one product, one
    # release; the table's product columns make it a support table
    table = (
        "# 支持的硬件和操作系统\n\n"
        "|产品系列|产品型号|操作系统版本|\n"
        "|--|--|--|\n"
        "|Atlas A2 推理系列产品|Atlas 800I A2 推理服务器|Ubuntu 24.04|\n"
    )
    assert _os(table) == [("os_version", "==24.04.*", 5, []), ("os", "ubuntu", 5, [3])]
    # Ascend/VisionSDK@f156edcf docs/zh/introduction.md:59-94 (rows cut): KylinOS has no
    # release read, so the OS is any Linux, cited at the header cell and each row
    html = (
        "<table>\n<tr>\n<th>产品系列</th>\n<th>产品型号</th>\n"
        "<th>操作系统版本（仅支持64位的操作系统）</th>\n</tr>\n<tr>\n"
        "<td>Atlas 200I/500 A2 推理产品</td>\n<td>Atlas 500 A2 智能小站</td>\n"
        "<td><li>EulerOS 2.11<li>Ubuntu 22.04<li>openEuler 22.03<li>openEuler 24.03</td>\n"
        "</tr>\n<tr>\n<td>Atlas A2 推理系列产品</td>\n<td>Atlas 800I A2 推理服务器</td>\n"
        "<td><li>Ubuntu 22.04<li>Ubuntu 24.04 LTS<li>openEuler 24.03<li>BCLinux 21.10 U4"
        "<li>KylinOS V10 SP3 2403<li>KylinOS V11</td>\n</tr>\n</table>\n"
    )
    assert [r for r in _os(html) if r[0] == "os"] == [("os", "linux", 10, [5, 15])]


def test_a_column_of_image_tags_is_still_no_os_list() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docker/OVERVIEW.md:34-36: one tag per row, no products
    table = (
        "| Tag | MindSpeed LLM | CANN | TorchNPU | NPU | OS | Python | Architecture |\n"
        "| ----- | ----- | ----- | ----- | ----- | --------- | -------- | ------ |\n"
        "| `v26.0.0-cann9.0.0-torch_npu2.7.1-910b-openeuler24.03-py3.11-aarch64` | `v26.0.0` | "
        "`9.0.0` | `2.7.1` | `910b` | `openeuler24.03` | `3.11` | `aarch64` |\n"
    )
    assert _os(table, "docker/OVERVIEW.md") == []


def test_an_os_sentence_without_a_colon_is_a_support_list() -> None:
    # Ascend/MultimodalSDK@916d29e1 docs/zh/03_installation_guide/installation_guide.md:5
    line = (
        "本文档适用于 Multimodal SDK 最新版本的安装，仅支持硬件为 Atlas 800I A2 推理服务器，"
        "操作系统为 Ubuntu 22.04 或 openEuler 24.03，"
        "建议预留不少于 16GB 可用磁盘空间和不少于 8GB 可用内存。"
    )
    assert _said(line) == [("os", "ubuntu,openeuler"), ("os_version", "==22.04.* || ==24.03.*")]
    # Ascend/MultimodalSDK@916d29e1 docs/zh/05_api/README.md:7: no word of need, the label
    # alone
    line = (
        "> - 本文档适用于 Multimodal SDK 最新发布版本，建议 Python 版本为 3.10 或 3.11，"
        "操作系统为 Ubuntu 22.04 / openEuler 24.03。"
    )
    assert _said(line) == [("os", "ubuntu,openeuler"), ("os_version", "==22.04.* || ==24.03.*")]


def test_an_os_sentence_of_a_condition_or_an_example_is_none() -> None:
    # hicann/tensorflow@82957b92 docs/zh/tfadapter_2/migration/common_operation/
    # install_python_protobuf.md:31
    assert _said("当操作系统为Ubuntu时，安装命令如下：", required=True) == []
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/security_management_and_hardening/
    # enabling_docker_audit.md:22
    line = "1. 以操作系统为Ubuntu为例，使用以下命令安装开启审计机制需要的auditd软件。"
    assert _said(line) == []
    # Ascend/msinsight@4e16fca1 docs/zh/install_guide/mindstudio_insight_install_guide.md:309:
    # what one OS is based on
    line = (
        "> EulerOS 2.12操作系统是基于OpenEuler 22.03 LTS SP1开发，"
        "需要先配置OpenEuler 22.03 LTS SP1的源"
    )
    assert _said(line) == []


def test_the_oses_an_install_route_is_limited_to_are_not_the_repos() -> None:
    # hicann/ops-blas@35101c89 docs/zh/install/quick_install.md:17 (the Docker route's cell):
    # the route's image OS is no host need either; install_deps.sh sets up RHEL and openEuler
    assert _said("当前仅适用于Atlas A2系列产品，OS仅支持Ubuntu操作系统。", required=True) == []
    # hicann/ops-nn@e5c3fa93 docs/zh/install/quick_install.md:17, the same cell with two
    assert _said("当前适用于Atlas A2、A3系列产品，OS支持ubuntu22.04、openeuler24.03。") == []


def test_linux_said_to_be_the_only_os_is_the_os() -> None:
    # ai-dynamo/nixl@8770b655 README.md:32
    line = (
        "NIXL is supported on a Linux environment only. It is tested on Ubuntu (22.04/24.04) "
        "and Fedora. macOS and Windows are not currently supported; use a Linux host or "
        "container/VM."
    )
    # Linux only; the distributions and releases it was tried on, known to work
    assert _said(line) == [
        ("os", "linux"),
        ("os", "ubuntu,fedora"),
        ("os_version", "==22.04 || ==24.04"),
    ]
    # Ascend/mspti@a3891605 docs/zh/support/faq.md:29
    assert _said("不支持。msPTI 依赖 Linux 操作系统和昇腾 NPU 硬件，当前仅支持 Linux 环境。") == [
        ("os", "linux")
    ]
    # NVIDIA/MatX@4d58c1a8 README.md:51: the OS named after "Linux only" is the one left out
    line = "MatX support is currently limited to **Linux only** due to the time to test Windows."
    assert _said(line) == [("os", "linux")]
    # constructed inputs (review 3, B1): negated, another OS in the clause, a feature's note
    for line in (
        "本工具不仅支持Linux，还支持Windows和macOS。",
        "This library is not Linux-only: it also supports Windows and macOS.",
        "The profiler requires libunwind (Linux only); on Windows and macOS it is disabled.",
        "- GPUDirect Storage support requires the nvidia-fs driver (Linux only).",
        "本项目支持Windows、macOS，NPU 功能当前仅支持 Linux。",
    ):
        assert _said(line, required=True) == [], line


def test_a_distribution_from_a_release_on_is_the_os_and_its_floor() -> None:
    # NVIDIA/MinkowskiEngine@02fc608b README.md:59-61 and docs/quick_start.md:7
    assert _os("## Requirements\n\n- Ubuntu >= 14.04\n", "README.md") == [
        ("os", "ubuntu", 3, []),
        ("os_version", ">=14.04", 3, []),
    ]
    assert _said("- Ubuntu 14.04 or higher", required=True) == [
        ("os", "ubuntu"),
        ("os_version", ">=14.04"),
    ]
    # microsoft/mscclpp@1f5f065d docs/quickstart.md:27 (under "* OS" in the prerequisites):
    # where it was tested, known to work, soft
    found = read_line("* Tested on Ubuntu 20.04 and later", required=True)
    assert [(m.subject, m.spec, m.hard) for m in found] == [
        ("os", "ubuntu", False),
        ("os_version", ">=20.04", False),
    ]
    # a release with no floor is the tested environment's, not read here
    # (Ascend/msadvisor-style "Ubuntu 18.04.1 LTS" in a test report; constructed)
    assert _said("- Ubuntu 18.04", required=True) == []
    # constructed inputs (review 3, B2): a "+" joining the parts of a stack is no floor
    for line in (
        "Requires CUDA 12.1 and Ubuntu 20.04 + GCC 9.",
        "环境要求：Ubuntu 20.04 + CANN 8.0.RC1",
        "Requirements: Ubuntu 20.04 + CUDA 11.8 + PyTorch 2.1",
    ):
        assert _said(line, required=True) == [], line
    assert _said("OS: Ubuntu 20.04 + CUDA 11.8", required=True) == [
        ("os", "ubuntu"),
        ("os_version", "==20.04"),
    ]


_DETECT_OS = """\
detect_os() {
    # OS detection, supports debian (uses apt), rhel (uses dnf or yum), macos
    if [[ "$(uname -s)" == "Linux" ]]; then
        if [[ -f /etc/debian_version ]]; then
            OS="debian"
            PKG_MANAGER="apt"
        elif [[ -f /etc/redhat-release ]]; then
            OS="rhel"
            if command -v dnf &> /dev/null; then
                PKG_MANAGER="dnf"
            else
                PKG_MANAGER="yum"
            fi
        elif grep -qE '^NAME="openEuler"$|^NAME="EulerOS"$' /etc/os-release 2>/dev/null; then
            OS="euler"
            PKG_MANAGER="dnf"
        else
            echo "Unsupported Linux distribution, please install manually"
            exit 1
        fi
    elif [[ "$(uname -s)" == "Darwin" ]]; then
        OS="macos"
"""


def test_a_setup_script_that_refuses_other_oses_states_linux() -> None:
    # hicann/ops-nn@e5c3fa93 install_deps.sh:125-146 (numbered from 1 here)
    file = SourceFile(ref="install_deps.sh", rel="install_deps.sh", text=_DETECT_OS)
    (found,) = os_probe(file)
    assert (found.subject, found.spec, found.hard, found.source.line) == ("os", "linux", False, 3)
    assert [s.line for s in found.also_at] == [1, 18]
    # the same probe picking a branch per OS with no refusal (hicann/shmem scripts/oat_check.sh
    # :93-95 shape) states no need
    branch = (
        'if [ "$(uname)" = "Linux" ]; then\n    SED=sed\nelif [ "$(uname)" = "Darwin" ]; then\n'
    )
    assert os_probe(SourceFile(ref="a.sh", rel="a.sh", text=branch)) == []
    # Ascend/MindSpeed-MM@57069cd5 scripts/install_cann.sh:24 reads /etc/os-release; its
    # "Unsupported operating system" at :200 refuses a package manager, far from the probe
    far = (
        "if [ -f /etc/os-release ]; then\n"
        + "    :\n" * 30
        + ('    echo "Error: Unsupported operating system: $OS_TYPE"\n')
    )
    assert os_probe(SourceFile(ref="a.sh", rel="a.sh", text=far)) == []
    # constructed input (review 3, B3): a branch above the refusal admits macOS, so the
    # refusal is of the OSes neither knows
    both = (
        "detect_os() {\n"
        '    if [[ "$(uname -s)" == "Linux" ]]; then\n'
        "        OS=linux\n"
        '    elif [[ "$(uname -s)" == "Darwin" ]]; then\n'
        "        OS=macos\n"
        "    else\n"
        '        echo "Unsupported OS: $(uname -s)"\n'
        "        exit 1\n"
        "    fi\n"
        "}\n"
    )
    assert os_probe(SourceFile(ref="install_deps.sh", rel="install_deps.sh", text=both)) == []


def test_a_one_line_probe_and_refusal_states_linux_cited_at_its_function() -> None:
    # constructed input (review 3, R7): the common one-liner, inside the second of two
    # functions; the probe is on the refusal's own line and the function cited is its own
    text = (
        "check_tools() {\n"
        "    command -v cmake\n"
        "}\n"
        "check_os() {\n"
        '    [[ "$(uname -s)" == "Linux" ]] || { echo "Unsupported OS"; exit 1; }\n'
        "}\n"
    )
    (found,) = os_probe(SourceFile(ref="build.sh", rel="build.sh", text=text))
    assert (found.spec, found.source.line) == ("linux", 5)
    assert [s.line for s in found.also_at] == [4, 5]


def test_the_probe_function_pattern_is_linear() -> None:
    # constructed input (review 3, R1): a long line of words holding many "check"; quadratic
    # before (1.6 s at 35 KB), one bounded try now
    started = cpu_seconds()
    assert _FUNCTION.match("checkos" * 20000) is None
    assert cpu_seconds() - started < 0.5


def _mooncake_os() -> list[Requirement]:
    """kvcache-ai/Mooncake@3b5a5941 pyproject.toml:35 (a Linux classifier, soft) and
    docs/source/getting_started/build.md:8 ("OS: Ubuntu 22.04 LTS+", hard)."""
    manifest = SourceFile(
        ref="pyproject.toml",
        rel="pyproject.toml",
        text='[project]\nname = "x"\nclassifiers = [\n"Operating System :: POSIX :: Linux",\n]\n',
    )
    guide = SourceFile(
        ref="build.md", rel="build.md", text="## Prerequisites\n\n- OS: Ubuntu 22.04 LTS+\n"
    )
    return [
        r
        for r in (*extract_pyproject(manifest).requirements, *extract_docs(guide).requirements)
        if r.subject == "os"
    ]


def test_a_linux_package_beside_a_list_of_distributions_is_that_list() -> None:
    # Ubuntu is a Linux: the soft classifier joins the guide's hard list
    found = _mooncake_os()
    assert sorted((r.spec, r.hard) for r in found) == [("linux", False), ("ubuntu", True)]
    (united,) = unite(found, {"pyproject.toml": DECLARED, "build.md": PROSE})
    assert (united.spec, united.source.ref) == ("ubuntu", "build.md")
    assert [s.ref for s in united.also_at] == ["pyproject.toml"]


@pytest.mark.parametrize("distro", ["sles", "almalinux", "leap"])
def test_sles_almalinux_and_leap_are_linux_too(distro: str) -> None:
    # review 3, R9: the distributions a support table names (supporttables._os_list) are
    # Linux for the fold too: the Linux classifier above beside a hard list of one of them
    soft, hard = _mooncake_os()
    table = msgspec.structs.replace(hard, spec=distro, any_of=())
    (united,) = unite([soft, table], {"pyproject.toml": DECLARED, "build.md": PROSE})
    assert (united.spec, united.hard) == (distro, True)


def test_a_one_line_probe_admitting_another_os_states_none() -> None:
    # constructed input (review 4, #6): the one-liner's own line admits Darwin too
    text = (
        '[[ "$(uname -s)" == "Linux" || "$(uname -s)" == "Darwin" ]]'
        ' || { echo "Unsupported OS"; exit 1; }\n'
    )
    assert os_probe(SourceFile(ref="build.sh", rel="build.sh", text=text)) == []


def test_a_top_level_probe_is_cited_at_no_closed_function() -> None:
    # constructed input (review 4, #6): check_os ended 30 lines before the probe
    text = (
        "check_os() {\n  true\n}\n"
        + "x\n" * 30
        + '[[ "$(uname -s)" == "Linux" ]] || { echo "Unsupported OS"; exit 1; }\n'
    )
    (found,) = os_probe(SourceFile(ref="build.sh", rel="build.sh", text=text))
    assert [s.line for s in found.also_at] == [34]


def test_a_list_of_items_labelled_by_os_is_one_os_list() -> None:
    # mit-han-lab/nunchaku@4132b3bf docs/source/installation/installation.rst:98-101
    text = (
        "- **CUDA version**:\n\n  - Linux: ≥ 12.2\n  - Windows: ≥ 12.6\n"
        "  - Blackwell GPUs: CUDA ≥ 12.8 required\n"
    )
    assert _os(text, "docs/installation.md") == [("os", "linux,windows", 3, [4])]
    # mindspore-lab/mindnlp@7dd3e355 docs/en/notes/faq.md:16-20
    text = (
        "MindNLP supports:\n\n"
        "- **Linux**: Ubuntu 18.04/20.04/22.04 (recommended)\n"
        "- **macOS**: Intel and Apple Silicon (CPU only)\n"
        "- **Windows**: Windows 10/11 (limited support)\n"
    )
    assert [f[:2] for f in _os(text, "docs/install.md") if f[0] == "os"] == [
        ("os", "linux,macos,windows")
    ]


def test_os_labelled_paths_outside_a_needs_section_list_no_os() -> None:
    # constructed input (review s18b #1, /tmp/review2/r1/README.md): per-OS log paths
    text = (
        "# Foo\n\n## Troubleshooting\n\nWhere to find the logs:\n\n"
        "- Linux: `~/.cache/foo/log.txt`\n- Windows: `%APPDATA%\\foo\\log.txt`\n"
        "- macOS: `~/Library/Logs/foo.txt`\n"
    )
    assert [f for f in _os(text, "README.md") if f[0] == "os"] == []
    # the same paths in an install section are still no OS's items
    text = text.replace("Troubleshooting", "Installation")
    assert [f for f in _os(text, "README.md") if f[0] == "os"] == []
    # per-OS download links with no release, outside a needs section
    text = (
        "# Foo\n\n## Downloads\n\n- Linux: [foo.tar.gz](https://x.org/foo.tar.gz)\n"
        "- Windows: [foo.zip](https://x.org/foo.zip)\n"
    )
    assert [f for f in _os(text, "README.md") if f[0] == "os"] == []


def test_an_os_list_naming_releases_or_kylin_is_read() -> None:
    # a release in an item's value states support wherever the list stands (review s18b #6)
    text = "# Foo\n\n## Notes\n\n- Kylin: V10 SP2\n- openEuler: 22.03 LTS\n"
    assert _os(text, "README.md") == [("os", "kylin,openeuler", 5, [6])]


def test_one_item_labelled_by_os_lists_nothing() -> None:
    text = "- Linux: `pip install x`\n- Docker: `docker pull x`\n"
    assert _os(text, "docs/install.md") == []


def test_a_run_of_one_distributions_releases_is_any_of_them() -> None:
    # ai-dynamo/nixl@8770b655 README.md:32: tried, so soft
    found = read_line("It is tested on Ubuntu (22.04/24.04) and Fedora.")
    assert [(m.subject, m.spec, m.hard) for m in found] == [
        ("os", "ubuntu,fedora", False),
        ("os_version", "==22.04 || ==24.04", False),
    ]
    # Ascend/fbgemm-ascend@efdbe918 README.md:80: Ubuntu's release, one of several OSes, soft
    found = read_line("- 操作系统：Ubuntu 22.04，或其它 CANN 官方支持的 Linux 发行版。")
    assert [(m.subject, m.spec, m.hard) for m in found if m.subject != "cann"] == [
        ("os", "ubuntu,linux", True),
        ("os_version", "==22.04", False),
    ]
    # a number that is no release ends the run; "tested on" one OS without a release is none
    assert _said("Tested on Ubuntu 22.04 and 2 GPUs.") == [
        ("os", "ubuntu"),
        ("os_version", "==22.04"),
    ]
    assert _said("Tested on Linux with 8 GPUs.") == []


def test_a_soft_list_of_linux_distributions_joins_a_hard_linux() -> None:
    # ai-dynamo/nixl@8770b655 README.md:32, read whole: one os need, Linux
    text = (
        "NIXL is supported on a Linux environment only. It is tested on Ubuntu (22.04/24.04) "
        "and Fedora.\n"
    )
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    found = [r for r in extract_docs(file).requirements if r.subject == "os"]
    united = unite(found, {"README.md": PROSE})
    assert [(r.spec, r.hard) for r in united] == [("linux", True)]
    assert "ubuntu,fedora" in (united[0].text or "")


def test_a_prerequisites_table_under_a_chinese_prerequisites_heading_states_the_os() -> None:
    # Ascend/msprobe@8ff00da3 docs/zh/quick_start/pytorch_quick_start.md:28-35: "前置条件" is
    # "prerequisites", the section's table rows are needs
    text = (
        "#### 2.1.1 前置条件\n\n开始前，请确认服务器满足以下要求：\n\n"
        "| 项目 | 要求 | 验证方法 |\n| --- | --- | --- |\n"
        "| **硬件算力** | Linux 服务器配备至少 1 张 NPU 卡，驱动与固件已安装 | "
        "执行 `npu-smi info`，确认 NPU 卡状态正常 |\n"
    )
    assert _os(text, "docs/zh/quick_start/pytorch_quick_start.md") == [("os", "linux", 7, [])]


def test_a_build_that_refuses_every_os_but_one_states_that_one() -> None:
    # hicann/ge@ffdcbc9f build.sh:398-404 (numbered from 1 here): the default host build names
    # its package after the Ubuntu release and stops elsewhere
    text = (
        '    if [ -f "/etc/lsb-release" ]; then\n'
        "      ubuntu_version=$(grep -E '^DISTRIB_RELEASE=' /etc/lsb-release | cut -d'=' -f2)\n"
        '      ubuntu_version="ubuntu${ubuntu_version}"\n'
        "      mv ${OUTPUT_PATH}/cann-${component}_*.run ${BUILD_OUT_PATH}/\n"
        "    else\n"
        '      echo "Error: operate environment is not ubuntu."\n'
        "      exit 1\n"
        "    fi\n"
    )
    (found,) = os_probe(SourceFile(ref="build.sh", rel="build.sh", text=text))
    assert (found.subject, found.spec, found.hard, found.source.line) == ("os", "ubuntu", False, 1)
    assert [s.line for s in found.also_at] == [6]
    # a message about no OS ("the file is not found") refuses none
    other = text.replace("operate environment is not ubuntu", "the package is not found")
    assert os_probe(SourceFile(ref="build.sh", rel="build.sh", text=other)) == []


def test_every_os_reader_knows_the_same_names() -> None:
    # constructed inputs (review s18b #6): one vocabulary (osnames) for labelled lines, lists
    # and a script's refusal; "Mac OS X" is spelled macos wherever it is read
    found = read_line("Supported OS: Mac OS X, Linux")
    assert [(m.subject, m.spec) for m in found] == [("os", "macos,linux")]
    found = read_line("操作系统：Kylin V10、EulerOS 2.0")
    assert [(m.subject, m.spec) for m in found if m.subject == "os"] == [("os", "kylin,euleros")]
    assert _NOT_THIS_OS.search("Error: environment is not kylin") is not None


def test_the_release_of_a_docker_route_s_image_is_no_os_the_host_needs() -> None:
    # hicann/ops-blas@35101c89 docs/zh/install/quick_install.md:17 (the Docker route's cell,
    # cut after the OS) and :55-58: the image is Ubuntu 22.04; the host runs it on any release
    # (and the guide's other routes on other OSes), so neither is the repo's need
    guide = (
        "|  Docker  | Docker镜像是一种高效部署方式，已预集成CANN包和必备依赖。<br>"
        "当前仅适用于Atlas A2系列产品，OS仅支持Ubuntu操作系统。**默认安装最新商发版CANN包**。 |\n"
        "\n"
        "    ```bash\n"
        "    # 示例：拉取ARM架构的CANN开发镜像\n"
        "    docker pull --platform=arm64 swr.cn-south-1.myhuaweicloud.com/ascendhub/"
        "cann:9.0.0-910b-ubuntu22.04-py3.10-ops\n"
        "    # 示例：拉取X86架构的CANN开发镜像\n"
        "    docker pull --platform=amd64 swr.cn-south-1.myhuaweicloud.com/ascendhub/"
        "cann:9.0.0-910b-ubuntu22.04-py3.10-ops\n"
        "    ```\n"
    )
    assert _os(guide, "docs/zh/install/quick_install.md") == []
    # hicann/hixl@9ed283b2 docs/zh/build.md:11 and :20, the same route for three products
    cell = (
        "| 使用Docker部署 | Docker镜像是一种CANN高效部署方式，目前适用于Atlas A2、A3、A5系列产品，"
        "OS仅支持Ubuntu操作系统。 |适用有昇腾设备，需要快速搭建环境的开发者。|\n"
    )
    pull = (
        " - **下载 X86 构建镜像**：`docker pull --platform=amd64 "
        "swr.cn-south-1.myhuaweicloud.com/ascendhub/cann:9.0.1-a3-ubuntu22.04-py3.12-devel`\n"
    )
    assert _os(cell + pull, "docs/zh/build.md") == []
