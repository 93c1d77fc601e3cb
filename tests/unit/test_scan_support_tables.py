"""Documents that state support: installers built for Linux, support and compatibility tables
(product x OS x arch, release matrices, tested environments), chip lists (issue 11: classes
M2, M6, M17 and W6 of /work/notes/scan9-analysis.md). Every case is a real line, quoted with
its repository, file and commit."""

from __future__ import annotations

import msgspec

from bringup.scan.anyof import unite
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.registry import PROSE


def _found(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return [(r.subject, r.spec, r.source.line, r.hard) for r in extract_docs(file).requirements]


def _os(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None, bool]]:
    return [r for r in _found(text, rel) if r[0] == "os"]


def test_a_package_for_linux_and_a_placeholder_cpu_is_built_for_linux() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:152 (the wheel's naming rule)
    line = (
        "    `--python`参数为指定编译过程中使用的Python版本，"
        "支持Python 3.8及以上版本，缺省值为 3.8。"
        "生成的whl包在`DrivingSDK/dist`目录下, 命名规则为`mx_driving-1.0.0+git{commit_id}-"
        "cp{Python_version}-linux_{arch}.whl`。\n"
    )
    assert _os(line, "docs/zh/installation/compile.md") == [("os", "linux", 1, False)]
    # hicann/hixl@9ed283b2 docs/en/build.md:64-67 (in a code block)
    block = (
        "    ```bash\n"
        "    # Ensure that the installation package is executable\n"
        "    chmod +x Ascend-cann-toolkit_${cann_version}_linux-${arch}.run\n"
        "    ```\n"
    )
    assert _os(block, "docs/en/build.md") == [("os", "linux", 3, False)]
    # hicann/pyasc@cecba26a docs/quick_start.md:173 and Ascend/MindSpeed@028de58c
    # docs/zh/user-guide/install_guide.md:48: the CPU as `uname -m` or <arch>
    for text in (
        "```bash\nchmod +x Ascend-cann-toolkit_${cann_version}_linux-$(uname -m).run\n```\n",
        "```shell\nbash Ascend-cann-toolkit_<version>_linux-<arch>.run --install\n```\n",
    ):
        assert _os(text) == [("os", "linux", 2, False)], text
    # a placeholder that is no CPU names no platform (Ascend/AscendSpeed@e35df80d README.md:49)
    assert _os("```bash\npip install apex-0.1_ascend_XXXX-cp37-cp37m-linux_XXXX.whl\n```\n") == []
    assert _os("```bash\ntar xf pkg-linux-${version}.tar.gz\n```\n") == []


def test_every_line_naming_a_linux_package_is_cited_beside_the_first() -> None:
    # hicann/hixl@9ed283b2 docs/zh/build.md:67 (the CANN toolkit installed) and :207 (the
    # package the build makes): one statement, every place kept
    text = (
        "```bash\n./Ascend-cann-toolkit_${cann_version}_linux-${arch}.run --install\n```\n\n"
        "成功编译后会在build_out目录下生成`cann-hixl_${cann_version}_linux-${arch}.run`。\n"
    )
    file = SourceFile(ref="docs/zh/build.md", rel="docs/zh/build.md", text=text)
    (found,) = [r for r in extract_docs(file).requirements if r.subject == "os"]
    assert (found.source.line, [s.line for s in found.also_at]) == (2, [5])


def test_a_statement_repeated_in_a_translation_keeps_the_translation_s_repeats() -> None:
    # hicann/hixl@9ed283b2 docs/zh/build.md:67 and :207, docs/en/build.md:67 and :206: the
    # two guides' statements unite, and neither's later places are lost
    zh = (
        "```bash\n./Ascend-cann-toolkit_${cann_version}_linux-${arch}.run --install\n```\n\n"
        "成功编译后会在build_out目录下生成`cann-hixl_${cann_version}_linux-${arch}.run`。\n"
    )
    en = (
        "```bash\n./Ascend-cann-toolkit_${cann_version}_linux-${arch}.run --install\n```\n\n"
        "After successful compilation, `cann-hixl_${cann_version}_linux-${arch}.run` is "
        "generated in the build_out directory.\n"
    )
    files = [
        SourceFile(ref=rel, rel=rel, text=text) for rel, text in (("en.md", en), ("zh.md", zh))
    ]
    found = [r for f in files for r in extract_docs(f).requirements if r.subject == "os"]
    (united,) = unite(found, {"en.md": PROSE, "zh.md": PROSE})
    places = (united.source, *united.also_at, *(a.source for a in united.any_of))
    assert {(s.ref, s.line) for s in places} == {
        ("en.md", 2),
        ("en.md", 5),
        ("zh.md", 2),
        ("zh.md", 5),
    }


def test_a_soft_list_a_hard_list_already_names_joins_it() -> None:
    # Ascend/MindIE-SD@30661895 docs/zh/installation.md:9 ("* OS: Linux", a need) and
    # docs/en/installing_guide.md:135 (a `..._linux-<arch>_<abi>.run` package: soft)
    need = SourceFile(ref="zh.md", rel="zh.md", text="### 安装依赖\n\n* OS: Linux\n")
    package = SourceFile(
        ref="en.md",
        rel="en.md",
        text="```bash\nchmod +x Ascend-mindie_<version>_linux-<arch>_<abi>.run\n```\n",
    )
    # (the package's arch placeholder is a list of CPUs beside it, test_scan_each_arch)
    found = [r for f in (need, package) for r in extract_docs(f).requirements if r.subject == "os"]
    (united,) = unite(found, {"zh.md": PROSE, "en.md": PROSE})
    assert (united.spec, united.hard, united.source.ref) == ("linux", True, "zh.md")
    assert [s.ref for s in united.also_at] == ["en.md"]
    # a soft list naming more than the hard one joins it too, the hard list still deciding
    # (its values named in the text: test_scan_implied); one naming none of its values is a
    # list of its own
    soft = msgspec.structs.replace(found[0], spec="linux,windows", hard=False)
    (joined,) = unite([found[0], soft], {"zh.md": PROSE})
    assert (joined.spec, joined.hard) == ("linux", True)
    other = msgspec.structs.replace(found[0], spec="windows", hard=False)
    assert len(unite([found[0], other], {"zh.md": PROSE})) == 2


def _table(text: str, rel: str = "README.md") -> dict[str, tuple[str, int | None, bool]]:
    file = SourceFile(ref=rel, rel=rel, text=text)
    return {r.subject: (r.spec, r.source.line, r.hard) for r in extract_docs(file).requirements}


def test_a_cpu_architecture_column_and_the_rows_continuing_a_release() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/version/versions.md:3-9 (the development branch's
    # release is two rows: the second, its first cell empty, pairs torch 2.8.0)
    text = (
        "DrivingSDK算子支持的CPU架构、Python、PyTorch和torch_npu版本对应关系如下：\n\n"
        "| Gitcode分支 |  CPU架构 |  支持的Python版本 | 支持的PyTorch版本 | 支持的torch_npu版本 |\n"
        "|-----------|-----------|-------------------|-------------------|---------------------|\n"
        "| master    | x86&aarch64|Python3.9.x,Python3.10.x,Python3.11.x|2.7.1|v2.7.1|\n"
        "|           |       |Python3.9.x,Python3.10.x,Python3.11.x|2.8.0|v2.8.0|\n"
        "| branch_v26.0.0    | x86&aarch64|Python3.9.x,Python3.10.x,Python3.11.x|2.7.1|"
        "v2.7.1-26.0.0|\n"
    )
    found = _table(text, "docs/zh/version/versions.md")
    assert found["arch"] == ("x86_64,aarch64", 5, True)
    assert found["torch"] == ("==2.7.1 || ==2.8.0", 5, True)
    # the torch_npu cells are branch names: release lines, post releases in (outsider16 D5)
    assert found["torch_npu"] == ("==2.7.1.* || ==2.8.0.*", 5, True)


def test_the_current_row_of_a_minimum_release_column_and_its_products() -> None:
    # hicann/catlass@0dfcf9df README_en.md:116-118 (links and the long products cell cut):
    # a line break separates two releases, and a "Minimum" column's releases are floors
    text = (
        "| CATLASS Community Version | Minimum Supported CANN Package Version | Supported Ascend "
        "Products |\n| --- | --- | --- |\n"
        "| Current | [8.5.0](https://www.hiascend.com/x)<br>[9.0.0](https://www.hiascend.com/y) "
        "(Ascend 950PR/Ascend 950DT) | [Atlas A2 Training Series Products](https://h/a) <br>"
        "[Atlas A3 Training Series Products](https://h/b)<br>Ascend 950PR/Ascend 950DT |\n"
        "| [v1.5.0](https://gitcode.com/cann/catlass/releases/v1.5.0) | "
        "[8.2.RC1](https://www.hiascend.com/z) | Atlas A2 Training Series Products |\n"
    )
    found = _table(text)
    assert found["cann"] == (">=8.5.0 || >=9.0.0", 3, True)
    assert found["chip"][0] == "910B,910_93,950"
    assert not [s for s in found if s.startswith("pypi:")]


def test_a_table_of_tested_environments_states_os_releases_only() -> None:
    # hicann/catlass@0dfcf9df README.md:129-136 (the environments the build was tried on)
    text = (
        "下述环境经测试支持[当前CATLASS](https://gitcode.com/cann/catlass)构建：\n\n"
        "| 系统                           | `CANN`      | `gcc` | `cmake` | `python` |\n"
        "| ------------------------------ | ----------- | ----- | ------- | -------- |\n"
        "| Ubuntu 20.04.5                 | 8.5.0       | 9.3   | 3.16    | 3.10     |\n"
        "| Ubuntu 22.04.5                 | 8.5.0       | 11.3  | 3.22    | 3.10     |\n"
        "| openEuler 22.03 SP4            | 8.5.0       | 10.3  | 3.22    | 3.10     |\n"
        "| Ubuntu 22.04.5 （编译950样例） | 9.0.0 | 11.3  | 3.22    | 3.10     |\n"
    )
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    (found,) = extract_docs(file).requirements
    assert (found.subject, found.spec, found.hard) == (
        "os_version",
        "==20.04.* || ==22.04.* || ==22.03.*",
        False,
    )
    assert found.source.line == 3
    assert [s.line for s in found.also_at] == [5, 6, 7, 8]
    # a table whose first column is an OS but whose cells are not releases is no such table
    other = "| OS | Notes |\n| --- | --- |\n| any | see the guide |\n"
    assert _table(other) == {}


def test_a_driver_and_firmware_column_names_both() -> None:
    # hicann/shmem@643bfb73 docs/quickstart.md:60-62 (links and the transport columns cut)
    text = (
        "#### 4.3.1 CANN 版本说明\n\n"
        "| 驱动固件 | CANN 版本 | D2D |\n| --- | --- | --- |\n"
        "| Ascend HDK 25.0.RC1.1 | 9.0.0-beta.2 及以上<br>[社区版资源](https://h/c) | MTE |\n"
        "| Ascend HDK 25.0.RC1.1 | 8.5.0 及以上<br>[社区版资源](https://h/c) | MTE |\n"
    )
    found = _table(text, "docs/quickstart.md")
    assert found["ascend_driver"] == (">=25.0.RC1.1", 3, False)
    # released with the driver; the firmware's own numbering is another
    assert found["ascend_firmware"] == ("", 3, False)
    assert found["cann"] == (">=9.0.0-beta.2 || >=8.5.0", 3, False)


def test_supported_architectures_and_platforms_in_prose() -> None:
    # NVIDIA/gdrcopy@fcec3ce0 README.md:81-83 (under "## Requirements"; "x86\_64" escaped)
    text = (
        "## Requirements\n\n"
        "The supported architectures are Linux x86\\_64, ppc64le, and arm64. The supported\n"
        "platforms are RHEL8, RHEL9, Ubuntu20\\_04, Ubuntu22\\_04,\n"
        "SLE-15 (any SP) and Leap 15.x.\n"
    )
    found = _found(text)
    assert ("arch", "x86_64,ppc64le,aarch64", 3, True) in found
    assert ("os", "linux", 3, True) in found
    # several distributions' releases: which one a number is cannot be told, so soft
    assert ("os_version", "==8.* || ==9.* || ==20.04.* || ==22.04.* || ==15.*", 4, False) in found
    # the list of architectures is the arch need, not the one beside "Linux" alone
    assert [r for r in found if r[0] == "arch"] == [("arch", "x86_64,ppc64le,aarch64", 3, True)]
    # one distribution's releases are no list of platforms: that OS's releases, any of them
    assert [r for r in _found("## Requirements\n\nSupported OS: Ubuntu 20.04 and 22.04.\n")
            if r[0] == "os_version"] == [("os_version", "==20.04 || ==22.04", 3, True)]  # fmt: skip


def test_a_table_of_what_an_image_provides_is_the_images() -> None:
    # Ascend/DrivingSDK@e667017e docs/zh/installation/compile.md:98-103
    text = (
        "### 方式一：镜像安装\n\n"
        "表3：镜像中提供三个conda环境、Python和torch的配套关系\n\n"
        "|conda环境             |python      |torch|\n"
        "|----------------------|-----------|-----|\n"
        "|torch2.1.0_py38    |3.8        |2.1.0|\n"
        "|torch2.5.1_py39\t|3.9\t|2.5.1|\n"
    )
    file = SourceFile(ref="compile.md", rel="compile.md", text=text)
    found = extract_docs(file).requirements
    assert {r.subject for r in found} == {"python", "torch"}
    assert all(r.feature == "docker" and not r.hard for r in found)


def test_the_ascend_extension_for_pytorch_is_not_pytorch() -> None:
    # hicann/shmem@643bfb73 docs/quickstart.md:127-131 (the link's words): the extension's
    # release train (26.0.0), neither a PyTorch release nor a torch_npu wheel's version
    line = (
        "### 4.5 安装`Pytorch`框架和`TorchNPU`插件\n\n"
        "以`CANN 9.0.0`为例，参考 [Ascend for PyTorch 26.0.0-昇腾社区](https://www.hiascend.com/"
        "document/detail/zh/Pytorch/2600/configandinstg/instg/docs/zh/installation_guide/"
        "installation_via_binary_package.md) 文档。\n"
    )
    assert [r[:2] for r in _found(line)] == [("cann", "==9.0.0")]


def test_the_devices_a_readme_opens_by_naming_are_a_chip_of_that_vendor() -> None:
    # Ascend/AscendSpeed@e35df80d README.md:1-3
    text = (
        "## AscendSpeed\n\n"
        "Acceleration library for large language models in Ascend platform, which is developed "
        "based on Megatron and Deepspeed. Currently, GPT and LLaMA with PTD parallel strategy "
        "are supported.\n"
    )
    assert [r for r in _found(text) if r[0] == "chip"] == [("chip", "", 3, False)]
    # Ascend/MindSpeed-Core-MS@5c4f1310 README.md:1-3, glued to Chinese
    text = "# 简介\n\nMindSpeed-Core-MS 是基于MindSpore+昇腾设备的大模型加速库。\n"
    assert [r for r in _found(text) if r[0] == "chip"] == [("chip", "", 3, False)]
    # only the opening paragraph of the repo's own README: a later section's words, a
    # sub-project's README, a product's name ("AscendNPU-IR") name no devices it runs on
    later = "# msIT\n\n## Quick Start\n\nRun it.\n\nA toolchain for the Ascend platform.\n"
    assert [r for r in _found(later) if r[0] == "chip"] == []
    assert [r for r in _found(text, "tools/README.md") if r[0] == "chip"] == []
    assert [
        r for r in _found("# AscendNPU-IR\n\nAscendNPU-IR is a compiler.\n") if r[0] == "chip"
    ] == []


def test_an_image_tag_is_no_pytorch_release() -> None:
    # Ascend/AscendSpeed@e35df80d README.md:128 (cut) and NVIDIA/apex@6424da3b
    # apex/contrib/sparsity/permutation_tests/README.md:17: the NGC image's tag, not torch's
    line = (
        "We strongly recommend using one of NGC's recent PyTorch containers (the latest "
        "compatible version at time of publication can be pulled with `docker pull "
        "nvcr.io/nvidia/pytorch:20.12-py3`).\n"
    )
    assert [r for r in _found("## Setup\n\n" + line) if r[0] == "torch"] == []
    line = "A container such as `nvcr.io/nvidia/pytorch:21.12-py3` satisfies these requirements.\n"
    assert [r for r in _found("## Requirements\n\n" + line) if r[0] == "torch"] == []
    assert ("torch", "==1.8.*", 3, True) in _found("## Setup\n\nplease install pytorch 1.8\n")


def test_a_wheel_downloaded_then_installed_is_one_statement_without_its_local_label() -> None:
    # hicann/pyasc@cecba26a docs/quick_start.md:361-366
    text = (
        "- 安装`PyTorch`框架：\n"
        "   ```bash\n"
        "   # 下载软件包\n"
        "   wget https://download.pytorch.org/whl/cpu/torch-2.7.1%2Bcpu-cp39-cp39-"
        "manylinux_2_28_x86_64.whl\n"
        "   # 安装命令\n"
        "   pip3 install torch-2.7.1+cpu-cp39-cp39-manylinux_2_28_x86_64.whl\n"
        "   ```\n"
    )
    file = SourceFile(ref="docs/quick_start.md", rel="docs/quick_start.md", text=text)
    found = [r for r in extract_docs(file).requirements if r.subject == "torch"]
    # the step "安装`PyTorch`框架" states the need unversioned (settled beside this one)
    assert [(r.spec, r.source.line) for r in found if not r.spec] == [("", 1)]
    (torch,) = [r for r in found if r.spec]
    # ==2.7.1 holds for 2.7.1+cpu and for the 2.7.1 wheels of other indexes
    assert (torch.spec, torch.source.line, [s.line for s in torch.also_at]) == ("==2.7.1", 6, [4])


def test_an_html_tables_release_is_cited_at_its_cell() -> None:
    # hicann/pyasc@cecba26a README.md:68-86 (styles, links and the products cell cut): each
    # <td> on a line of its own; the CANN release is cited where its cell is
    text = (
        "不同pyasc发行版可支持的硬件平台及所需的CANN版本如下表：\n\n"
        "<table>\n  <thead>\n      <tr>\n          <th>pyasc社区版本</th>\n"
        "          <th>支持CANN包版本</th>\n      </tr>\n  </thead>\n  <tbody>\n      <tr>\n"
        "          <td>v1.1.0、v1.1.1</td>\n"
        '          <td>社区版<a href="https://www.hiascend.com/x">8.5.0.alpha001</a>及以上</td>\n'
        "      </tr>\n  </tbody>\n</table>\n"
    )
    file = SourceFile(ref="README.md", rel="README.md", text=text)
    (cann,) = [r for r in extract_docs(file).requirements if r.subject == "cann"]
    assert [s.line for s in (cann.source, *cann.also_at)] == [6, 13]


def _os_versions(text: str) -> list[tuple[str, int | None, list[int | None]]]:
    file = SourceFile(ref="install.md", rel="install.md", text=text)
    found = [r for r in extract_docs(file).requirements if r.subject == "os_version"]
    return [(r.spec, r.source.line, [s.line for s in r.also_at]) for r in found]


def test_a_column_of_the_oses_each_product_supports_is_one_soft_any_of() -> None:
    # Ascend/MindIE-LLM@8b4871ad docs/zh/user_guide/install/installation_introduction.md:27-29
    # (row cut after its first items; the item marks dropped, "7.6" touches "CTYunOS")
    table = (
        "|硬件|操作系统|\n"
        "|--|--|\n"
        "|Atlas 800I A2 推理服务器|AArch64：<li>CentOS 7.6</li><li>CTYunOS 23.01</li>"
        "<li>Kylin V11</li><li>Ubuntu 22.04</li><li>AliOS3</li><li>Ubuntu 24.04 LTS</li>"
        "<li>openEuler 22.03 LTS</li>|\n"
        "|Atlas 800I A3 超节点服务器|AArch64：<li>openEuler 22.03</li><li>CULinux 3.0</li>|\n"
    )
    # Kylin V11, AliOS3, CULinux 3.0, CTYunOS 23.01 have no release read: the any-of cannot
    # hold them, so it is left open rather than refuse a host on a listed OS (review 2)
    assert _os_versions(table) == [("", 3, [4])]
    # Constructed by review (session 14): every item read, the any-of is theirs
    table = "|硬件|操作系统|\n|--|--|\n|A|AArch64：<li>CentOS 7.6</li><li>Ubuntu 22.04</li>|\n"
    assert _os_versions(table) == [("==7.6.* || ==22.04.*", 3, [])]
    # Ascend/IndexSDK@fa595858 docs/zh/01_introduction.md:79-88 (an HTML table; the header
    # cell's version word and remark are no part of the column's name)
    html = (
        "<table>\n<tr>\n<th>产品系列</th>\n<th>产品型号</th>\n"
        "<th>操作系统版本（仅支持64位的操作系统）</th>\n</tr>\n<tr>\n"
        '<td rowspan="5"><term>Atlas 推理系列产品</term></td>\n<td>Atlas 300I Pro 推理卡</td>\n'
        "<td><li>CentOS 7.6</li><li>openEuler 20.03</li><li>\n"
        "openEuler 22.03</li><li>Ubuntu 18.04</li><li>UOS V20</li></td>\n</tr>\n</table>\n"
    )
    assert _os_versions(html) == [("", 10, [])]  # "UOS V20": no release read


def test_the_os_column_of_a_known_issues_table_is_no_support_list() -> None:
    # Constructed by review (session 14): the OSes a bug hits
    table = (
        "| Issue | OS | Workaround |\n|--|--|--|\n"
        "| hang on exit | Ubuntu 20.04, CentOS 7.6 | upgrade glibc |\n"
    )
    assert _os_versions(table) == []


def test_an_os_column_naming_one_release_per_row_is_no_support_list() -> None:
    # Ascend/MindSpeed-LLM@c77308a1 docker/OVERVIEW.md:34-36: the tags of the images built
    table = (
        "| Tag | MindSpeed LLM | CANN | TorchNPU | NPU | OS | Python | Architecture |\n"
        "| ----- | ----- | ----- | ----- | ----- | --------- | -------- | ------ |\n"
        "| `v26.0.0-cann9.0.0-torch_npu2.7.1-910b-openeuler24.03-py3.11-aarch64` | `v26.0.0` | "
        "`9.0.0` | `2.7.1` | `910b` | `openeuler24.03` | `3.11` | `aarch64` |\n"
    )
    assert _os_versions(table) == []


def test_a_table_of_install_routes_says_what_each_route_is_limited_to() -> None:
    # hicann/opbase@aa3cd74b docs/en/install/quick_install.md:14-17 (cells cut after the chip):
    # the "Docker" row is a route, not the Python distribution "docker"
    table = (
        "|  Installation Method |  Description |  Scenario |\n"
        "| ----- | ------ | ------ |\n"
        "|  Docker  | Docker images enable efficient deployment.<br>Currently, this method is "
        "applicable only to Atlas A2 series with Ubuntu.|This method is suitable for developers "
        "who have Ascend devices.|\n"
    )
    found = _found("## Environment Setup\n\n" + table, "docs/en/install/quick_install.md")
    assert [r for r in found if r[0] in ("chip", "pypi:docker")] == [("chip", "910B", 5, True)]


def test_a_column_of_gpu_architectures_sets_the_least_device() -> None:
    # traveller59/spconv@263d6b4 README.md:149-158 (the link of :151 left out): the
    # architectures each prebuilt package targets; the oldest of any row is 5.2, soft
    text = (
        "#### Prebuilt GPU Support Matrix\n"
        "\n"
        "If you use a GPU architecture that isn't compiled in prebuilt, spconv will use NVRTC "
        "to compile a slightly slower kernel.\n"
        "\n"
        "| CUDA version | GPU Arch List  |\n"
        "| -------------- |:---------------------:|\n"
        "| 11.1~11.7       | 52,60,61,70,75,80,86     | \n"
        "| 11.8+       | 60,70,75,80,86,89,90     | \n"
    )
    found = [r for r in _found(text) if r[0] == "compute_capability"]
    assert found == [("compute_capability", ">=5.2", 7, False)]
