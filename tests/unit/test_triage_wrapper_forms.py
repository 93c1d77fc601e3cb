"""A cause is known by the forms its wrappers print, not only by the one a signature was written
from: NVML's version-mismatch string behind any NVML wrapper, a torch_npu graph-capture refusal
with any of ACL's resource codes, and an old-ABI symbol in a log that shows the ABI a build chose.

Lines from the ninth triage corpus (tests/data/triage_ninth, tuned on its odd half) are named by
their case file there; the other line of each class comes from another source."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

NINTH = "tests/data/triage_ninth"


def _first(lines: list[str]) -> tuple[str, str]:
    diagnosis = explain_text(lines)[0]
    return diagnosis.signature_id, diagnosis.layer


@pytest.mark.parametrize(
    "line",
    [
        # nvidia-docker's Go binding (NINTH b03-nvml-function-not-found-stale-symlinks.log).
        "nvidia-docker | 2017/12/21 05:04:46 Error: nvml: Driver/library version mismatch",
        # pynvml's exception for NVML_ERROR_LIB_RM_VERSION_MISMATCH (nvitop's api/libnvml.py
        # documents it: "If RM detects a driver/library version mismatch").
        "pynvml.nvml.NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch",
        # nvidia-smi's own form, as before.
        "Failed to initialize NVML: Driver/library version mismatch",
    ],
)
def test_nvmls_version_mismatch_is_known_behind_any_wrapper(line: str) -> None:
    assert _first([line]) == ("cuda.runtime.nvml-mismatch", "device_init")


def test_the_container_hooks_form_stays_the_hooks_own_cause() -> None:
    """libnvidia-container's form names the hook, whose signature lists this reason among its
    causes (cuda.container.cli-init-failed); the NVML cause is found beside it."""
    line = "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch"
    ids = [d.signature_id for d in explain_text([line])]
    assert ids[:2] == ["cuda.container.cli-init-failed", "cuda.runtime.nvml-mismatch"]


@pytest.mark.parametrize(
    "code",
    [
        "207005",  # NINTH a17-vllm-ascend-950-aclgraph-capture-207005-hdk.log: memory
        "207008",  # the vllm-ascend FAQ's (tests/fixtures/logs/...streams-exhausted): streams
    ],
)
def test_a_capture_refused_for_resources_is_capture_exhaustion(code: str) -> None:
    line = (
        "RuntimeError: NPUModelRunner failed, error is capture_begin:../torch_npu/csrc/core/npu/"
        "NPUGraph.cpp:230 NPU function error: c10_npu::acl::AclmdlRICaptureBegin(capture_stream_, "
        f"capture_mode), error code is {code}"
    )
    assert _first([line]) == ("ascend.runtime.aclgraph-streams-exhausted", "device_init")


def test_a_capture_refused_for_another_reason_is_not_exhaustion() -> None:
    line = (
        "NPU function error: c10_npu::acl::AclmdlRICaptureBegin(capture_stream_, capture_mode), "
        "error code is 207004"
    )
    assert all(
        d.signature_id != "ascend.runtime.aclgraph-streams-exhausted" for d in explain_text([line])
    )


@pytest.mark.parametrize(
    "abi",
    [
        # The flags of the build that made the extension (NINTH a03-nanobind-torch-abi0-flag.log).
        "CMakeFiles/nanobind-static.dir/flags.make:CXX_FLAGS = -fPIC -O2 "
        "-D_GLIBCXX_USE_CXX11_ABI=0 -std=gnu++17",
        # The ABI tag of flash-attention's release wheels (Dao-AILab/flash-attention releases).
        "Processing ./flash_attn-2.7.4.post1+cu12torch2.6cxx11abiFALSE-cp310-cp310-linux_x86_64.whl",
    ],
)
def test_an_old_abi_symbol_where_the_log_shows_the_abi_is_an_abi_mismatch(abi: str) -> None:
    symbol = (
        "ImportError: gdel3d.cpython-311-x86_64-linux-gnu.so: undefined symbol: "
        "_ZN3c106detail23torchInternalAssertFailEPKcS2_jS2_RKSs"
    )
    assert _first([symbol, abi]) == ("python.ext-undefined-symbol-cxx11abi", "install")
    # Without the ABI in the log, the torch version stays first (test_triage_families).
    assert _first([symbol])[0] == "python.ext-undefined-symbol-torch"
