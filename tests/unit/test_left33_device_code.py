"""outsider13 D4, verdict form: a repo whose setup.py builds one device kind's extensions and
nothing else builds here but its code runs on those devices alone; on a host with no
accelerator ``check`` said "runs here". Real lines: camenduru/simple-knn@60f461f4
setup.py:12-13,21-36 (a CUDAExtension of .cu sources), daerduoCarey/PyTorchEMD@e5c0feb
setup.py:9-24; the host-and-device builder pair of rusty1s/pytorch_scatter@648dda3c
setup.py:19,95 (``Extension = CppExtension if suffix == 'cpu' else CUDAExtension``)."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.scan.devicecode import device_code_only

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU_HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
BUILDERS = {"CUDAExtension": "cuda", "NpuExtension": "cann"}

SIMPLE_KNN = """from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension
import os

setup(
    name="simple_knn",
    ext_modules=[
        CUDAExtension(
            name="simple_knn._C",
            sources=[
            "spatial.cu",
            "simple_knn.cu",
            "ext.cpp"],
            extra_compile_args={"nvcc": [], "cxx": cxx_compiler_flags})
        ],
    cmdclass={
        'build_ext': BuildExtension
    },
    version='1.0.0'
)
"""
PYTORCH_EMD = """from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension


setup(
    name='emd_ext',
    ext_modules=[
        CUDAExtension(
            name='emd_cuda',
            sources=[
                'cuda/emd.cpp',
                'cuda/emd_kernel.cu',
            ],
            extra_compile_args={'cxx': ['-g'], 'nvcc': ['-O2']}
        ),
    ],
    cmdclass={
        'build_ext': BuildExtension
    })
"""
SCATTER_CHOICE = """from torch.utils.cpp_extension import CppExtension, CUDAExtension
def get_extensions():
    Extension = CppExtension if suffix == 'cpu' else CUDAExtension
    return [Extension('torch_scatter._scatter_cpu', sources)]
"""
MINDSPEED_LLM = """try:
    from torch_npu.utils import cpp_extension
    from torch.utils.cpp_extension import BuildExtension

    ext_ops = cpp_extension.NpuExtension(
        name="ascendspeed_te_ops",
        sources=op_files,
    )
    exts.append(ext_ops)
    cmd_class = {"build_ext": BuildExtension.with_options(use_ninja=False)}
except Exception:
    print('Can not find env : ASCEND_TOOLKIT_HOME or ATB_HOME_PATH, ops setup failed')
"""
"""Ascend/MindSpeed-LLM setup.py:50-76 (tests/fixtures/repos/ascend-five), cut to its shape."""
CPU_TOO = "        CppExtension(name='emd_cpu', sources=['cpu/emd.cpp']),\n"
BOTH_BUILT = PYTORCH_EMD.replace("    ],\n    cmdclass", CPU_TOO + "    ],\n    cmdclass")


def _only(text: str) -> frozenset[str]:
    return device_code_only(ast.parse(text), BUILDERS)


def test_a_setup_that_builds_device_extensions_alone_is_device_code() -> None:
    assert _only(SIMPLE_KNN) == {"cuda"}
    assert _only(PYTORCH_EMD) == {"cuda"}


def test_a_host_builder_beside_it_or_chosen_at_run_time_is_not() -> None:
    assert _only(BOTH_BUILT) == frozenset()
    assert _only(MINDSPEED_LLM) == frozenset()
    assert _only(SCATTER_CHOICE) == frozenset()
    assert _only("from setuptools import setup\nsetup(name='x')\n") == frozenset()


def _repo(tmp_path: Path, name: str, setup: str) -> Path:
    repo = tmp_path / name
    repo.mkdir()
    (repo / "setup.py").write_text(setup)
    # camenduru/simple-knn@60f461f4 README.md:9-13
    (repo / "README.md").write_text(
        "Install:\n```bash\ngit clone https://github.com/camenduru/simple-knn && cd simple-knn\n"
        "pip install .\n```\n"
    )
    return repo


def _check(capsys: pytest.CaptureFixture[str], repo: Path, host: Path) -> tuple[int, Any]:
    code = main(["check", str(repo), "--snapshot", str(host), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return code, verdict


@pytest.mark.parametrize(
    ("name", "setup", "line"), [("simple-knn", SIMPLE_KNN, 8), ("emd", PYTORCH_EMD, 8)]
)
def test_check_says_it_builds_here_and_runs_only_on_gpus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, setup: str, line: int
) -> None:
    code, verdict = _check(capsys, _repo(tmp_path, name, setup), HOST)
    assert verdict["status"] == "needs_hardware"
    assert verdict["here"].startswith("builds here")
    assert f"; runs only on NVIDIA GPUs (none here; setup.py:{line})" in verdict["here"]
    assert code == 1


def test_a_host_builder_beside_it_still_runs_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _code, verdict = _check(capsys, _repo(tmp_path, "both", BOTH_BUILT), HOST)
    assert verdict["status"] in ("runs", "runs_after")
    assert "runs only on" not in verdict["here"]
