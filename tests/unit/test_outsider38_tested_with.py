"""outsider19 D13 (tests/data/outsider38/REPORT.md) on KinglittleQ/torch-batch-svd@c0a96119:
README.md:42,44 ("CUDA 9.0/10.2 ...", "Tested in Pytorch 1.4 & 1.5, with CUDA 10.2") are
releases the repo shows in use beside an unversioned CUDA need (setup.py:16). ``check`` pinned
CUDA 10.2.0, GCC 8.1.0 and torch 1.12.1 on a Debian 12 host with CUDA 13.0 installed; after
``scan --write`` the draft had lost them, and ``check`` gave another plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = str(ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver")

# README.md:38-51
_README = """\
### Requirements

- Pytorch >= 1.0

- CUDA 9.0/10.2 (should work with 10.0/10.1 too)

- Tested in Pytorch 1.4 & 1.5, with CUDA 10.2

### Install

``` shell
export CUDA_HOME=/your/cuda/home/directory/
python setup.py install
```
"""
# setup.py:1-4, 14-34 (the version line, :9, left out: the build's git need is another test's)
_SETUP = """\
from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension

LIB_NAME = "torch_batch_svd"
cuda_extension = CUDAExtension(
    LIB_NAME + "._c",
    sources=["torch_batch_svd/csrc/torch_batch_svd.cpp"],
    libraries=["cusolver", "cublas"],
)

setup(
    name=LIB_NAME,
    python_requires=">=3.6",
    install_requires=["torch>=1.0"],
    packages=[LIB_NAME],
    ext_modules=[cuda_extension],
    cmdclass={"build_ext": BuildExtension.with_options(use_ninja=False)},
)
"""


def _pins(capsys: pytest.CaptureFixture[str], repo: Path) -> dict[str, str]:
    main(["check", str(repo), "--snapshot", HOST, "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    (environment,) = data["resolution"]["environments"]
    return {pin["subject"]: pin["version"] for pin in environment["pins"]}


def test_tested_with_is_no_pin_over_the_installed_toolkit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "README.md").write_text(_README, encoding="utf-8")
    (tmp_path / "setup.py").write_text(_SETUP, encoding="utf-8")
    alone = _pins(capsys, tmp_path)
    assert alone["cuda"].startswith("13.0")
    assert not alone.get("gcc", "").startswith("8.")
    assert main(["scan", str(tmp_path), "--write"]) == 0
    capsys.readouterr()
    assert "prefers = " in (tmp_path / "bringup.toml").read_text(encoding="utf-8")
    assert _pins(capsys, tmp_path) == alone  # one plan from the same facts
