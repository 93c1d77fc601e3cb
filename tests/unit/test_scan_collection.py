"""What a collection's top README says all of it runs on (``collection``), on real lines.

Sources (public, at the commits the tune-set truth was written for):
- hicann/cann-recipes-train 93819a74531c19c5c6089a5a916519ae20cf28fb README.md
- hicann/cann-recipes-spatial-intelligence 71eb882bf34b90b297834b82c3693eb021c454bb README.md
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.collection import _MEMBER_LINK, rootless, shared_needs
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo

# cann-recipes-train README.md:11-12 (overview) and :17-20 (its list of recipes)
_TRAIN = (
    "# cann-recipes-train\n"
    "\n"
    "## 🚀Latest News\n"
    "- [2025/10] [DeepSeek-R1](llm_rl/deepseek/README.md)、[Qwen2.5模型](llm_rl/qwen2_5/verl_npu_demo/README.md)样例首次上线。\n"  # noqa: E501
    "\n"
    "## 🎉概述\n"
    "cann-recipes-train仓库旨在针对LLM与多模态模型训练业务中的典型模型、算法，提供基于CANN平台的优化样例，方便开发者简单、快速、高效地使用CANN平台进行模型训练。\n"
    "\n"
    "## ✨实践列表\n"
    "\n"
    "|实践|简介|\n"
    "|-----|-----|\n"
    "|[DeepSeek-R1 RL训练优化样例](llm_rl/deepseek/README.md) |基于开源veRL框架，搭配MindSpeed+vLLM-Ascend框架，在Atlas A3集群实现GRPO算法的高吞吐RL训练，并达到120TPS/卡的系统吞吐量。|\n"  # noqa: E501
    "|[基于verl框架的Qwen2.5强化学习（入门样例）](llm_rl/qwen2_5/verl_npu_demo/README.md) |基于Qwen2.5-1.5B-Instruct模型，采用verl强化学习框架，在MATH-lighteval数学推理数据集上进行了训练。本样例只需要单卡Atlas A2环境，帮助大家快速上手，使用昇腾NPU完成RL训练任务。|\n"  # noqa: E501
)

# cann-recipes-spatial-intelligence README.md:3-4 (news) and :12-15 (its list of samples)
_SPATIAL = (
    "## 🚀Latest News\n"
    "- [2025/12] 3DGS算法模型在昇腾Atlas A2系列上已支持训练和推理，代码已开源。\n"
    "\n"
    "## ✨样例列表\n"
    "|实践|简介|\n"
    "|-----|-----|\n"
    "|[VGGT](models/vggt/README.md)|基于VGGT开源模型，完成其在Atlas A2上的推理适配，并提供其在相机位姿估计、点云重建、深度估计三个任务上的精度评测脚本。\n"  # noqa: E501
)


def _needs(text: str, rel: str = "README.md") -> list[tuple[str, str, int | None]]:
    found = shared_needs(SourceFile(ref=rel, rel=rel, text=text))
    return [(r.subject, r.spec, r.source.line) for r in found]


def test_the_overview_names_the_toolkit_and_member_rows_the_chips() -> None:
    assert _needs(_TRAIN) == [("cann", "", 7), ("chip", "910_93", 13), ("chip", "910B", 14)]


def test_a_news_item_is_history_and_a_member_s_row_is_read() -> None:
    # the news item names Atlas A2 too, but only the sample's row is cited
    assert _needs(_SPATIAL) == [("chip", "910B", 7)]


def test_only_the_top_readme_speaks_for_the_collection() -> None:
    assert _needs(_TRAIN, "llm_rl/deepseek/README.md") == []


def test_a_build_file_at_the_top_makes_the_repo_one_project() -> None:
    assert rootless(["README.md", "ops/ascendc/setup.py", "ops/ascendc/CMakeLists.txt"])
    assert not rootless(["README.md", "setup.py"])
    assert not rootless(["README.md", "CMakeLists.txt"])
    # ai-dynamo/nixl@8770b655 builds with meson.build at its top; Bazel and autotools roots alike
    assert not rootless(["README.md", "meson.build", "src/plugins/ucx/meson.build"])
    assert not rootless(["README.md", "MODULE.bazel"])
    assert not rootless(["README.md", "configure.ac"])


def test_the_scan_reads_the_shared_needs_of_a_rootless_repo_only(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(_TRAIN, encoding="utf-8")
    repo = scan_repo(tmp_path, "cann-recipes-train").component
    chips = [r for r in repo.requirements if r.subject == "chip"]
    assert [sorted(r.spec.split(",")) for r in chips] == [["910B", "910_93"]]
    assert any(r.subject == "cann" for r in repo.requirements)
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup()\n", encoding="utf-8")
    rooted = scan_repo(tmp_path, "cann-recipes-train").component
    assert not [r for r in rooted.requirements if r.subject in ("chip", "cann")]


def test_a_link_outside_the_repo_or_to_a_site_names_no_member() -> None:
    # Constructed from the review of this rule: a parent directory's page and a bare site
    # address are no member folders; a member whose name holds a dot is.
    assert _MEMBER_LINK.search("[x](../other/README.md)") is None
    assert _MEMBER_LINK.search("[Atlas](www.hiascend.com/doc)") is None
    assert _MEMBER_LINK.search("[a](hiascend.com/x)") is None
    found = _MEMBER_LINK.search("[b](v1.0/notes.md)")
    assert found is not None
    assert found.group(1) == "v1.0"
