"""What a line's words limit it to (outsider9 #1, #5, #10): a release branch named in a version
table is that release; a device count in what the docs cover is no need of the repo's; a line
said for one backend or an optional feature is that backend's or feature's, not the repo's."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack
from bringup.scan.prose import read_line

_RLHF = "mindspore-lab/mindrlhf@3c9ec063cc6f4915e94c6d886b46a53f1c2859f6"
_LF = "hiyouga/LLaMA-Factory@ff6d4d12eeb035d6ce06805a5733dd7b29f2ac30"


def _specs(tmp_path: Path, name: str, text: str) -> dict[str, str]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    (component,) = scan_stack([tmp_path]).components
    return {r.subject: r.spec for r in component.requirements}


def test_a_release_branch_in_a_requirements_table_is_that_release(tmp_path: Path) -> None:
    # _RLHF README.md:43-51 (cut): r2.3.1 is MindSpore's branch for release 2.3.1
    table = (
        "## Installation\n\n"
        "There are some requirements for MindRLHF:\n\n"
        "|  requirements   | version |\n"
        "|  ----   |---------|\n"
        "| MindSpore    | r2.3.1    |\n"
        "| Mindformers | r1.2.0    |\n"
    )
    specs = _specs(tmp_path, "README.md", table)
    assert specs["mindspore"] == "==2.3.1"
    assert specs["pypi:mindformers"] == "==1.2.0"


def test_a_branch_that_names_no_release_is_no_version(tmp_path: Path) -> None:
    # the same table with the development branch: master is no release
    table = "## Installation\n\n| requirements | version |\n|----|----|\n| MindSpore | master |\n"
    specs = _specs(tmp_path, "README.md", table)
    assert specs.get("mindspore", "") == ""


def test_a_count_in_what_the_examples_cover_is_no_need() -> None:
    # _LF README_zh.md:681 under "### 快速开始" (a quick start: read as required)
    line = "高级用法请参考 [examples/README_zh.md](examples/README_zh.md)"
    line += "\uff08包括多 GPU 微调\uff09。"
    assert not [m for m in read_line(line, required=True) if m.subject.endswith("_count")]
    # the same words without the listing state the need
    need = "高级用法需要多 GPU。"
    assert [m.spec for m in read_line(need, required=True) if m.subject == "gpu_count"] == [">=2"]


def test_a_count_said_of_the_examples_folder_is_that_examples_scale() -> None:
    # the class of _LF README_zh.md:681: a count said where the examples/ folder is named
    line = "Distributed recipes (see examples/README.md) require at least 8 GPUs."
    (count,) = [m for m in read_line(line) if m.subject == "gpu_count"]
    assert not count.hard
    assert count.text.startswith("example:")


def test_the_install_said_for_one_backend_is_that_backends_route(tmp_path: Path) -> None:
    # _LF README.md:607 (cut), beside pyproject.toml:11 requires-python >=3.11.0
    guide = (
        "## Getting Started\n\n### Installation\n\n"
        "To install LlamaFactory on Ascend NPU devices, please use Python 3.12 and install "
        "the extra dependencies with `pip install -r requirements/npu.txt`.\n"
    )
    (tmp_path / "README.md").write_text(guide, encoding="utf-8")
    (component,) = scan_stack([tmp_path]).components
    python = [r for r in component.requirements if r.subject == "python"]
    assert not python or python[0].feature
    # the same words without the backend are the repo's own route
    (tmp_path / "README.md").write_text(guide.replace(" on Ascend NPU devices", ""), "utf-8")
    (component,) = scan_stack([tmp_path]).components
    python = [r for r in component.requirements if r.subject == "python"]
    assert [(r.spec, r.feature) for r in python] == [("==3.12.*", "")]


def test_a_row_marked_for_one_backend_is_that_backends(tmp_path: Path) -> None:
    # _LF docs/zh/getting-started.md:15-19 (cut)
    table = (
        "## 依赖\n\n|          必需项          | 至少     | 推荐     |\n"
        "|:---------------------:|--------|--------|\n"
        "|        python         | 3.11   | 3.12   |\n"
        "|         torch         | 2.7.1  | 2.7.1  |\n"
        "| torch-npu(Ascend NPU) | 2.7.1  | 2.7.1  |\n"
    )
    specs = _specs(tmp_path, "README.md", table)
    assert "torch_npu" not in specs
    assert specs["torch"] == ">=2.7.1"
