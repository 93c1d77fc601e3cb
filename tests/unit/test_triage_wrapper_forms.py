"""A cause is known by the forms its wrappers print, not only by the one a signature was written
from: NVML's version-mismatch string behind any NVML wrapper, a torch_npu graph-capture refusal
with any of ACL's resource codes, an old-ABI symbol in a log that shows the ABI a build chose; and
the class rules for the forms of a class another tool prints (an ambiguous name in the source, a
library misaligned for this system's pages, a backend missing from the build, an intrinsic the
compiler cannot lower).

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
        "Processing ./flash_attn-2.7.4.post1+cu12torch2.6cxx11abiFALSE-cp310-cp310-"
        "linux_x86_64.whl",
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


@pytest.mark.parametrize(
    "lines",
    [
        # BiSheng (clang) on CANN's enum beside the project's struct (NINTH a09-ptoisa-cann900-
        # stride-ambiguous.log): the error line came without its path, the notes keep theirs.
        [
            "error: reference to 'Stride' is ambiguous",
            "/usr/local/Ascend/cann-9.0.0/tools/bisheng_compiler/lib/clang/15.0.5/include/"
            "__clang_cce_vector_intrinsics.h:114:12: note: candidate found by name lookup is "
            "'Stride'",
        ],
        # GCC's form of the same diagnostic (std::byte against a project's own byte).
        ["src/main.cpp:12:5: error: reference to 'byte' is ambiguous"],
    ],
)
def test_an_ambiguous_name_is_the_sources_own_error(lines: list[str]) -> None:
    assert _first(lines) == ("class.build.source-out-of-step", "build")


@pytest.mark.parametrize(
    "line",
    [
        # glibc elf/dl-load.c's message for a 4 KB-page build run under 64 KB pages (NINTH
        # a13-paddle-arm-pagesize-elf-alignment.log).
        "python/lib/python3.8/site-packages/paddle/fluid/core_noavx.so: "
        "ELF load command alignment not page-aligned",
        # Its sibling after a strip of a patched wheel library (nixpkgs' torchvision-bin keeps
        # dontStrip for it).
        "ImportError: libtorch_cuda_cpp.so: ELF load command address/offset not properly aligned",
    ],
)
def test_a_library_misaligned_for_this_systems_pages_is_install(line: str) -> None:
    assert _first([line]) == ("class.install.elf-segments-misaligned", "install")


def test_the_loaders_refusal_outranks_an_earlier_compiler_warning_as_error() -> None:
    lines = [
        "Paddle/paddle/fluid/platform/profiler.cc:615:19: error: moving a local object in a "
        "return statement prevents copy elision [-Werror=pessimizing-move]",
        "core_noavx.so: ELF load command alignment not page-aligned",
    ]
    assert _first(lines) == ("class.install.elf-segments-misaligned", "install")


@pytest.mark.parametrize(
    "line",
    [
        # sherpa-onnx csrc/provider.cc's StringToProvider (NINTH b13-sherpa-ascend-provider-
        # unsupported.log).
        "/project/sherpa-onnx/csrc/provider.cc:StringToProvider:32 Unsupported string: ascend. "
        "Fallback to cpu",
        # onnxruntime's warning (onnxruntime_inference_collection.py) in a CPU-only wheel.
        "UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider "
        "names.Available providers: 'AzureExecutionProvider, CPUExecutionProvider'",
    ],
)
def test_a_backend_missing_from_the_build_is_install(line: str) -> None:
    assert _first([line]) == ("class.install.backend-not-in-build", "install")


@pytest.mark.parametrize(
    "line",
    [
        # BiSheng (CANN 9.0.0-beta.1) on PTOAS's IR (NINTH a07-ptoas-bisheng-cannot-select-
        # intrinsic.log).
        "fatal error: error in backend: Cannot select: intrinsic "
        "%llvm.hivm.MOV.UB.TO.OUT.ALIGN.V2.DV",
        # An older clang on binutils' SHA code (macports' binutils Portfile: clang < 1001).
        "fatal error: error in backend: Cannot select: intrinsic %llvm.x86.sha1rnds4",
    ],
)
def test_a_compiler_that_cannot_lower_an_intrinsic_is_out_of_step(line: str) -> None:
    assert _first([line]) == ("class.install.compiler-cannot-lower-intrinsic", "install")
