"""A wheel a guide installs by its file name is missing only when neither the checkout holds it
nor an earlier step of the guide downloads it (review 26b M3: a committed wheel was marked
missing, as the walk listed only .py and .sh files). Fixture: tests/fixtures/repos/outsider26b/
mindspeed (momo609/mindspeed@7e624cf1 docs/zh/install_guide.md:74-75, its SOURCE.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

from bringup.model import Step, file_source
from bringup.scan import scan_stack
from bringup.scan.stepfiles import StepFiles, placed

MINDSPEED = Path(__file__).resolve().parents[2] / "tests/fixtures/repos/outsider26b/mindspeed"
TORCH = "torch-2.7.1-cp310-cp310-manylinux_2_28_aarch64.whl"
TORCH_NPU = "torch_npu-2.7.1rc1-cp310-cp310-manylinux_2_28_aarch64.whl"


def _missing(root: Path) -> dict[str, tuple[str, ...]]:
    (component,) = scan_stack([str(root)]).components
    return {s.argv[-1]: s.needs.missing for s in component.steps if s.argv[-1].endswith(".whl")}


def test_a_wheel_the_checkout_commits_is_not_missing(tmp_path: Path) -> None:
    # constructed: the fixture with the torch wheel committed beside the guide (an empty file)
    root = tmp_path / "mindspeed"
    shutil.copytree(MINDSPEED, root)
    (root / TORCH).write_bytes(b"")
    missing = _missing(root)
    assert missing[TORCH] == ()
    assert missing[TORCH_NPU] == (TORCH_NPU,)  # the one it does not hold stays missing


def test_a_wheel_an_earlier_step_downloads_is_not_missing() -> None:
    # constructed from the shape of Ascend/MindSpeed-LLM's quick start ("wget <url>/x.whl",
    # then "pip install x.whl"); the URL's "%2B" is the "+" of the name installed
    source = file_source("docs/quick_start.md", 1)
    url = "https://download.pytorch.org/whl/cu121/torch-2.3.0%2Bcu121-cp310-cp310-linux_x86_64.whl"
    wget = Step(name="w", kind="run", argv=("wget", url), source=source)
    name = "torch-2.3.0+cu121-cp310-cp310-linux_x86_64.whl"
    install = Step(name="i", kind="install", argv=("pip", "install", name), source=source)
    assert placed([wget, install], StepFiles(frozenset(), lambda _: None))[1].needs.missing == ()
    # the install alone, with nothing fetched first, still needs the file
    assert placed([install], StepFiles(frozenset(), lambda _: None))[0].needs.missing == (name,)
