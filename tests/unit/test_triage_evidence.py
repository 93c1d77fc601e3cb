"""A layer for every failure log: a failure that no signature, code or rule explains is placed
by the words it is written in, with low confidence and below every other diagnosis; a log
without a failure stays unexplained. Real lines from public threads, each citing its thread
(from the tuning corpus triage_seventh and the sample logs)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bringup.model.diagnosis import Diagnosis
from bringup.triage import explain_text
from bringup.triage.evidence import by_words, failure_diagnosis
from bringup.triage.explain import compile_matcher, scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackrules import RULES_FILE, read_rules
from bringup.triage.loader import load_signatures
from bringup.triage.ranking import rank
from bringup.triage.signatures import SignatureError, SignatureSet

GPUSTACK = (
    Path(__file__).parent.parent
    / "fixtures"
    / "logs"
    / "ascend.runtime.visible-devices-out-of-range"
    / "gpustack-3352.log"
)

# https://github.com/Project-HAMi/ascend-device-plugin/issues/27: a glog F line of the device
# plugin after glog I lines that mention a failure.
VNPU_CONFIG = """\
│ I0908 02:12:23.339234       1 client.go:53] BuildConfigFromFlags failed for file /root/.kube/config: stat /roo
│ t/.kube/config: no such file or directory using inClusterConfig
│ [INFO]     2025/09/08 02:12:23.564828 1       devmanager/devmanager.go:100    the dcmi version is 25.0.rc1.1
│ F0908 02:12:23.566599       1 main.go:133] load config failed, error is can not find vnpu config for chip 910B4-1
"""  # noqa: E501

# https://github.com/KCL-BMEIS/niftyreg/issues/49: a kernel launch the GPU cannot take (the
# file name ends in .cu, but no compiler ran).
LAUNCH_RESOURCES = """\
NiftyReg CUDA ERROR] file '/home/qinwang/nifty/niftyreg-git/reg-lib/cuda/resampleKernel.cu' in line 443 : too many resources requested for launch.
Grid [316x1x1] | Block [512x1x1]
"""  # noqa: E501

# https://github.com/vllm-project/vllm-ascend/issues/2255: the build directories in the source
# location of a C++ exception are no build failure.
ROPE_SETUP = """\
[rank0]:[E731 07:58:03.605457886 compiler_depend.ts:429] RopeOperation setup failed!
Exception raised from OperationSetup at build/third_party/op-plugin/op_plugin/CMakeFiles/op_plugin_atb.dir/compiler_depend.ts:148 (most recent call first):
"""  # noqa: E501

# https://github.com/LMCache/LMCache-Ascend/issues/91: the exception says nothing of where; the
# failure before it names a driver call (an old driver). The driver's return code (65534,
# DRV_ERROR_NOT_SUPPORT) now has a signature: read without it, as a wording nobody signed.
HAL_REGISTER = """\
Unable to halHostRegister: 65534
RuntimeError: register ptr failed
"""

# https://github.com/PaddlePaddle/Paddle/pull/43116: an import that fails on a base type of
# another build.
PADDLE_IMPORT = (
    'ImportError: generic_type: type "HCCLParallelContext" referenced unknown base type '
    '"paddle::imperative::ParallelContext"\n'
)

# https://github.com/LMCache/LMCache-Ascend/pull/184: memory registration through HCCL.
REGISTER_MEMORY = "RuntimeError: Failed to register memory | HCCL Error Code: 19\n"

# https://github.com/ghaerr/elks/issues/1460: an allocation failure outside any accelerator
# stack is still a failure.
ELKS_FSCK = """\
elks16# fsck /dev/hda4
ZONES: 65535 -- fsck: Unable to allocate main memory for zone count
"""


# https://github.com/daswer123/xtts-finetune-webui/issues/18: a library that cannot be loaded.
CUDNN_LOAD = """\
Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}
Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor
"""  # noqa: E501

# https://github.com/NVIDIA/DIGITS/issues/2005: devices busy (a GPU in exclusive mode).
DEVICES_BUSY = """\
Check failed: error == cudaSuccess (46 vs. 0)  all CUDA-capable devices are busy or unavailable
"""

# https://github.com/hw-native-sys/PTOAS/pull/341.
EL0004 = """\
Memory_Allocation_Failure(EL0004): Failed to allocate memory. Possible Cause: Available memory is insufficient. Solution: Close applications not in use.
"""  # noqa: E501


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        (VNPU_CONFIG, "device_init"),
        (LAUNCH_RESOURCES, "operator_execution"),
        (ELKS_FSCK, "memory"),
    ],
)
def test_a_failure_no_rule_explains_is_placed_by_its_words(log: str, layer: str) -> None:
    diagnoses = explain_text(log)
    assert [(d.layer, d.confidence) for d in diagnoses] == [(layer, "low")]
    assert diagnoses[0].signature_id.startswith("evidence.")


def unsigned(log: str) -> list[Diagnosis]:
    """The log as if no specific signature knew its wording (catch-alls, vendor fault knowledge
    and the fallback only), as tests/unit/test_triage_unsigned_layers.py reads logs."""
    catalogue = load_signatures()
    catch_alls = tuple(s for s in catalogue.signatures if s.record.generic)
    matcher = compile_matcher(SignatureSet(catch_alls, catalogue.tables), knowledge=True)
    return rank(scan_log(log, matcher=matcher), matcher.catalogue)


@pytest.mark.parametrize(
    ("log", "layer"),
    [(HAL_REGISTER, "device_init")],
)
def test_an_exception_no_rule_explains_takes_the_layer_its_failure_names(
    log: str, layer: str
) -> None:
    diagnosis = unsigned(log)[0]
    assert (diagnosis.layer, diagnosis.confidence) == (layer, "low")
    assert diagnosis.evidence[0].text.startswith("RuntimeError")


# https://github.com/vllm-project/vllm-ascend/issues/262: a collective library that is not
# installed is an install failure, not a communication one.
LIBHCCL = "ImportError: libhccl.so: cannot open shared object file: No such file or directory\n"

# https://github.com/ZCcaptain/rtsp_hw_decode/issues/3: the directories of the header's path are
# left out, its file name is read.
PYTHON_H = (
    "/usr/local/include/pybind11/detail/common.h:123:10: fatal error: Python.h:没有那个文件或目录\n"
)

# https://github.com/AkaliKong/MiniOneRec/issues/5
REQUIRES_PYTHON = "ERROR: Package 'click' requires a different Python: 3.9.19 not in '>=3.10'\n"

# https://github.com/sgl-project/sglang/pull/9232: a module that fails to import (NumPy 2 removed
# a name it uses), said without an ImportError.
FAILED_IMPORT = (
    "Failed to import Python module [AttributeError: np.float_was removed in the NumPy 2.0 "
    "release. Use np.float64 instead..]\n"
)

# https://github.com/LlamaChinese/Llama-Chinese/issues/65: a wheel being built is a build.
BUILDING_WHEEL = "  Building wheel for auto-gptq (setup.py): finished with status 'error'\n"


# Ascend/pytorch@9e73e708ab9350d203475609f36f8a43f6a0c2ab:docs/zh/installation_guide/faq.md:94
# and Ascend/msit@8772a9a18222d08bc82d7aeb148dc9bf951dc76a:msit/docs/install/FAQ.md (question
# 4): a build script saved with Windows line endings; the shell reads the carriage return.
CRLF_SCRIPT = "ci/build.sh: line 2: $'\\r': command not found\n"
CRLF_SHEBANG = "/usr/bin/env: \u2018bash\\r\u2019: No such file or directory\n"

# pytorch/pytorch@main:torch/csrc/DataLoader.cpp: a worker's bus error, /dev/shm too small.
SHM_BUS_ERROR = (
    "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient "
    "shared memory (shm).\n"
)

# https://github.com/sgl-project/sgl-kernel-npu/pull/707: bash's set -u on a variable the CI
# install script needs and its callers no longer pass.
UNBOUND_VARIABLE = "CANN_VERSION: unbound variable\n"


@pytest.mark.parametrize(
    ("log", "rule"),
    [
        (CRLF_SCRIPT, "evidence.build.toolchain"),
        (CRLF_SHEBANG, "evidence.build.toolchain"),
        (SHM_BUS_ERROR, "evidence.memory.exhausted"),
        (UNBOUND_VARIABLE, "evidence.install.packages"),
    ],
)
def test_a_single_shell_or_runtime_line_gets_the_layer_its_words_name(log: str, rule: str) -> None:
    diagnosis = failure_diagnosis(scan_log(log).findings, read_rules().evidence)
    assert diagnosis is not None
    assert diagnosis.signature_id == rule


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        (CUDNN_LOAD, "install"),
        (DEVICES_BUSY, "device_init"),
        (LIBHCCL, "install"),
        (PYTHON_H, "build"),
        (REQUIRES_PYTHON, "install"),
        (FAILED_IMPORT, "install"),
        (BUILDING_WHEEL, "build"),
    ],
)
def test_the_words_alone_place_what_a_signature_or_rule_names(log: str, layer: str) -> None:
    """Logs a signature or a fallback rule explains: what their words alone say of them."""
    diagnosis = failure_diagnosis(scan_log(log).findings, read_rules().evidence)
    assert diagnosis is not None
    assert (diagnosis.layer, diagnosis.confidence) == (layer, "low")


def test_a_documented_cann_code_is_known_exactly() -> None:
    """EL0004 was known by its family only (the driver interface, placed by the words of its
    line); the catalogue now holds its documented meaning, memory."""
    (diagnosis,) = diagnose(scan_log(EL0004).findings)
    assert (diagnosis.signature_id, diagnosis.layer) == ("code.cann.el0004", "memory")
    assert diagnosis.confidence == "high"


def test_any_import_that_fails_is_install() -> None:
    diagnosis = explain_text(PADDLE_IMPORT)[0]
    expected = ("traceback.install.import-failed", "install")
    assert (diagnosis.signature_id, diagnosis.layer) == expected
    assert diagnosis.confidence == "medium"


def test_memory_that_cannot_be_registered_is_memory_even_through_the_collective_library() -> None:
    assert explain_text(REGISTER_MEMORY)[0].layer == "memory"


def test_a_catch_all_of_a_failed_runtime_call_takes_the_layer_its_failure_names() -> None:
    """https://github.com/gpustack/gpustack/issues/3352 (a sample log): "NPU function error"
    of a device count call, then "The device is unavailable"."""
    lines = GPUSTACK.read_text(encoding="utf-8").splitlines()[1:]
    found = {d.signature_id: d for d in explain_text(lines)}
    catch_all = found["ascend.runtime.npu-function-error"]
    assert (catch_all.layer, catch_all.confidence) == ("device_init", "high")


# A runtime call made where no runtime context (device set) is current: the runtime's start-up
# in this thread, whatever the call was for (issue 15's device_init vs operator_execution class).
# https://github.com/kvcache-ai/Mooncake/pull/3974: a transfer on a worker thread without one.
CONTEXT_NULL = """\
aclrtGetDevice failed
rtGetDevMsg execution failed, the context is a null pointer
Failed to submit all transfers, error code is Context
Failed to submit transfer operation
"""

# https://github.com/PaddlePaddle/Paddle/issues/68865: a CANN code known by its family only,
# reported while the primary context was retained for a new device.
PRIMARY_CONTEXT = """\
[ERROR] RUNTIME(205664,python):2024-10-22-17:51:37.933.319 [runtime.cc:3736]205664 PrimaryContextRetain:report error module_type=0, module_name=EE9999
[ERROR] RUNTIME(205664,python):2024-10-22-17:51:37.933.323 [runtime.cc:3736]205664 PrimaryContextRetain:Check param failed, dev can not be NULL!
"""  # noqa: E501

# https://github.com/ggml-org/llama.cpp/issues/9250: a FaultDiag fault (a stream not in the
# thread's current context), placed by our reading of its module among the runtime calls.
STREAM_CONTEXT = """\
CANN error: EE9999: Inner Error!
EE9999: [PID: 2750884] 2024-08-30-16:20:38.196.490 Stream destroy failed, stream is not in current ctx, stream_id=2.[FUNC:StreamDestroy][FILE:api_impl.cc][LINE:1032]
        TraceBack (most recent call last):
       rtStreamDestroy execute failed, reason=[stream not in current context][FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]
"""  # noqa: E501


@pytest.mark.parametrize(
    ("log", "top"),
    [
        (CONTEXT_NULL, "ascend.runtime.context-empty"),  # the runtime's reason for 107002
        (PRIMARY_CONTEXT, "code.cann.ee9999"),
        (STREAM_CONTEXT, "faultdiag.aisw_cann_runtime_024"),
    ],
)
def test_a_call_without_a_current_runtime_context_is_device_start_up(log: str, top: str) -> None:
    diagnosis = explain_text(log)[0]
    assert (diagnosis.signature_id, diagnosis.layer) == (top, "device_init")


def test_placed_failures_rank_below_everything_else() -> None:
    diagnoses = unsigned(HAL_REGISTER + VNPU_CONFIG)
    assert diagnoses[0].evidence[0].text.startswith("RuntimeError")
    assert [d.score for d in diagnoses] == sorted((d.score for d in diagnoses), reverse=True)


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/vllm-project/vllm-ascend/issues/19: a warning that reads like a failure
        "UserWarning: Warning: The /usr/local/Ascend/ascend-toolkit/latest owner does not "
        "match the current owner.",
        # https://github.com/vllm-project/vllm/issues/10626: NCCL INFO lines
        "ae05277d311f:55933:55933 [1] NCCL INFO NET/IB : No device found.",
        # glog's I lines (https://github.com/Project-HAMi/ascend-device-plugin/issues/27)
        "I0908 02:12:23.339234       1 client.go:53] BuildConfigFromFlags failed for file x",
        # https://github.com/opendatalab/MinerU/issues/1695: a fallback announced, not a failure
        "CAUTION: The operator 'torchvision::nms' is not currently supported on the NPU "
        "backend and will fall back to run on the CPU.",
    ],
)
def test_lines_that_only_look_like_failures_are_none(line: str) -> None:
    assert diagnose(scan_log(line + "\n").findings) == []


def test_what_is_not_supported_is_a_failure() -> None:
    """https://github.com/NVlabs/curobo/issues/596 (a sample log): no failure verb."""
    log = "Unknown CUDA arch (10.1) or GPU not supported\n"
    assert [d.confidence for d in diagnose(scan_log(log).findings)] == ["low"]


@pytest.mark.parametrize(
    "path",
    [
        "build/third_party/op-plugin/CMakeFiles/x.dir/a.ts:1",
        "C:\\Users\\x\\AppData\\Local\\Temp\\pip-install-onk9dffz\\flash_api.cpp",
    ],
)
def test_words_are_read_without_the_directories_of_paths(path: str) -> None:
    assert by_words((f"at {path} failed",), read_rules().evidence) is None


@pytest.mark.parametrize(
    "line",
    [
        # the corpus's library loads (triage_seventh, triage_eighth)
        "Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9}",
        "failed to load libnccl.so.2",
        "Unable to load cuDNN. Is it installed?",
        "Failed to load the backend extension: torch_npu.",
    ],
)
def test_a_library_that_fails_to_load_is_install(line: str) -> None:
    rule = by_words((line,), read_rules().evidence)
    assert rule is not None
    assert rule.id == "evidence.install.library"


def test_weights_that_fail_to_load_are_no_library() -> None:
    """huggingface/transformers src/transformers/modeling_utils.py raises this for a
    checkpoint file torch.load cannot read: the model's data, not a library."""
    line = (
        "OSError: Unable to load weights from pytorch checkpoint file for '/data/model' at "
        "'/data/model/pytorch_model.bin'. If you tried to load a PyTorch model from a TF 2.0 "
        "checkpoint, please set from_tf=True."
    )
    rule = by_words((line,), read_rules().evidence)
    assert rule is None or rule.layer != "install"


def test_a_long_exception_message_is_read_in_linear_time() -> None:
    """An exception message is the whole line (not cut like a failure line's evidence):
    a 200 KB word in it once took minutes to read its words in; still placed by them."""
    log = (
        'Traceback (most recent call last):\n  File "/x/y.py", line 3, in <module>\n'
        "FrobError: " + "q" * 200_000 + " /a/b/c/nvcc\n"
    )
    assert [d.confidence for d in diagnose(scan_log(log).findings)] == ["low"]
    assert by_words(("x" * 200_000 + " hccl failed",), read_rules().evidence) is not None


def test_cpp_frames_and_source_locations_are_no_failures() -> None:
    """https://github.com/vllm-project/vllm-ascend/issues/2255: the lines after the failure."""
    log = ROPE_SETUP + (
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0xb8 (0xffffa258c908 "
        "in /usr/local/python3.11.13/lib/python3.11/site-packages/torch/lib/libc10.so)\n"
    )
    assert [d.evidence[0].line for d in explain_text(log)] == [1]


def test_evidence_entries_end_with_one_that_takes_any_failure(tmp_path: Path) -> None:
    rules = read_rules()
    assert rules.evidence[-1].words == ""
    assert all(rule.words for rule in rules.evidence[:-1])
    text = RULES_FILE.read_text(encoding="utf-8")
    path = tmp_path / "rules.toml"
    path.write_text(text.replace('id = "evidence.operator.unnamed"', 'words = "x"\nid = "y"'))
    with pytest.raises(SignatureError, match="last evidence entry"):
        read_rules(path)


def test_words_glued_into_an_identifier_are_read_as_words() -> None:
    # tests/data/triage_twentysixth/a03-caselib-aicore-op-timeout.log
    # (the Ascend case library, topic_0000001308583121): the task
    # scheduler names the AI Core timeout only in its file and function names.
    line = (
        "[ERROR] TSCH(-1,null):2020-06-04-10:51:09.520.395 28 (cpuid:0) ai_core_dispatcher.c:1012 "
        "bs_done_exception_proc_timeout: slot_id=1,TS_ctrl=0x4,exception_core_list=0x0,current "
        "core usage=0x1,AI_CORES_COUNT=2, fault_task=0\n"
    )
    found = explain_text(line)
    assert [(d.signature_id, d.layer) for d in found[:1]] == [
        ("evidence.operator.hang", "operator_execution")
    ]


def test_a_transfer_engine_that_fails_to_start_is_its_connection_not_the_device() -> None:
    # tests/data/triage_twentysixth/b05-sglang-npu-ascend-transfer-engine-init.log
    # (sgl-project/sglang#22840: the engine could not reach its store).
    found = explain_text("RuntimeError: Ascend Transfer Engine initialization failed.\n")
    assert [(d.signature_id, d.layer) for d in found[:1]] == [
        ("evidence.communication.network", "communication")
    ]
    rules = read_rules(RULES_FILE).evidence
    said = "RuntimeError: Ascend Transfer Engine initialization failed."
    without = [msgspec.structs.replace(r, starts="") for r in rules]
    assert by_words((said,), without).id == "evidence.device-init.start-up"  # type: ignore[union-attr]
