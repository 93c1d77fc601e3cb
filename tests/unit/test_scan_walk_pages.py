"""Docs under ``docs/`` whose names say they list the repo's dependencies or introduce it
are read, as the whole repo's guides; a feature's or an API's page of those words is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.docscopes import doc_scope
from bringup.scan.filekinds import classify
from bringup.scan.scopenames import REPO
from bringup.scan.walk import walk_repo

# Ascend/MindIE-LLM@8b4871ad31f592aa863f6255760e4934484d78e4:
#   docs/zh/user_guide/install/source/preparing_software_and_dependencies.md:59
#   "|glibc|<li>Ascend-mindie_<*version*>_linux-<*arch*>_abi0.run配套的glibc版本需大于或等于2.34。"
# Ascend/IndexSDK@fa59585884ce5b34e7465d75003955a2cba5ef88: docs/zh/01_introduction.md:82
#   "<th>操作系统版本（仅支持64位的操作系统）</th>" (the OS table), and docs/en/introduction.md
READ = [
    "docs/zh/user_guide/install/source/preparing_software_and_dependencies.md",
    "docs/zh/01_introduction.md",
    "docs/en/introduction.md",
]
# Ascend/MindSpeed docs/zh/features/recompute_independent_pipelining.md (a feature; "dependenc"
# inside "independent"); Ascend/opbase docs/zh/api/op_common/op_common_api_introduction.md
# (an API's introduction); Ascend/tensorflow docs/zh/tfadapter_1/introduction.md (a part's).
NOT_READ = [
    "docs/zh/features/recompute_independent_pipelining.md",
    "docs/zh/api/op_common/op_common_api_introduction.md",
    "docs/zh/tfadapter_1/introduction.md",
]


@pytest.mark.parametrize("rel", READ)
def test_a_dependency_list_or_the_introduction_is_a_guide_of_the_whole_repo(rel: str) -> None:
    assert classify(rel) == "docs"
    assert doc_scope(rel.split("/")) == REPO


@pytest.mark.parametrize("rel", NOT_READ)
def test_a_feature_or_api_page_is_not_read_for_those_words(rel: str) -> None:
    assert classify(rel) is None


# Ascend/msmodeling@84fec853d6708256ca4fecf143d8b656a3a3496e:
#   docs/zh/install_guide/msmodeling_install_guide.md:66 ("CANN 软件包版本、GCC 版本和 Python
#   版本以统一镜像制作指南为准"), docs/en/install_guide/msmodeling_install_guide.md:9
#   ("Python 3.10 or later"): a directory of install guides is no topic of its own
INSTALL_GUIDES = [
    "docs/zh/install_guide/msmodeling_install_guide.md",
    "docs/en/install_guide/msmodeling_install_guide.md",
]


@pytest.mark.parametrize("rel", INSTALL_GUIDES)
def test_a_directory_of_install_guides_holds_the_repo_s_guides(rel: str) -> None:
    assert doc_scope(rel.split("/")) == REPO


# ai-dynamo/nixl@8770b655a6b17b5cdf7d2b56b6e0be5392496df5: ATTRIBUTIONS-Python.md (1.9 MB),
# ATTRIBUTIONS-Rust.md and ATTRIBUTIONS-CPP.md: the licence texts of the packages it ships.
# Names of the same kind: THIRD_PARTY_LICENSES.md, THIRDPARTYNOTICES.md, NOTICE.md.
ATTRIBUTIONS = [
    "ATTRIBUTIONS-Python.md",
    "ATTRIBUTIONS-CPP.md",
    "THIRD_PARTY_LICENSES.md",
    "THIRDPARTYNOTICES.md",
    "NOTICE.md",
    "Third_Party_Open_Source_Software_Notice.md",
]


@pytest.mark.parametrize("rel", ATTRIBUTIONS)
def test_third_party_attributions_are_no_docs_of_the_repo(rel: str) -> None:
    assert classify(rel) is None


def test_a_readme_or_a_notes_page_is_still_read() -> None:
    assert classify("README.md") == "docs"
    assert classify("NOTES.md") == "docs"
    # review 3: only a page named news/copying/history itself is history or licence
    assert classify("copying-data.md") == "docs"
    assert classify("newsletter-setup.md") == "docs"
    assert classify("COPYING.md") is None
    assert classify("HISTORY.md") is None


def test_the_pages_of_a_fern_docs_tree_are_the_repos_docs() -> None:
    # rapidsai/cuvs@ff0c807: fern/fern.config.json, fern/pages/build.md:11 ("an Ampere
    # architecture GPU or newer, which means compute capability 8.0 or higher") is the build
    # guide of the whole repo; fern/pages/cuvs_bench/install.md is the benchmarks' page
    assert classify("fern/pages/build.md") == "docs"
    assert doc_scope(["fern", "pages", "build.md"]) == REPO
    assert doc_scope(["fern", "pages", "cuvs_bench", "install.md"]) == "fern/pages/cuvs_bench"


# hicann/ops-tensor@d636af5c116fef892ece61b140f46577ab6e54dd docs/zh/context/quick_install.md:16-19
# ("- pigz（可选…）", "- dos2unix", "- gawk", "- make" under "## 前提条件"): the background
# folder holds the repo's install guide; its other pages are each their own topic
# (hicann/ops-nn docs/zh/context/data_type.md), never one "context" feature.
def test_a_background_folder_holds_the_repo_s_guides() -> None:
    assert doc_scope(["docs", "zh", "context", "quick_install.md"]) == REPO
    assert doc_scope(["docs", "zh", "context", "build.md"]) == REPO
    assert doc_scope(["docs", "zh", "context", "data_type.md"]) == "docs/zh/context/data_type"


def test_an_operator_projects_build_output_is_not_walked(tmp_path: Path) -> None:
    # wilburx813/ascend_op@1af0782baaeaa94ba1f7999c85b30492e053e14d Asinh/CMakePresets.json:14
    # builds into build_out; the repo commits it, with generated compile scripts naming one
    # chip (Asinh/build_out/op_kernel/binary/ascend310b/gen/Asinh-asinh-0.sh:20, cut)
    project = tmp_path / "Asinh"
    gen = project / "build_out" / "op_kernel" / "binary" / "ascend310b" / "gen"
    gen.mkdir(parents=True)
    (project / "CMakePresets.json").write_text('{"binaryDir": "${sourceDir}/build_out"}\n')
    (gen / "Asinh-asinh-0.sh").write_text(
        "res=$(opc $1 --main_func=asinh --soc_version=Ascend310B1)\n"
    )
    (project / "build_out" / "CMakeCache.txt").write_text("CMAKE_BUILD_TYPE:STRING=Release\n")
    rels = {entry.rel for entry in walk_repo(tmp_path)[0]}
    assert "Asinh/CMakePresets.json" in rels
    assert not [rel for rel in rels if "/build_out/" in rel]
