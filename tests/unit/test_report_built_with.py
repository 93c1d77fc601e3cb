"""A pasted report's build lines are not the host's (outsider 13, D8 and D17): PyTorch's
"PyTorch built with: - GCC 10.2" was read as the host's gcc beside the host's own ``GCC:
... 9.4.0`` (a false contradiction, and ``diff`` showed 10.2), and llama-box's banner
``compiler : cc (...) 11.4.0`` as the host's gcc. The same holds for every field that names
a build: mmcv's compilers, the block's CuDNN, ds_report's ``compiled w.`` row."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.probe.importers import import_report
from bringup.probe.importers.builtwith import set_aside_builds
from cpuclock import cpu_seconds

# InternLM/lmdeploy#2585 (issue body, lmdeploy check_env), lines 1-10
LMDEPLOY = """\
sys.platform: linux
Python: 3.10.5 (main, Oct 12 2024, 11:01:46) [GCC 9.4.0]
CUDA available: False
MUSA available: False
numpy_random_seed: 2147483648
GCC: gcc (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0
PyTorch: 2.1.0
PyTorch compiling details: PyTorch built with:
  - GCC 10.2
  - C++ Version: 201703
"""

# open-mmlab/mmdetection#4659 (issue body, mmdet collect_env), the lines needed
MMDET = """\
NVCC: Cuda compilation tools, release 10.2, V10.2.89
GCC: gcc (GCC) 8.4.0
PyTorch: 1.7.1
PyTorch compiling details: PyTorch built with:
  - GCC 7.3
  - C++ Version: 201402
  - OpenMP 201511 (a.k.a. OpenMP 4.5)
  - CUDA Runtime 10.2
  - CuDNN 7.6.5
  - Magma 2.5.2
"""

# gpustack/llama-box#31 (issue body), the version banner
LLAMA_BOX = """\
version    : v0.0.108 (7d23755)
compiler   : cc (Ubuntu 11.4.0-2ubuntu1~18.04) 11.4.0
target     : aarch64-linux-gnu
vendor     : llama.cpp 80d0d6b4 (4519), stable-diffusion.cpp 102953d (203)
"""

# fudan-zvg/GSS@d8d4ba9bcc2ee2b0529eba3d3bca6137585f5124:readme/INSTALL.md:5-9 (mmseg's collect_env)
MMCV = """\
TorchVision: 0.10.1+cu111
OpenCV: 4.7.0
MMCV: 1.3.18
MMCV Compiler: GCC 7.3
MMCV CUDA Compiler: 11.1
"""


def _facts(text: str) -> dict[str, list[tuple[object, int | None]]]:
    found: dict[str, list[tuple[object, int | None]]] = {}
    for fact in import_report(text, "r.txt").facts:
        if fact.ok:
            found.setdefault(fact.key, []).append((fact.value, fact.source.line))
    return found


def test_pytorchs_build_compiler_is_not_the_hosts_gcc() -> None:
    facts = _facts(LMDEPLOY)
    assert facts["toolchain.gcc.version"] == [("9.4.0", 6)]
    assert facts["python.package.torch"] == [("2.1.0", 7)]


def test_the_blocks_cuda_runtime_is_the_cuda_torch_was_built_with_not_the_toolkit() -> None:
    facts = _facts(MMDET)
    assert facts["toolchain.gcc.version"] == [("8.4.0", 2)]
    assert facts["python.torch.cuda_version"] == [("10.2", 8)]
    assert facts["cuda.toolkit.active"] == [("10.2.89", 1)]  # nvcc's, not the block's
    assert "cuda.cudnn.version" not in facts  # "CuDNN 7.6.5": the one torch was built with


def test_a_version_banners_compiler_is_the_binarys_not_the_hosts() -> None:
    assert "toolchain.gcc.version" not in _facts(LLAMA_BOX)


def test_a_products_compiler_fields_are_its_build() -> None:
    facts = _facts(MMCV)
    assert "toolchain.gcc.version" not in facts
    assert "cuda.toolkit.active" not in facts


# PaddlePaddle/Paddle@a2e8b9e60ebb6cac13a44938340d8402a48194ec setup.py, paddle.version.show()'s
# docstring ("cuda: the cuda version of package"), then a host line (lmdeploy#2585 line 6)
PADDLE = """\
# full_version: 2.2.0
# major: 2
# minor: 2
# patch: 0
# rc: 0
# cuda: '10.2'
# cudnn: '7.6.5'
# xpu: '20230114'
# xpu_xccl: '1.0.7'
# cinn: False

GCC: gcc (Ubuntu 9.4.0-1ubuntu1~20.04.2) 9.4.0
"""


def test_a_packages_version_record_is_its_build_not_the_host() -> None:
    facts = _facts(PADDLE)
    assert facts.pop("toolchain.gcc.version") == [("9.4.0", 12)]
    assert set(facts) <= {"report.unread"}  # no CUDA, cuDNN or "full" package of the record


def test_the_words_before_built_with_are_kept_and_the_build_after_them_is_not() -> None:
    # deepspeedai/DeepSpeed deepspeed/env_report.py's row, pasted without its block header
    # (the row of the search index's file 35256637819, as test_report_ds_report has it)
    lines = [(1, "deepspeed wheel compiled w. ...... torch 2.7, cuda 0.0")]
    assert set_aside_builds(lines) == [(1, "deepspeed wheel")]
    # a language's compiler is the host's (pytorch/pytorch#91678, its CMake summary)
    host = [(2, "--   C++ compiler version  : 7.5.0")]
    assert set_aside_builds(host) == host


def test_diff_of_two_reports_shows_the_hosts_gcc(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "a.txt", tmp_path / "b.txt"
    before.write_text("- Python version: 3.10.15\n")  # hiyouga/LlamaFactory#6671, line 5
    after.write_text(LMDEPLOY)
    main(["diff", str(before), str(after)])
    said = capsys.readouterr().out
    assert [line.split() for line in said.splitlines() if "gcc" in line] == [
        ["fact", "toolchain.gcc.version", "(absent)", "9.4.0"]
    ]


@pytest.mark.parametrize(
    "line",
    [
        "built with " * 5_000,
        "x compiler " * 5_000 + ":",
        "a1 " * 17_000 + "compiler:",
        "compiled w." * 5_000,
        "- " * 25_000,
    ],
)
def test_a_hostile_line_is_read_in_time(line: str) -> None:
    lines = [(1, "PyTorch built with:"), (2, " " + line), (3, line), (4, "target: a-b-c")]
    lines += [(5, "compiler : " + line)]
    started = cpu_seconds()
    set_aside_builds(lines)
    assert cpu_seconds() - started < 2


# tests/fixtures/excerpts/outsider22 (sources in its SOURCE.md): detectron2's collect_env table
DETECTRON2 = Path(__file__).resolve().parents[1] / "fixtures" / "excerpts" / "outsider22"


def test_detectron2s_built_extension_compilers_are_not_the_hosts() -> None:
    # retsuh-bqw/SRFormer-Text-Det#10: "Compiler  GCC 9.4", "CUDA compiler  CUDA 11.4" are
    # what detectron2._C was built with (its "no kernel image" failure is that build's)
    built = _facts((DETECTRON2 / "srformer-10-collect-env.txt").read_text(encoding="utf-8"))
    assert "toolchain.gcc.version" not in built
    assert "cuda.toolkit.active" not in built
    # facebookresearch/detectron2#4991: _C not built, so the rows are the host's c++ and nvcc
    host = _facts((DETECTRON2 / "detectron2-4991-collect-env.txt").read_text(encoding="utf-8"))
    assert host["toolchain.gcc.version"] == [("8.4.0", 7)]
    assert host["cuda.toolkit.active"] == [("10.1.243", 8)]
