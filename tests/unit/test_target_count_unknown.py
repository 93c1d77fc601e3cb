"""A named target whose report does not say how many devices of a repo's kind it has: the repo's
row there is ``environment_unverified`` and ``check`` exits 1, as an unverified verdict here does
(outsider13 D7: simple-knn against lmdeploy#2585's check_env, "CUDA available: False" and no GPU
named, was "environment 1", exit 0, while the text said "planned for it unverified")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

SETUP_PY = """from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension
import os

cxx_compiler_flags = []

if os.name == 'nt':
    cxx_compiler_flags.append("/wd4624")

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
"""camenduru/simple-knn@60f461f4a56b7967e5d8045bf92f8c33f36976d0:setup.py:12-36."""

CHECK_ENV = """sys.platform: linux
Python: 3.10.5 (main, Oct 12 2024, 11:01:46) [GCC 9.4.0]
CUDA available: False
MUSA available: False
numpy_random_seed: 2147483648
GCC: gcc (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0
PyTorch: 2.1.0
PyTorch compiling details: PyTorch built with:
  - GCC 10.2
  - C++ Version: 201703
  - Intel(R) MKL-DNN v3.1.1 (Git Hash 64f6bcbcbab628e96f33a62c3e975f8535a7bde4)
  - OpenMP 201511 (a.k.a. OpenMP 4.5)
  - LAPACK is enabled (usually provided by MKL)
  - NNPACK is enabled
  - CPU capability usage: NO AVX
"""
"""https://github.com/InternLM/lmdeploy/issues/2585 (its ``lmdeploy check_env``, as the tester cut
it: /work/outsider13/reports/lmdeploy2585.txt)."""


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "simple-knn"
    repo.mkdir()
    (repo / "setup.py").write_text(SETUP_PY, encoding="utf-8")
    for name in ("spatial.cu", "simple_knn.cu", "ext.cpp"):
        (repo / name).write_text("", encoding="utf-8")
    return repo


def test_a_gpu_count_the_report_does_not_give_is_unverified_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "lmdeploy2585.txt"
    report.write_text(CHECK_ENV, encoding="utf-8")
    code = main(["check", str(_repo(tmp_path)), "--target", str(report), "--json"])
    data = json.loads(capsys.readouterr().out)
    (verdict,) = data["data"]["verdicts"]
    assert verdict["on_target"]["status"] == "environment_unverified"
    assert "GPU count is unknown" in verdict["on_target"]["text"]
    assert code == data["exit_code"] == 1


def test_a_target_that_says_its_count_is_not_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["check", str(_repo(tmp_path)), "--target", "A100:8", "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["on_target"]["status"] == "environment"


NPU_TABLE = Path(__file__).parents[1] / "data" / "outsider26b" / "va3403_npusmi.txt"
"""vllm-ascend#3403's npu-smi 24.1.0 table, cut off after 3 NPUs (910B1)."""
# shanshuo/MindSpeed-MM@dc326082efa915ff35ae4b57f9d2baf1c5788466 docs/user-guide/installation.md:70
CANN_81RC1 = "```shell\nbash Ascend-cann-toolkit_8.1.RC1_linux-aarch64.run --install\n```\n"


def test_listed_devices_of_a_table_cut_off_are_not_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """How many NPUs past the third is not said; that there are some is."""
    repo = tmp_path / "mm"
    repo.mkdir()
    (repo / "README.md").write_text(CANN_81RC1, encoding="utf-8")
    main(["check", str(repo), "--target", str(NPU_TABLE), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["on_target"]["status"] == "environment"


NPU_SMI_CUT = """npu-smi info
+------------------------------------------------------------------------------------------------+
| npu-smi 24.1.rc3                 Version: 24.1.rc3                                             |
+---------------------------+---------------+----------------------------------------------------+
| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|
| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |
+===========================+===============+====================================================+
| 0     910B1               | OK            | 94.6        49                0    / 0             |
| 0                         | 0000:C1:00.0  | 0           0    / 0          3373 / 65536         |
+===========================+===============+====================================================+
| 1     910B1               | OK            | 97.8        48                0    / 0             |
| 0                         | 0000:01:00.0  | 0           0    / 0          3367 / 65536         |
+===========================+===============+====================================================+
| 2     910B1               | OK            | 93.0        48
"""
"""https://github.com/vllm-project/vllm-ascend/issues/152 (its npu-smi table, cut where the
issue's excerpt ends, as outsider16 pasted it: /work/outsider16/reports/r1_npusmi_trunc.txt)."""


def test_a_table_cut_off_after_listed_npus_says_the_same_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three NPUs listed, the rest cut off: the target has at least those three, so the row
    is ``environment``; the text must not say "planned for it unverified" beside it
    (outsider16 D13: the text said unverified, the column and --json plain environment)."""
    repo = tmp_path / "r"
    repo.mkdir()
    (repo / "requirements.txt").write_text("torch==2.1.0\ntorch-npu==2.1.0.post3\n")
    report = tmp_path / "npusmi.txt"
    report.write_text(NPU_SMI_CUT, encoding="utf-8")
    assert main(["check", str(repo), "--target", str(report), "--json"]) == 0
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["on_target"]["status"] == "environment"
    main(["check", str(repo), "--target", str(report)])
    text = capsys.readouterr().out
    assert "environment 1" in text
    assert "unverified" not in text
