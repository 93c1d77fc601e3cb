"""outsider19 D1: a repo whose setup.py builds a CUDAExtension alone (outsider13 D4's class,
``scan.devicecode``) was said to "run here after installing CUDA" on a host with no GPU, when
its README's ``export CUDA_HOME=...`` stood for the toolkit's unversioned mentions and setup.py's
line, the one that says the code runs on GPUs alone, was only cited beside it. Real lines:
KinglittleQ/torch-batch-svd@c0a96119 setup.py:1-37 and README.md:36-57."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

SETUP = (
    "import subprocess\n"
    "\n"
    "from setuptools import setup\n"
    "from torch.utils.cpp_extension import CUDAExtension, BuildExtension\n"
    "from pathlib import Path\n"
    "\n"
    'LIB_NAME = "torch_batch_svd"\n'
    "\n"
    'rev = "+" + subprocess.check_output(["git", "rev-parse", "--short", "HEAD"])'
    '.decode("ascii").rstrip()\n'
    """version = "1.1.0" + rev

root_dir = Path(LIB_NAME)
include_dir = root_dir / "include"
ext_src = [str(x.absolute()) for x in root_dir.glob("csrc/*.cpp")]

cuda_extension = CUDAExtension(
    LIB_NAME + "._c",
    sources=ext_src,
    libraries=["cusolver", "cublas"],
    include_dirs=[include_dir],
    extra_compile_args={"cxx": ["-O2", "-Wno-unknown-pragmas"], "nvcc": ["-O2"]},
)

setup(
    name=LIB_NAME,
    version=version,
    description="A 100x faster PyTorch SVD",
    author="Chengqi Deng",
    license="MIT",
    python_requires=">=3.6",
    install_requires=["torch>=1.0"],
    packages=[LIB_NAME],
    ext_modules=[cuda_extension],
    cmdclass={"build_ext": BuildExtension.with_options(use_ninja=False)},
)
"""
)
README = """\
## Get Started

### Requirements

- Pytorch >= 1.0

- CUDA 9.0/10.2 (should work with 10.0/10.1 too)

- Tested in Pytorch 1.4 & 1.5, with CUDA 10.2

### Install

``` shell
export CUDA_HOME=/your/cuda/home/directory/
python setup.py install
```

### Test

```shell
cd tests
python test.py
```
"""


def test_a_cuda_extension_alone_runs_only_on_gpus_whatever_line_is_cited_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "torch-batch-svd"
    repo.mkdir()
    (repo / "setup.py").write_text(SETUP, encoding="utf-8")
    (repo / "README.md").write_text(README, encoding="utf-8")
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["status"] == "needs_hardware"
    assert "runs only on NVIDIA GPUs (none here; setup.py:16)" in verdict["here"]
    assert code == 1


# IST-DASLab/marlin@8fc1e30c setup.py:1-16 (a CUDAExtension alone) and README.md:62-64 (the
# versioned line that then stands for the toolkit's, setup.py's cited beside it)
MARLIN_SETUP = """\
from setuptools import setup
from torch.utils import cpp_extension

setup(
    name="marlin",
    version="0.1.1",
    author="Elias Frantar",
    author_email="elias.frantar@ist.ac.at",
    description="Highly optimized FP16xINT4 CUDA matmul kernel.",
    install_requires=["numpy", "torch"],
    packages=["marlin"],
    ext_modules=[
        cpp_extension.CUDAExtension("marlin_cuda", ["marlin/marlin_cuda.cpp", "marlin/marlin_cuda_kernel.cu"])
    ],
    cmdclass={"build_ext": cpp_extension.BuildExtension},
)
"""  # noqa: E501
MARLIN_README = """## Requirements:

* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should match with torch)
"""  # noqa: E501


def test_a_versioned_toolkit_line_standing_for_it_keeps_the_device_need(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "marlin"
    repo.mkdir()
    (repo / "setup.py").write_text(MARLIN_SETUP, encoding="utf-8")
    (repo / "README.md").write_text(MARLIN_README, encoding="utf-8")
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["status"] == "needs_hardware"
    assert "runs only on NVIDIA GPUs (none here; setup.py:13)" in verdict["here"]
    assert code == 1
