"""The layer of a log no signature describes: the same real logs read with every specific
signature removed (only the catch-alls, the vendor fault knowledge and the fallback left), as a
log in a wording nobody signed would be. Each log cites its public thread."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from bringup.model.diagnosis import Diagnosis
from bringup.triage.evidence import by_words
from bringup.triage.explain import compile_matcher, scan_log
from bringup.triage.fallbackrules import builtin_rules
from bringup.triage.faultdiag import read_faults
from bringup.triage.loader import load_signatures
from bringup.triage.ranking import rank
from bringup.triage.scanner import Matcher
from bringup.triage.signatures import SignatureError, SignatureSet

DATA = Path(__file__).resolve().parent.parent / "data"


@functools.cache
def _unsigned_matcher() -> Matcher:
    catalogue = load_signatures()
    catch_alls = tuple(s for s in catalogue.signatures if s.record.generic)
    return compile_matcher(SignatureSet(catch_alls, catalogue.tables), knowledge=True)


def unsigned(log: bytes | str) -> list[Diagnosis]:
    """``explain_text`` as if no specific signature knew the log's wording."""
    matcher = _unsigned_matcher()
    return rank(scan_log(log, matcher=matcher), matcher.catalogue)


def test_torch_npus_code_under_an_exception_ranks_below_what_explains_the_exception() -> None:
    # torch_npu appends "ERR99999 UNKNOWN application exception" to the message of an exception
    # it did not classify: Ascend/pytorch#53 (an API the installed torch_npu lacks) and
    # hiyouga/LlamaFactory#6261 (a broken vllm install): the exception says install.
    for path in (
        DATA / "triage_seventh" / "25-torch-npu-profile-attr.log",
        DATA / "triage_heldout" / "04-llamafactory-npu-broken-vllm.log",
    ):
        diagnoses = unsigned(path.read_bytes())
        assert diagnoses[0].layer == "install", path
        assert diagnoses[-1].signature_id == "code.cann.err99999", path


def test_the_runtimes_advice_after_an_asynchronous_failure_is_a_catch_all() -> None:
    # PyTorch appends "CUDA kernel errors might be asynchronously reported ..." to every CUDA
    # error (c10/cuda/CUDAMiscFunctions.cpp); FaultDiag's AISW_PyTorch_Train_15 is found by
    # that advice alone. Under "no kernel image is available" (pytorch/pytorch#180101, the
    # sixth corpus's case 08; pytorch/pytorch#149845, the fresh corpus's case 16) the code
    # says install, and the CANN fault, read from a line that names CUDA only, is no answer
    # (outsider47 D2: a vendor's answer needs that vendor's words).
    for path in (
        DATA / "triage_sixth" / "08-pytorch-no-kernel-image-rtx5080-cu124-nightly.log",
        DATA / "triage_fresh" / "16-rtx5090d-no-kernel-image.log",
    ):
        ranked = unsigned(path.read_bytes())
        assert (ranked[0].signature_id, ranked[0].layer) == ("code.cuda.209", "install"), path
        ids = [d.signature_id for d in ranked]
        assert "faultdiag.aisw_pytorch_train_15" not in ids


def test_a_catch_all_needs_a_known_fault_and_a_public_source(tmp_path: Path) -> None:
    path = tmp_path / "additions.toml"
    for fault, source, problem in (
        ("NO_SUCH_FAULT", "https://example.org/1", "NO_SUCH_FAULT"),
        ("AISW_PyTorch_Train_15", "file:///tmp/x", "https"),
    ):
        path.write_text(
            f'[[catch_all]]\nfault = "{fault}"\nwhy = "advice"\nsource = "{source}"\n',
            encoding="utf-8",
        )
        with pytest.raises(SignatureError, match=problem):
            read_faults(additions=path)


ADVICE = (
    "Since the operator is called asynchronously, the stacktrace may be inaccurate. If you want "
    "to get the accurate stacktrace, please set the environment variable "
    "ASCEND_LAUNCH_BLOCKING=1.\n"
    "Note: ASCEND_LAUNCH_BLOCKING=1 will force ops to run in synchronous mode, resulting in "
    "performance degradation. Please unset ASCEND_LAUNCH_BLOCKING in time after debugging.\n"
)


@pytest.mark.parametrize(
    "operator",
    [
        "aclnnFusedInferAttentionScoreV3",  # sgl-project/sglang#9925 (eighth corpus b20)
        "_layer_norm_fwd_1pass_kernel",  # sgl-project/sglang#10554 (sixth corpus 52)
    ],
)
def test_torch_npus_advice_under_an_inner_error_does_not_make_it_an_install_failure(
    operator: str,
) -> None:
    # The advice's "environment variable" is the install layer's word; the failure is the
    # operator named on the line above it.
    log = (
        "RuntimeError: The Inner error is reported as above. The process exits for this inner "
        f"error, and the current working operator name is {operator}.\n" + ADVICE
    )
    assert unsigned(log)[0].layer == "operator_execution"


@pytest.mark.parametrize(
    "line",
    [
        # AILab-CVC/Make-Your-Video#4 (fresh corpus 23): cuDNN 8 missing on the library path.
        "Error: Could not load library libcudnn_cnn_infer.so.8",
        # jax-ml/jax#20519 (fourth corpus 28): no compatible cuDNN in the pip packages.
        "CUDA backend failed to initialize: Unable to load cuDNN. Is it installed? "
        "(Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)",
    ],
)
def test_a_library_that_cannot_be_loaded_is_install_even_when_it_is_cudnn(line: str) -> None:
    # "could not load library X" (no "to"), and a cuDNN that cannot be loaded, are not a
    # failed cuDNN operation.
    assert unsigned(line)[0].layer == "install"


FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


@pytest.mark.parametrize(
    "sample",
    [
        # Each sample's first line cites its source.
        "frameworks.hf-model-path-not-found/transformers-hub.log",
        "frameworks.hf-gated-repo/transformers-hub.log",
        "frameworks.megatron-checkpoint-path-not-found/mindspeed-llm-faq.log",
        "frameworks.safetensors-not-a-safetensors-file/safetensors.log",
        "frameworks.torch-load-weights-only/torch-serialization.log",
        "frameworks.checkpoint-shape-mismatch/torch-module.log",
        "python.proxy-tls-mismatch/msit-faq.log",
        "ascend.install.driver-needs-root/npu-driver-faq.log",
    ],
)
def test_a_file_model_or_setting_the_job_cannot_use_is_install(sample: str) -> None:
    # A model path that does not exist, a checkpoint that cannot be read or does not fit, a
    # download stopped by a proxy or a permission: the job's inputs are not set up; not an
    # operator failing (the default for a failure whose words name no component).
    assert unsigned((FIXTURES / sample).read_bytes())[0].layer == "install"


@pytest.mark.parametrize(
    "sample",
    [
        # hw-native-sys/PTOAS#784: aclrtSetDevice fails, the plog's 12th line "open device 4
        # failed, runtime result = 507033" (the scan keeps only the first failure lines).
        FIXTURES / "ascend.runtime.device-open-failed" / "ptoas-784.log",
        # gpustack/gpustack#3352: "open device 0 failed, runtime result = 107001".
        FIXTURES / "ascend.runtime.visible-devices-out-of-range" / "gpustack-3352.log",
        # vllm-project/vllm-ascend#167 (sixth corpus 01): Ray's visible devices, set_device(1).
        DATA / "triage_sixth" / "01-vllm-ascend-ray-multinode-set-device-107001.log",
    ],
)
def test_a_device_that_cannot_be_opened_is_device_init(sample: Path) -> None:
    # FaultDiag's AISW_CANN_ACL_04 ("open device ... failed ... runtime result") is an ACL
    # module fault placed by the words of its line; those words name the device's start-up.
    top = unsigned(sample.read_bytes())[0]
    assert (top.signature_id, top.layer) == ("faultdiag.aisw_cann_acl_04", "device_init")


@pytest.mark.parametrize(
    "line",
    [
        # hw-native-sys/pypto#2429 (eleventh corpus a13): a GEMV kernel that hangs.
        "[ERROR] PTO2 scheduler timeout sub_class=S1:running-stalled (detail=1)",
        # MindCluster FaultDiag's AISW_CANN_ERRMSG_Custom_01 (the aicpu-timeout sample).
        "E30008: AI CPU operator execution time out.",
    ],
)
def test_an_operation_that_does_not_finish_in_time_is_not_the_network(line: str) -> None:
    assert unsigned(line)[0].layer == "operator_execution"


@pytest.mark.parametrize(
    "sample",
    [
        # gpustack/gpustack#2016 (a sample) and gpustack/gpustack#1765 (fresh corpus 08):
        # MindIE's "unsupported model type", under the header every MindIE LLM log opens with
        # ("LLM log default format: [...] [error code] msg", no failure).
        FIXTURES / "ascend.install.mindie-model-unsupported" / "gpustack-2016.log",
        DATA / "triage_fresh" / "08-gpustack-mindie-unsupported-model.log",
        # vLLM's troubleshooting guide (a sample): "Model architectures [...] are not supported".
        FIXTURES / "frameworks.vllm-architecture-unsupported" / "vllm-troubleshooting.log",
    ],
)
def test_a_model_the_installed_release_does_not_support_is_install(sample: Path) -> None:
    assert unsigned(sample.read_bytes())[0].layer == "install"


@pytest.mark.parametrize(
    "sample",
    [
        # NVIDIA/flownet2-pytorch#218 (a sample): CUDA_HOME unset, raised in cpp_extension.
        FIXTURES / "cuda.build.cuda-home-not-set" / "flownet2-218.log",
        # pytorch/extension-cpp#26 (heldout corpus 37): the same, from setup.py.
        DATA / "triage_heldout" / "37-extension-cpp-cuda-home-unset.log",
    ],
)
def test_an_exception_raised_in_an_extensions_build_tool_is_build(sample: Path) -> None:
    # The message names CUDA; the frames say a build tool was building an extension.
    assert unsigned(sample.read_bytes())[0].layer == "build"


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        # OdingdongO/pytorch_classification#1: "no CUDA-capable device is detected".
        (
            (FIXTURES / "cuda.runtime.no-device" / "pytorch-classification-1.log").read_bytes(),
            "device_init",
        ),
        # vllm-project/vllm#20305: "Free memory on device ... is less than desired GPU memory
        # utilization".
        (
            (
                FIXTURES / "frameworks.vllm-free-memory-below-utilization" / "vllm-20305.log"
            ).read_bytes(),
            "memory",
        ),
        # iffiX/machin#25 (ninth corpus b17): a GPU in exclusive-process mode.
        (
            b"RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable\n",
            "device_init",
        ),
    ],
)
def test_an_exception_naming_the_gpu_takes_the_layer_its_message_names(
    log: bytes, layer: str
) -> None:
    # traceback.operator.cuda/npu find an exception by its device words; where it failed is
    # what the rest of its message names (placed), operator_execution when it names nothing.
    assert unsigned(log)[0].layer == layer


@pytest.mark.parametrize(
    "line",
    [
        # taohan10200/IIM#28 (its title: the message and PyTorch's advice on one line)
        "RuntimeError: CUDA error: out of memory CUDA kernel errors might be asynchronously "
        "reported at some other API call,so the stacktrace below might be incorrect. For "
        "debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
        # Comfy-Org/ComfyUI#12366 (its description: the lines glued together)
        "CUDA error: out of memorySearch for `cudaErrorMemoryAllocation' in https://docs.nvidia"
        ".com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.CUDA kernel "
        "errors might be asynchronously reported at some other API call, so the stacktrace "
        "below might be incorrect.For debugging consider passing",
    ],
)
def test_the_advice_on_the_failures_own_line_leaves_the_failures_words(line: str) -> None:
    # Found by review: the advice was cut with the whole line it was on, the failure's own
    # words ("out of memory") included, so they named no layer.
    said = by_words((line,), builtin_rules().evidence)
    assert said is not None
    assert said.layer == "memory"
