# ruff: noqa: RUF001  (pip prints its report with a multiplication sign)
"""Forms of failure that threads nobody signed print: the CANN operators' parameter checks
(an unsupported dtype, a shape the tiling refuses), a code wrapped in its error class or
followed by a plog's ``[PID: N]``, a header missing with no file:line before it, the
Unified Buffer a kernel overflows, an exception line indented by a paste, the kubelet's
refusal of unhealthy devices, a CUDA API the driver lacks, the arch name torch's CMake
build does not know, Triton-Ascend's grid limit and a name missing from an import whose
module path a paste dropped. Each line is real and cites its thread."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.faultdiag import read_faults
from bringup.triage.signatures import SignatureError

# https://github.com/vllm-project/vllm-ascend/issues/12907: a float16 scale passed to an
# operator that supports bfloat16/float (the fix: run the model in bfloat16); pasted wrapped.
QUANT_MATMUL_DTYPE = """\
aclnnQuantMatmulWeightNz failed, error code is 161002
AclNN_Parameter_Error(EZ1001):
Tensor scale not implemented for DT_FLOAT16,
should be in dtype support list
[DT_UINT64, DT_BFLOAT16, DT_INT64, DT_FLOAT].
"""

# https://github.com/vllm-project/vllm-ascend/issues/6573: FlashAttentionScore's tiling refuses
# the attention mask's shape.
ATTEN_MASK_SHAPE = (
    "EZ9999[PID: 413] 2026-02-05-11:47:24.075.926 (EZ9999):  get unsupported atten_mask shape, "
    "the shape is [16, 1, 1, 1500]. B=[16], N=[20], Sq=[1500], Skv=[1500], supported atten_mask "
    "shape can be [B, N, Sq, Skv], [B, 1, Sq, Skv], [1, 1, Sq, Skv] and [Sq, Skv]."
    "[FUNC:AnalyzeOptionalInput][FILE:flash_attention_score_tiling_general.cpp][LINE:1606]\n"
)

# https://github.com/vllm-project/vllm-ascend/issues/5297: the code inside its error class.
ADDMM_K_AXIS = (
    "[PID: 172866] 2025-12-23-12:56:15.164.100 AclNN_Parameter_Error(EZ1001): "
    "The k-axis of the two inputs are different.\n"
)

# https://github.com/lzccccc/SMOKE/issues/73: the header line without the file:line before it.
SMOKE_HEADER = """\
fatal error: cuda_runtime_api.h: No such file or directory
#include <cuda_runtime_api.h>

compilation terminated.
"""

# https://github.com/Ascend/pytorch/issues/99: the exception line, indented in the paste.
NNAL_UNDEFINED = (
    " OSError: /home/mtp/Ascend/nnal/atb/latest/atb/cxx_abi_1/lib/libtbe_adapter.so: undefined "
    "symbol: _ZN3Mki2DlC1ERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEb\n"
)

# https://github.com/openshift/instaslice-operator/issues/140: the kubelet's message.
UNHEALTHY_DEVICES = (
    "Message:          Pod was rejected: Allocate failed due to no healthy devices present; "
    "cannot allocate unhealthy devices nvidia.com/mig-1g.5gb, which is unexpected\n"
)

# https://github.com/NVIDIA/FasterTransformer/issues/406: a build for CUDA > 11.0 on a 450
# driver (nvidia-smi: "CUDA Version: 11.0").
FT_NEWER_DRIVER = (
    "[FT][ERROR] CUDA runtime error: API call is not supported in the installed CUDA driver\n"
)

# https://github.com/pytorch/pytorch/issues/113948: torch's CMake build and an arch name its
# select_compute_arch.cmake does not know (workaround: set TORCH_CUDA_ARCH_LIST).
ARCH_NAME = """\
-- Autodetected CUDA architecture(s): 3.5;5.0;8.0;8.6;8.9;9.0;9.0a
CMake Error at cmake/Modules_CUDA_fix/upstream/FindCUDA/select_compute_arch.cmake:225 (message):
  Unknown CUDA Architecture Name 9.0a in CUDA_SELECT_NVCC_ARCH_FLAGS
"""

# https://github.com/modelscope/ms-swift/issues/9621: Triton-Ascend's own grid check (the
# answer: TRITON_ALL_BLOCKS_PARALLEL=1, and a kernel whose grid is bounded).
TRITON_GRID = (
    "[rank0]: RuntimeError: grid should be less than 65536! You can try "
    '"export TRITON_ALL_BLOCKS_PARALLEL=1" to avoid this problem.\n'
)

# https://github.com/huggingface/sentence-transformers/issues/3143: the title, without the
# module's path (the maintainer: transformers older than sentence-transformers requires).
IMPORT_NAME = "cannot import name 'is_torch_npu_available' from 'transformers'\n"

# https://github.com/Project-HAMi/HAMi/issues/39: the kubelet's event when the plugin's RPC fails.
PLUGIN_RPC = (
    "  Warning  UnexpectedAdmissionError  73s               kubelet        Allocate failed due "
    "to rpc error: code = Unavailable desc = transport is closing, which is unexpected\n"
)

# https://github.com/utcs-scea/altis/issues/19: CUDA 11.6's ptxas, run by nvcc, and sm_30
# (dropped from CUDA 11); https://github.com/NVlabs/stylegan2-ada/issues/107: nvcc's wording
# for an arch newer than it (sm_86 on an Ampere A4000).
PTXAS_ARCH = "    ptxas fatal   : Value 'sm_30' is not defined for option 'gpu-name'\n"
NVCC_ARCH = "nvcc fatal : Value 'sm_86' is not defined for option 'gpu-architecture'\n"

# https://github.com/nunchux-ai/nunchaku/issues/32: pip's report of a build subprocess, and
# inside it the exception the title quotes (at the block's indentation).
PIP_SUBPROCESS = """\
  Getting requirements to build wheel ... error
  error: subprocess-exited-with-error

  × Getting requirements to build wheel did not run successfully.
  │ exit code: 1
  ╰─> [28 lines of output]
      Traceback (most recent call last):
      OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.
"""


def test_an_operators_dtype_check_is_the_dtype_constraint_with_a_cast_as_fix() -> None:
    top = explain_text(QUANT_MATMUL_DTYPE)[0]
    assert top.signature_id == "faultdiag.aisw_cann_tbe_all_003"
    assert "cast that tensor" in top.fix
    assert "https://github.com/vllm-project/vllm-ascend/issues/12907" in top.see_also


def test_a_shape_the_tiling_refuses_is_the_shape_constraint() -> None:
    top = explain_text(ATTEN_MASK_SHAPE)[0]
    assert top.signature_id == "faultdiag.aisw_cann_tbe_all_002"
    assert "layout" in top.fix


def test_a_cann_code_inside_its_error_class_is_found() -> None:
    codes = {s.value for s in scan_log(ADDMM_K_AXIS).findings.codes.values()}
    assert "EZ1001" in codes
    assert explain_text(ADDMM_K_AXIS)[0].layer == "operator_execution"


def test_a_header_missing_without_its_location_is_build() -> None:
    top = explain_text(SMOKE_HEADER)[0]
    assert (top.signature_id, top.layer) == ("toolchain.header-missing", "build")
    assert "cuda_runtime_api.h" in top.cause


def test_an_indented_exception_line_is_an_exception() -> None:
    (sighting,) = scan_log(NNAL_UNDEFINED).findings.all_exceptions()
    assert sighting.name == "OSError"
    assert "undefined symbol" in sighting.message


def test_an_exception_inside_pips_report_gives_way_to_pips_failure_line() -> None:
    diagnoses = diagnose(scan_log(PIP_SUBPROCESS).findings)
    assert [d.signature_id for d in diagnoses] == [
        "line.install.resolver",
        "line.build.compiler-error",
    ]


def test_devices_the_kubelet_cannot_allocate_are_device_init() -> None:
    (diagnosis,) = explain_text(UNHEALTHY_DEVICES)
    assert diagnosis.signature_id == "line.device-init.device-plugin-allocate"
    assert diagnosis.layer == "device_init"


def test_an_api_the_installed_driver_lacks_is_a_driver_older_than_the_runtime() -> None:
    top = explain_text(FT_NEWER_DRIVER)[0]
    assert (top.signature_id, top.layer) == ("cuda.runtime.driver-insufficient", "device_init")


def test_an_arch_name_torchs_cmake_build_does_not_know() -> None:
    top = explain_text(ARCH_NAME)[0]
    assert top.signature_id == "cuda.build.torch-unknown-arch"
    assert "9.0a" in top.cause


def test_triton_ascends_grid_check_is_the_grid_over_the_npus_limit() -> None:
    top = explain_text(TRITON_GRID)[0]
    assert top.signature_id == "ascend.runtime.kernel-grid-over-limit"
    assert "TRITON_ALL_BLOCKS_PARALLEL" in top.fix


def test_a_name_missing_from_an_import_without_the_modules_path_is_version_skew() -> None:
    top = explain_text(IMPORT_NAME)[0]
    assert top.signature_id == "python.module-attribute-missing"
    assert "transformers" in top.cause


def test_a_device_plugin_that_fails_the_allocation_is_device_init() -> None:
    (diagnosis,) = explain_text(PLUGIN_RPC)
    assert diagnosis.layer == "device_init"


@pytest.mark.parametrize(("line", "arch"), [(PTXAS_ARCH, "sm_30"), (NVCC_ARCH, "sm_86")])
def test_an_arch_ptxas_or_nvcc_does_not_define_is_an_unsupported_arch(line: str, arch: str) -> None:
    top = explain_text(line)[0]
    assert (top.signature_id, top.layer) == ("cuda.build.nvcc-unsupported-arch", "build")
    assert arch in top.cause


def test_an_addition_for_a_fault_faultdiag_lacks_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "additions.toml"
    path.write_text(
        '[[addition]]\nfault = "NO_SUCH_FAULT"\nmatch = [["x"]]\n'
        'suggestion_en = "a"\nsuggestion_zh = "b"\nsource = "https://example.org/1"\n',
        encoding="utf-8",
    )
    with pytest.raises(SignatureError, match="NO_SUCH_FAULT"):
        read_faults(additions=path)


def test_an_addition_without_a_public_source_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "additions.toml"
    path.write_text(
        '[[addition]]\nfault = "AISW_CANN_TBE_ALL_003"\nmatch = [["x"]]\n'
        'suggestion_en = "a"\nsuggestion_zh = "b"\nsource = "file:///tmp/x"\n',
        encoding="utf-8",
    )
    with pytest.raises(SignatureError, match="https"):
        read_faults(additions=path)
