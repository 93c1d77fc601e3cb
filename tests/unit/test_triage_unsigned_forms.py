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

# https://github.com/lzccccc/SMOKE/issues/73: the header line without the file:line before it (a
# CUDA toolkit header: the answer names the toolkit, outsider O15 D11).
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


TOP_CAUSES = [
    # (log, the first diagnosis, the field of it that names the cause or fix, a text in it)
    (QUANT_MATMUL_DTYPE, "class.operator.npu-kernel-refuses-inputs", "fix", "cast or reshape"),
    (ATTEN_MASK_SHAPE, "class.operator.npu-kernel-refuses-inputs", "fix", "layout"),
    (SMOKE_HEADER, "cuda.build.cuda-header-missing", "cause", "the CUDA toolkit"),
    (FT_NEWER_DRIVER, "cuda.runtime.driver-insufficient", "layer", "device_init"),
    (ARCH_NAME, "cuda.build.torch-unknown-arch", "cause", "9.0a"),
    (TRITON_GRID, "ascend.runtime.kernel-grid-over-limit", "fix", "TRITON_ALL_BLOCKS_PARALLEL"),
    (IMPORT_NAME, "python.module-attribute-missing", "cause", "transformers"),
    (PTXAS_ARCH, "cuda.build.nvcc-unsupported-arch", "cause", "sm_30"),
    (NVCC_ARCH, "cuda.build.nvcc-unsupported-arch", "cause", "sm_86"),
]


@pytest.mark.parametrize(("log", "expected", "field", "text"), TOP_CAUSES)
def test_the_first_diagnosis_names_the_cause(
    log: str, expected: str, field: str, text: str
) -> None:
    top = explain_text(log)[0]
    assert top.signature_id == expected
    assert text in getattr(top, field)


def test_a_cann_code_inside_its_error_class_is_found() -> None:
    codes = {s.value for s in scan_log(ADDMM_K_AXIS).findings.codes.values()}
    assert "EZ1001" in codes
    assert explain_text(ADDMM_K_AXIS)[0].layer == "operator_execution"


def test_an_indented_exception_line_is_an_exception() -> None:
    (sighting,) = scan_log(NNAL_UNDEFINED).findings.all_exceptions()
    assert sighting.name == "OSError"
    assert "undefined symbol" in sighting.message


def test_an_exception_inside_pips_report_gives_way_to_pips_failure_line() -> None:
    diagnoses = diagnose(scan_log(PIP_SUBPROCESS).findings)
    # pip's wrapper of a failed build step, not its resolver (outsider 23b, D6), and not
    # compiler-error's on the build layer too (review23 #4: one owner)
    assert [d.signature_id for d in diagnoses] == ["line.install.package-build"]


@pytest.mark.parametrize("log", [UNHEALTHY_DEVICES, PLUGIN_RPC])
def test_devices_the_kubelet_cannot_allocate_are_device_init(log: str) -> None:
    (diagnosis,) = explain_text(log)
    assert (diagnosis.signature_id, diagnosis.layer) == (
        "line.device-init.device-plugin-allocate",
        "device_init",
    )


@pytest.mark.parametrize(
    ("fault", "source", "problem"),
    [
        ("NO_SUCH_FAULT", "https://example.org/1", "NO_SUCH_FAULT"),
        ("AISW_CANN_TBE_ALL_003", "file:///tmp/x", "https"),
    ],
)
def test_an_addition_needs_a_known_fault_and_a_public_source(
    tmp_path: Path, fault: str, source: str, problem: str
) -> None:
    path = tmp_path / "additions.toml"
    path.write_text(
        f'[[addition]]\nfault = "{fault}"\nmatch = [["x"]]\n'
        f'suggestion_en = "a"\nsuggestion_zh = "b"\nsource = "{source}"\n',
        encoding="utf-8",
    )
    with pytest.raises(SignatureError, match=problem):
        read_faults(additions=path)
