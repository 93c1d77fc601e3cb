# ruff: noqa: RUF001  (the guide's real lines hold full-width punctuation)
"""outsider19 D12 (tests/data/outsider38/REPORT.md), the docs half: shangxt10/verl_mindspeedmm
@da9e8534's Ascend guide builds vLLM from its v0.13.0 tag, while setup.py:52 declares the
``vllm`` extra as ``vllm>=0.8.5,<=0.12.0``; no finding said so."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# setup.py:52, 64-70 (the other extras left out), and a setup() call naming them
_SETUP = """\
from setuptools import setup
VLLM_REQUIRES = ["tensordict>=0.8.0,<=0.10.0,!=0.9.0", "vllm>=0.8.5,<=0.12.0"]
SGLANG_REQUIRES = ["sglang[srt,openai]==0.5.8", "torch==2.9.1"]

extras_require = {
    "vllm": VLLM_REQUIRES,
    "sglang": SGLANG_REQUIRES,
}

setup(name="verl", extras_require=extras_require)
"""
# docs/ascend_tutorial/quick_start/ascend_quick_start.rst:40-47, 97-103
_GUIDE = """\
    +---------------+----------------------+
    | software      | version              |
    +---------------+----------------------+
    | Python        | >= 3.10, <3.12       |
    +---------------+----------------------+
    | torch         | == 2.8.0             |
    +---------------+----------------------+

2. vllm 源码安装指令：

    .. code-block:: bash

        git clone --depth 1 --branch v0.13.0 https://github.com/vllm-project/vllm.git
        cd vllm && pip install -r requirements/build.txt
        VLLM_TARGET_DEVICE=empty pip install -v -e . && cd ..
"""


def test_a_guides_pin_outside_the_manifests_range_is_a_finding(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text(_SETUP, encoding="utf-8")
    guide = tmp_path / "docs/ascend_tutorial/quick_start/ascend_quick_start.rst"
    guide.parent.mkdir(parents=True)
    guide.write_text(_GUIDE, encoding="utf-8")
    scanned = scan_repo(tmp_path, "verl_mindspeedmm").component
    said = [f for f in scanned.findings if f.key == "scan.contradiction.vllm"]
    assert len(said) == 1, said
    assert "vllm ==0.13.0" in (said[0].reason or "")
    # cited at the install line (rst:103) and at setup.py's range
    assert said[0].source.line == 15
    assert "setup.py:2" in (said[0].reason or "")
    # the sglang extra's torch==2.9.1 holds where that extra is installed, not for the guide
    assert not [f for f in scanned.findings if f.key == "scan.contradiction.torch"]
