"""outsider14 D15: a collect_env that says "No CUDA" for the GPUs and the driver (the
tester's P4, https://github.com/pytorch/pytorch/issues/10657) gave a CUDA-extension repo "on
the target: environment 1, unverified: its GPU count is unknown (not probed)"; beside an
npu-smi report (no GPU either) the same repo "cannot run (needs a GPU)". The report's "GPU
models and configuration: No CUDA" line counts no GPU. The repo's lines are
ThibaultGROUEIX/ChamferDistancePytorch@364c03c4 chamfer2D/setup.py:1-13."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import Source
from bringup.probe.importers.collect_env import parse_collect_env

HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
)
REPORT = """PyTorch version: 0.4.1.post2
Is debug build: No
CUDA used to build PyTorch: None

OS: Arch Linux
GCC version: (GCC) 8.2.0
CMake version: version 3.11.4

Python version: 3.7
Is CUDA available: No
CUDA runtime version: No CUDA
GPU models and configuration: No CUDA
Nvidia driver version: No CUDA
cuDNN version: No CUDA
"""
SETUP = """from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name='chamfer_2D',
    ext_modules=[
        CUDAExtension('chamfer_2D', [
            "/".join(__file__.split('/')[:-1] + ['chamfer_cuda.cpp']),
            "/".join(__file__.split('/')[:-1] + ['chamfer2D.cu']),
        ]),
    ],
    cmdclass={
        'build_ext': BuildExtension
    })
"""


def test_a_report_that_says_no_cuda_for_the_gpus_counts_none() -> None:
    facts = parse_collect_env(REPORT, Source(kind="report", ref="r6.txt")).facts
    counts = [f for f in facts if f.key.endswith("device_count")]
    assert [(f.value, f.source.line) for f in counts] == [(0, 12)]


def test_a_report_without_the_gpu_line_says_nothing_of_the_count() -> None:
    text = REPORT.replace("GPU models and configuration: No CUDA\n", "")
    facts = parse_collect_env(text, Source(kind="report", ref="r6.txt")).facts
    assert not [f for f in facts if f.key.endswith("device_count")]


def test_a_cuda_extension_cannot_run_on_a_target_that_reports_no_gpu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "chamfer"
    (repo / "chamfer2D").mkdir(parents=True)
    (repo / "chamfer2D/setup.py").write_text(SETUP)
    report = tmp_path / "r6.txt"
    report.write_text(REPORT)
    code = main(["check", str(repo), "--target", str(report), "--snapshot", str(HOST)])
    out = " ".join(capsys.readouterr().out.split())
    assert "cannot run (needs a GPU)" in out
    assert "not probed" not in out
    assert code == 1


# https://github.com/vllm-project/vllm/issues/11431 (its collect_env, the CUDA lines)
VLLM_11431 = """Is CUDA available: False
CUDA runtime version: No CUDA
CUDA_MODULE_LOADING set to: N/A
GPU models and configuration: No CUDA
Nvidia driver version: No CUDA
"""


def test_another_report_that_says_no_cuda_counts_none() -> None:
    facts = parse_collect_env(VLLM_11431, Source(kind="report", ref="r7.txt")).facts
    counts = [f for f in facts if f.key.endswith("device_count")]
    assert [(f.value, f.source.line) for f in counts] == [(0, 4)]
