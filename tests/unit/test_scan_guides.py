"""Install guides a README links to are the repo's word (scan/guides.py), on real README lines."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.doctables import read_table
from bringup.scan.extraction import SourceFile
from bringup.scan.guides import guide_links, primary_readme
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.tablecells import Row

# Ascend/MindSpeed-LLM@c77308a1 README.md:83, 114-129 (a news line, the version and install
# sections, the quick start)
_MINDSPEED_LLM_README = """\
# 最新消息

- [Aug. 23, 2025]: 🚀 权重转换[v2版本](./docs/zh/pytorch/tools/checkpoint_convert_hf_mcore_large_params.md)上线

# 版本说明

---

查看[版本说明](docs/zh/release_notes_llm.md)，了解MindSpeed LLM的最新发布版本以及历史版本，包含对应版本的软件配套表、版本兼容性说明、以及当前版本的更新说明。

# 安装

---

- 详细的安装步骤和环境配置请参考[MindSpeed LLM软件安装（基于PyTorch）](./docs/zh/pytorch/training/install_guide.md)。

# 快速上手

---

- [快速入门（基于Megatron后端）](./docs/zh/pytorch/training/quick_start.md)
"""  # noqa: E501


def test_links_in_install_and_version_sections_are_guides_news_and_quick_starts_are_not() -> None:
    assert guide_links("README.md", _MINDSPEED_LLM_README) == [
        "docs/zh/release_notes_llm.md",
        "docs/zh/pytorch/training/install_guide.md",
    ]


def test_a_link_saying_install_is_a_guide_in_any_section() -> None:
    # deepseek-ai/DeepEP@dd758caf README.md:82-84, under "## Quick start"
    text = (
        "## Quick start\n\n### Install NVSHMEM dependency\n\n"
        "DeepEP also depends on NVSHMEM to provide support for legacy methods. Please refer "
        "to our [NVSHMEM Installation Guide](docs/nvshmem.md) for instructions.\n"
    )
    assert guide_links("README.md", text) == ["docs/nvshmem.md"]
    # triton-ascend@eeb030e7 README.md:101: an environment-variable reference is no guide
    reference = "## Getting Started\n\n- [Environment Variable Reference](./docs/en/env.md)\n"
    assert guide_links("README.md", reference) == []


def test_the_readme_is_the_plain_one_before_its_translations() -> None:
    # Ascend/torchair: README.en.md sorts before README.md
    assert primary_readme(["README.en.md", "README.md", "docs/x.md"]) == "README.md"
    assert primary_readme(["README_zh.md", "docs/x.md"]) == "README_zh.md"
    assert primary_readme(["docs/install.md"]) is None


def test_a_linked_guide_in_a_topic_directory_is_the_repos() -> None:
    scopes = Scopes(["README.md", "docs/zh/pytorch/training/install_guide.md"], {})
    rel = "docs/zh/pytorch/training/install_guide.md"
    assert scopes.of(rel) == "docs/zh/pytorch/training"
    assert scopes.guide(rel) == REPO
    examples = Scopes(["examples/a/README.md", "examples/a/setup.py"], {})
    assert examples.guide("examples/a/README.md") == "examples/a"


def test_a_scan_reads_the_guides_it_would_not_walk_as_the_repos(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(_MINDSPEED_LLM_README, encoding="utf-8")
    notes = tmp_path / "docs" / "zh"
    notes.mkdir(parents=True)
    # MindSpeed-LLM docs/zh/release_notes_llm.md:44-47: the development branch's row
    (notes / "release_notes_llm.md").write_text(
        "### 相关产品版本配套说明\n\n"
        "| MindSpeed LLM版本 | PyTorch版本 | CANN版本 | Python版本 |\n"
        "| --- | --- | --- | --- |\n"
        "| master（在研版本）| 2.7.1 | 在研版本 | Python3.10 |\n"
        "| 26.1.0 | 2.7.1 | 9.1.0 | Python3.10 |\n",
        encoding="utf-8",
    )
    found = scan_repo(tmp_path, "r").component
    stated = {(r.subject, r.spec, r.source.ref, r.source.line) for r in found.requirements}
    assert ("python", "==3.10.*", "r/docs/zh/release_notes_llm.md", 5) in stated
    assert ("cann", "", "r/docs/zh/release_notes_llm.md", 5) in stated


def test_a_guide_or_include_linked_through_a_symlink_out_of_the_repo_is_not_read(
    tmp_path: Path,
) -> None:
    """The walk follows no symlink out of the repo; a README's guide link and a requirements
    file's ``-r`` did (found by review): a repo could have the scan read the user's files."""
    outside = tmp_path / "outside"
    (outside / "zh").mkdir(parents=True)
    (outside / "zh" / "release_notes_llm.md").write_text(
        "### 相关产品版本配套说明\n\n| PyTorch版本 | Python版本 |\n| --- | --- |\n"
        "| 2.7.1 | Python3.10 |\n",
        encoding="utf-8",
    )
    (outside / "base.txt").write_text("numpy==1.26.4\n", encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(_MINDSPEED_LLM_README, encoding="utf-8")
    (repo / "docs").symlink_to(outside, target_is_directory=True)
    (repo / "requirements.txt").write_text("-r base.txt\n", encoding="utf-8")
    (repo / "base.txt").symlink_to(outside / "base.txt")
    found = scan_repo(repo, "r").component
    assert not [r for r in found.requirements if r.subject in ("python", "torch", "pypi:numpy")]


def _file(rel: str) -> SourceFile:
    return SourceFile(ref=rel, rel=rel, text="")


def test_a_grid_of_marks_states_no_version() -> None:
    # MindSpeed-LLM docs/zh/release_notes_llm.md:113-139 (an HTML table, its two header rows
    # as read): which repo release pairs with which CANN, not what the checkout needs
    rows = [
        Row(113, ["MindSpeed LLM", "CANN版本"]),
        Row(117, ["8.3.RCX", "8.5.X", "9.0.X", "9.1.X"]),
        Row(125, ["26.0.0", "Y", "Y", "Y", "/"]),
        Row(132, ["26.1.0", "Y", "Y", "Y", "Y"]),
    ]
    assert read_table(_file("docs/notes.md"), rows, required=True, vendor="ascend") == []


def test_a_row_naming_a_document_says_what_the_document_covers() -> None:
    # MindSpeed-LLM docs/zh/release_notes_llm.md:188-190 ("配套文档")
    rows = [
        Row(188, ["文档名称", "内容简介", "更新说明"]),
        Row(189, ["--", "--", "--"]),
        Row(
            190,
            [
                "《[MindSpeed LLM软件安装](./pytorch/training/install_guide.md)》",
                "指导用户如何在NPU上完成MindSpeed LLM的安装，内容涵盖硬件与操作系统兼容性说明、"
                "驱动固件及CANN基础软件安装",
                "安装操作适配版本配套分支",
            ],
        ),
    ]
    assert read_table(_file("docs/notes.md"), rows, required=True, vendor="ascend") == []


def test_a_driver_a_container_doc_needs_is_the_hosts(tmp_path: Path) -> None:
    # Ascend/op-plugin@517f2e7d docker/devel/README.md:18-19: the image holds no driver
    (tmp_path / "README.md").write_text("# op-plugin\n", encoding="utf-8")
    docker = tmp_path / "docker" / "devel"
    docker.mkdir(parents=True)
    (docker / "README.md").write_text(
        "# 开发镜像\n\n"
        "> Driver 不包含在镜像中，用户需在宿主机自行安装。镜像仅提供 CANN 编译环境，"
        "运行时需宿主机已安装匹配的 NPU 驱动。\n",
        encoding="utf-8",
    )
    found = scan_repo(tmp_path, "r").component
    assert [(r.subject, r.source.line) for r in found.requirements] == [("ascend_driver", 3)]
    # what the image itself holds (its CANN) stays the docker feature's
    (docker_scope,) = found.scopes
    assert docker_scope.name == "docker"
    assert [r.subject for r in docker_scope.requirements] == ["cann"]


# cann/catlass@0dfcf9df304f297361edab86448ac5ea6aed1647 README.md:62, 66, 101 and 115: the
# quick start is the README's only word on setting the repo up (the driver and firmware its
# docs/zh/1_Practice/01_quick_start.md:5 asks for); its other guide is a unit test README's.
_CATLASS_README = """\
## ⚡️ 快速上手

- [快速入门](./docs/zh/1_Practice/01_quick_start.md)：快速上手模板库使用，编译执行已有的算子样例。

## 💻 软硬件配套说明

  （如需编译[单元测试](tests/unittest/catlass/gemm/tile/README.md#环境要求)，需 `gcc` <= 12.0）
"""


def test_a_quick_start_is_followed_when_no_install_guide_of_the_whole_repo_is_linked() -> None:
    assert guide_links("README.md", _CATLASS_README) == [
        "tests/unittest/catlass/gemm/tile/README.md",
        "docs/zh/1_Practice/01_quick_start.md",
    ]


def test_a_cluster_deployment_page_and_companion_tools_are_no_install_guides() -> None:
    # Ascend/MindIE-Motor@5dfb024e45feec2e947f12d0af72b79b24edff53 README.md:55-60 (the
    # descriptions cut): the cluster deployment page lists Kubernetes and MindCluster, the
    # tools page pip-installs pyOpenSSL for one tool
    text = (
        "## 📝学习文档\n\n"
        "- [集群服务部署](./docs/zh/user_guide/service_deployment/environment_preparation.md)"
        "：介绍MindIE Motor集群服务部署方式。\n"
        "- [配套工具](./docs/zh/user_guide/service_oriented_optimization_tool.md)"
        "：介绍MindIE Motor提供的配套工具。\n"
    )
    assert guide_links("README.md", text) == []
    # while an environment's deployment and a version table are (hicann/ops-cv@6ae87653
    # README.md "[环境部署](docs/zh/install/quick_install.md)"; MindSpeed-LLM's 软件配套表)
    guide = "## 安装\n\n- [环境部署](docs/zh/install/quick_install.md)\n- [版本配套](docs/a.md)\n"
    assert guide_links("README.md", guide) == ["docs/zh/install/quick_install.md", "docs/a.md"]
