"""outsider15 D4: a target whose GPU no supported toolkit serves, or one the knowledge base
cannot name, is never told to change its driver as if that made the repo run. The real paste:
https://github.com/NVIDIA/nvidia-docker/issues/287 (driver 375.20, 2 x GeForce GTX 460, a
compute capability 2.1 Fermi, https://developer.nvidia.com/cuda-legacy-gpus); the repo's
lines: NVlabs/stylegan2-ada-pytorch@d72cc7d041b42ec8e806021a205ed9349f87c6a4 README.md:61-66."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

README = """## Requirements

* Linux and Windows are supported, but we recommend Linux for performance and compatibility reasons.
* 1&ndash;8 high-end NVIDIA GPUs with at least 12 GB of memory. We have done all testing and development using NVIDIA DGX-1 with 8 Tesla V100 GPUs.
* 64-bit Python 3.7 and PyTorch 1.7.1. See [https://pytorch.org/](https://pytorch.org/) for PyTorch install instructions.
* CUDA toolkit 11.0 or later.  Use at least version 11.1 if running on RTX 3090.
"""  # noqa: E501

PASTE = """```
# nvidia-smi
Mon Jan  9 20:44:50 2017
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 375.20                 Driver Version: 375.20                    |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|===============================+======================+======================|
|   0  GeForce GTX 460     Off  | 0000:01:00.0     N/A |                  N/A |
| 40%   34C    P8    N/A /  N/A |    457MiB /   993MiB |     N/A      Default |
+-------------------------------+----------------------+----------------------+
|   1  GeForce GTX 460     Off  | 0000:02:00.0     N/A |                  N/A |
| 40%   31C   P12    N/A /  N/A |     74MiB /   993MiB |     N/A      Default |
+-------------------------------+----------------------+----------------------+
```
"""


def _on_target(tmp_path: Path, capsys: pytest.CaptureFixture[str], gpu: str) -> Any:
    repo = tmp_path / "stylegan2-ada-pytorch"
    repo.mkdir(exist_ok=True)
    (repo / "README.md").write_text(README)
    report = tmp_path / "report.txt"
    report.write_text(PASTE.replace("GeForce GTX 460", gpu))
    main(["check", str(repo), "--target", str(report), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return verdict["on_target"]


def test_a_fermi_gpu_cannot_run_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = _on_target(tmp_path, capsys, "GeForce GTX 460")
    assert target["status"] == "cannot_run"
    assert "compute capability >= 7.0" in target["text"]


def test_an_unnamed_gpu_is_unverified_not_a_driver_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = _on_target(tmp_path, capsys, "GeForce GTX 9999")
    assert target["status"] == "environment_unverified"
    assert "unverified: needs compute capability >= 7.0" in target["text"]
    assert "GeForce GTX 9999 is no name the knowledge base lists" in target["text"]
    assert target["driver"]["have"] == "375.20"
