"""outsider15 D3: on a named target, a pin the knowledge base cannot vouch for makes the row
"environment N, unverified", never plain "environment N" (and ``check`` exits 1). The repo's
lines: NVlabs/stylegan2-ada-pytorch@d72cc7d041b42ec8e806021a205ed9349f87c6a4 README.md:61-66
(torch 1.7.1, "CUDA toolkit 11.0 or later"). torch 1.7.1 has rows now (torch_cuda.toml: its
Python, its CUDA builds cu92/cu101/cu102/cu110), so its environment on V100s pins the CUDA
it was built for; a release below the first row (torch 1.5.1) is the unknown pin."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

README = """## Requirements

* 1&ndash;8 high-end NVIDIA GPUs with at least 12 GB of memory. We have done all testing and development using NVIDIA DGX-1 with 8 Tesla V100 GPUs.
* 64-bit Python 3.7 and PyTorch 1.7.1. See [https://pytorch.org/](https://pytorch.org/) for PyTorch install instructions.
* CUDA toolkit 11.0 or later.  Use at least version 11.1 if running on RTX 3090.
"""  # noqa: E501


def _check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], readme: str
) -> tuple[int, dict[str, Any]]:
    repo = tmp_path / "stylegan2-ada-pytorch"
    repo.mkdir(exist_ok=True)
    (repo / "README.md").write_text(readme)
    code = main(["check", str(repo), "--target", "V100:8", "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return code, verdict["on_target"]


def test_a_pin_the_knowledge_base_lacks_is_unverified_on_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # constructed from README.md:65: a torch release below torch_cuda.toml's first row
    older = README.replace("PyTorch 1.7.1", "PyTorch 1.5.1")
    code, target = _check(tmp_path, capsys, older)
    assert target["status"] == "environment_unverified"
    assert target["text"].startswith("environment 1, unverified: torch 1.5.1")
    assert "no compute capability row for torch 1.5.1" in target["text"]
    assert code == 1
    # torch 2.4.1, which the knowledge base pairs, is plain "environment 1"
    known = README.replace("Python 3.7 and PyTorch 1.7.1", "Python 3.10 and PyTorch 2.4.1")
    _code, target = _check(tmp_path, capsys, known)
    assert target["status"] == "environment"


def test_torch_1_7_1_on_v100s_pins_the_cuda_it_was_built_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """D3 itself: CUDA 12.9.1 was pinned beside torch 1.7.1 on V100:8 (the newest the V100
    allows, no row naming torch 1.7's builds); its builds end at CUDA 11.0."""
    repo = tmp_path / "stylegan2-ada-pytorch"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    main(["check", str(repo), "--target", "V100:8", "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (verdict,) = data["verdicts"]
    assert verdict["on_target"]["status"] == "environment"
    (environment,) = data["design"]["environments"]
    pins = {p["subject"]: p["version"] for p in environment["pins"]}
    assert pins["torch"] == "1.7.1"
    assert pins["cuda"].startswith("11.0.")
