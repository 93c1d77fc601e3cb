"""Outsider 22's explain defects (session 41, tests/data/outsider41): each log's thread in
logs/README.md; each cause a class read from its public source (the signature's ``source``)."""

from __future__ import annotations

from pathlib import Path

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text

LOGS = Path(__file__).resolve().parents[1] / "data" / "outsider41" / "logs"


def _first(name: str) -> Diagnosis:
    return explain_text((LOGS / name).read_text(encoding="utf-8"))[0]


def test_a_cann_python_hook_refused_by_python_310_is_named() -> None:
    # D12: Ascend/pytorch#61, E40024 with "SystemError: PY_SSIZE_T_CLEAN macro must be defined
    # for '#' formats" (CPython 3.10's rule); the first answer was a generic ACL 500002.
    first = _first("L4-ascend-pytorch-61-py-ssize-t-clean.log")
    assert first.signature_id == "ascend.runtime.python-hook-py-ssize-t-clean"
    assert first.layer == "operator_execution"
    assert "get_binfile_sha256_hash_from_c" in first.cause


def test_pytorchs_cxx_standard_error_names_the_extensions_flag() -> None:
    # D13: MightyChaos/dqtorch#1, setup.py's -std=c++14 against torch >= 2; the answer was
    # "check the compiler versions".
    first = _first("L6-dqtorch-1-cxx17-required.log")
    assert first.signature_id == "toolchain.torch-cxx-standard"
    assert "C++17" in first.cause
    assert "-std=c++17" in first.fix


def test_the_first_error_of_a_newer_torch_is_among_the_causes() -> None:
    # D11: outsider22's run 2 (ClementPinard/Pytorch-Correlation-extension@f00f0cd, -std=c++17
    # against torch 2.14): the compiler's lines for all.h and ATen.h, path prefix cut
    log = (
        "torch/include/torch/csrc/api/include/torch/all.h:5:2: error: #error C++20 or later"
        " compatible compiler is required to use PyTorch.\n"
        "torch/include/ATen/ATen.h:5:2: error: #error C++20 or later compatible compiler is"
        " required to use ATen.\n"
    )
    first = explain_text(log)[0]
    assert first.signature_id == "toolchain.torch-cxx-standard"
    assert "C++20" in first.cause


def test_the_first_error_ranks_above_a_later_one_and_a_warning() -> None:
    # D11: the same run's log, lines 1, 46 and 65 (path prefixes cut): torch's logging warns
    # in glog's form (a warning, no failure), the #error comes first, the CUDA header is
    # missing in the next translation unit; the CUDA header's answer ranked first
    log = (
        "W1207 13:12:28.058000 7561 torch/utils/cpp_extension.py:183] No CUDA runtime is found,"
        " using CUDA_HOME='/usr/local'\n"
        "torch/include/torch/csrc/api/include/torch/all.h:5:2: error: #error C++20 or later"
        " compatible compiler is required to use PyTorch.\n"
        "torch/include/c10/cuda/CUDAMiscFunctions.h:7:10: fatal error: cuda_runtime.h: No such"
        " file or directory\n"
    )
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked[:2] == ["toolchain.torch-cxx-standard", "cuda.build.cuda-header-missing"]
    assert ranked.index("cuda.build.no-cuda-runtime") > 1
