"""How the fallback reads failures no signature names (issue 15, session 13): a hardware fault
the kernel or the driver reports, a CANN function or file named after the Da Vinci core (not
the device node), a device type PyTorch only knows once its plugin is imported, a backend
registered twice, Ray's wrapper of a worker's exception, and an exception whose message is
printed on the lines below its type. Each line is real and cites its thread."""

from __future__ import annotations

import re

import pytest

from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose, with_message
from bringup.triage.fallbackrules import builtin_rules


def _words(rule_id: str) -> str:
    return next(rule.words for rule in builtin_rules().evidence if rule.id == rule_id)


def _fallback(log: str) -> list[tuple[str, str]]:
    return [(d.signature_id, d.layer) for d in diagnose(scan_log(log).findings)]


# https://github.com/kubernetes/node-problem-detector/pull/846: the kernel's report of a memory
# error the platform (APEI) found, as journald prints it (the "kernel:" tag, then the record).
APEI_MEMORY_ERROR = """\
kernel: {3}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 4
kernel: {3}[Hardware Error]: event severity: recoverable
kernel: {3}[Hardware Error]:  Error 0, type: recoverable
kernel: {3}[Hardware Error]:   section_type: memory error
"""

# https://github.com/leptonai/gpud/pull/46: the NVIDIA driver's (NVRM) report of a GPU fault.
NVRM_XID = (
    "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, "
    "Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter\n"
)

# https://github.com/NVIDIA/NVSentinel/issues/155: a GPU that fell off the bus, without an Xid.
NVRM_OFF_THE_BUS = """\
[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0
               NVRM: (PCI ID: 10de:26b5) installed in this system has
               NVRM: fallen off the bus and is not responding to commands.
[ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).
"""


@pytest.mark.parametrize("log", [APEI_MEMORY_ERROR, NVRM_XID, NVRM_OFF_THE_BUS])
def test_a_hardware_fault_is_the_device_not_an_operator(log: str) -> None:
    assert _fallback(log)[0] == ("evidence.device-init.driver", "device_init")


def test_an_ecc_fault_named_in_words_is_the_device() -> None:
    words = _words("evidence.device-init.driver")
    # https://github.com/huggingface/accelerate/issues/1192 (and kohya-ss/sd-scripts#1434)
    assert re.search(words, "RuntimeError: CUDA error: uncorrectable ECC error encountered")
    # https://github.com/prometheus/node_exporter/issues/3511
    assert re.search(words, "{35}[Hardware Error]:   error_type: 2, single-bit ECC")
    # an nvidia-smi table's header names the ECC column, not a fault (bladebit#431's paste)
    header = "| GPU  Name  Persistence-M| Bus-Id  Disp.A | Volatile Uncorr. ECC |"
    assert not re.search(words, header)


def test_only_the_device_node_is_the_davinci_driver() -> None:
    words = _words("evidence.device-init.driver")
    # https://github.com/hpcaitech/Oh-My-Dockerfile/pull/7: the device nodes passed to docker
    assert re.search(words, "--device=/dev/davinci0 --device=/dev/davinci1 \\")
    assert re.search(words, "cannot open davinci_manager")
    # CANN's runtime names its AI Core task code after the core (hicann/runtime
    # src/runtime/feature/src/task/task_info/davinci_kernel_task.cc, PrintErrorInfoForDavinciTask);
    # hw-native-sys/PTOAS#980:
    assert not re.search(
        words,
        "Kernel task happen error, retCode=0x26, [aicore exception].[FUNC:PreCheckTaskErr]"
        "[FILE:davinci_kernel_task.cc][LINE:1729]",
    )
    assert not re.search(words, "PrintErrorInfoForDavinciTask:Aicore kernel execute failed")
    # mindspore-ai/docs cann_error_cases.md (EI0006): GE's model, not the driver
    assert not re.search(words, "error msg: davinci_model : load task fail, return ret: 1343225860")
    # microsoft/onnxruntime#15677: an Atlas 200 DK's host name
    assert not re.search(words, "CANN failure 507013: NPU=0 ; hostname=davinci-mini ;")


# https://github.com/opendatalab/MinerU/issues/2665: torch_npu not imported (the maintainer:
# "没装torch npu插件"; the reporter: torch imported without torch_npu).
NPU_DEVICE_STRING = (
    "RuntimeError: Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, "
    "fpga, ort, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of "
    "device string: npu\n"
)

# https://github.com/vllm-project/vllm-ascend/pull/92: the same in a Ray worker, under Ray's
# ActorDiedError (the worker's exception follows it).
RAY_NPU_DEVICE_STRING = (
    "ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation "
    "task, ray::RayWorkerWrapper.__init__() (pid=2757112, ip=192.168.64.2)\n"
    "  At least one of the input arguments for this task could not be computed:\n"
    "ray.exceptions.RaySystemError: System error: Expected one of cpu, cuda, ipu, xpu, mkldnn, "
    "opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, "
    "privateuseone device type at start of device string: npu\n"
)

# https://github.com/PytorchConnectomics/pytorch_connectomics/issues/40: a configuration
# value where a device was expected; no plugin would help.
CONFIG_DEVICE_STRING = (
    "RuntimeError: Expected one of cpu, cuda, mkldnn, opengl, opencl, ideep, hip, msnpu device "
    "type at start of device string: train\n"
)


@pytest.mark.parametrize("log", [NPU_DEVICE_STRING, RAY_NPU_DEVICE_STRING])
def test_a_plugin_device_pytorch_does_not_know_is_a_plugin_not_loaded(log: str) -> None:
    assert _fallback(log)[0] == ("traceback.install.device-backend-not-loaded", "install")


def test_a_device_string_that_names_no_plugin_device_is_not_read_so() -> None:
    ids = [signature for signature, _ in _fallback(CONFIG_DEVICE_STRING)]
    assert "traceback.install.device-backend-not-loaded" not in ids


# https://github.com/LaurentMazare/tch-rs/issues/837 (a wheel bundling its own libtorch) and
# https://github.com/pytorch/pytorch/issues/69047 (two lazy-tensor backends loaded): c10's
# dispatcher refuses a second fallback for one dispatch key.
DISPATCH_KEY_TWICE = [
    "terminate called after throwing an instance of 'c10::Error'\n"
    "  what():  Tried to register multiple backend fallbacks for the same dispatch key "
    "Conjugate; previous registration registered at ../aten/src/ATen/ConjugateFallback.cpp:17, "
    "new registration registered at ../aten/src/ATen/ConjugateFallback.cpp:17\n",
    "terminate called after throwing an instance of 'c10::Error'\n"
    "  what():  Tried to register multiple backend fallbacks for the same dispatch key Lazy; "
    "previous registration registered at pytorch/lazy_tensor_core/lazy_tensor_core/csrc/"
    "ts_backend/aten_eager_fallback.cpp:47, new registration registered at pytorch/"
    "lazy_tensor_core/lazy_tensor_core/csrc/ts_backend/aten_eager_fallback.cpp:47\n",
]


@pytest.mark.parametrize("log", DISPATCH_KEY_TWICE)
def test_a_backend_registered_twice_is_two_libraries_loaded(log: str) -> None:
    assert _fallback(log)[0] == ("class.install.symbol-defined-twice", "install")


# https://github.com/tloen/alpaca-lora/issues/540 (bitsandbytes), https://github.com/wuhuikai/
# FastFCN/issues/37 (a driver too old): the type alone on its line, the message below it.
MESSAGE_BELOW = [
    (
        "RuntimeError: \n"
        "        CUDA Setup failed despite GPU being available. Please run the following "
        "command to get more information:\n",
        "CUDA Setup failed despite GPU being available",
    ),
    (
        "AssertionError: \n"
        "The NVIDIA driver on your system is too old (found version 9000).\n"
        "Please update your GPU driver by downloading and installing a new\n",
        "The NVIDIA driver on your system is too old",
    ),
]


@pytest.mark.parametrize(("log", "message"), MESSAGE_BELOW)
def test_a_message_printed_below_its_type_is_the_exceptions(log: str, message: str) -> None:
    findings = scan_log(log).findings
    (sighting,) = findings.all_exceptions()
    assert sighting.message == ""
    assert with_message(sighting, findings).message.startswith(message)


def test_the_message_below_names_the_failure() -> None:
    log, _ = MESSAGE_BELOW[1]
    signature, layer = _fallback(log)[0]
    assert signature.startswith("traceback.device-init.")
    assert layer == "device_init"


# Docker BuildKit's report of a RUN step that failed names the step's command: installing
# packages (docker/getting-started#422, TransformerOptimus/SuperAGI#467, google/gemma_pytorch#53)
# or building (ad-freiburg/qlever-petrimaps#18, sist2app/sist2#423); the image build itself is
# not a compiler's failure.
IMAGE_STEPS = [
    (
        'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not '
        "complete successfully: exit code: 1\n",
        "install",
    ),
    (
        'failed to solve: process "/bin/sh -c pip install --no-cache-dir -r requirements.txt" '
        "did not complete successfully: exit code: 2\n",
        "install",
    ),
    (
        'ERROR: failed to solve: process "/bin/sh -c pip install -e ." did not complete '
        "successfully: exit code: 1\n",
        "install",
    ),
    (
        'ERROR: failed to solve: process "/bin/sh -c mkdir build && cd build && cmake .. && '
        'make -j8" did not complete successfully: exit code: 1\n',
        "build",
    ),
    (
        'ERROR: failed to solve: process "/bin/sh -c cd build && make -j$(nproc)" did not '
        "complete successfully: exit code: 2\n",
        "build",
    ),
]


@pytest.mark.parametrize(("log", "layer"), IMAGE_STEPS)
def test_a_failed_image_step_is_placed_by_its_command(log: str, layer: str) -> None:
    found = diagnose(scan_log(log).findings)
    assert "line.build.failure" not in [d.signature_id for d in found]
    assert found[0].layer == layer


# https://github.com/vllm-project/vllm/issues/23176: the engine process failed building a
# FlashInfer kernel (ninja); the API server that waited for it then raises an echo, which says
# itself that the cause is above. Its words ("initialization failed") are not the failure's.
ENGINE_ECHO = (
    "(EngineCore_0 pid=1179302) ERROR 08-19 13:12:57 [core.py:708] subprocess.CalledProcessError: "
    "Command '['ninja', '-v', '-C', '/home/ss345/.cache/flashinfer/86/cached_ops', '-f', "
    "'/home/ss345/.cache/flashinfer/86/cached_ops/sampling/build.ninja']' returned non-zero "
    "exit status 1.\n"
    '(APIServer pid=1179246)   File "/home/ss345/vllm-local-build/vllm/vllm/v1/engine/utils.py", '
    "line 759, in wait_for_engine_startup\n"
    '(APIServer pid=1179246)     raise RuntimeError("Engine core initialization failed. "\n'
    "(APIServer pid=1179246) RuntimeError: Engine core initialization failed. See root cause "
    "above. Failed core proc(s): {}\n"
)

# vllm-project/vllm-ascend#4744, vllm-project/vllm#21882: the echo alone.
ECHO_ALONE = (
    "(APIServer pid=585) RuntimeError: Engine core initialization failed. See root cause above. "
    "Failed core proc(s): {}\n"
)


def test_an_echo_gives_way_to_the_failure_above_it() -> None:
    top = diagnose(scan_log(ENGINE_ECHO).findings)[0]
    assert (top.evidence[0].line, top.layer) == (1, "build")


def test_an_echo_alone_is_still_read() -> None:
    found = diagnose(scan_log(ECHO_ALONE).findings)
    assert [d.evidence[0].line for d in found] == [1]


# TensorFlow's and XLA's own log format ("<date> <time>: E <file>:<line>] ", or the letter first
# in older releases) marks an error line whatever its words: tensorflow/tensorflow#3922,
# bmaltais/kohya_ss#2787, rishikksh20/vae_tacotron2#4 (a cuDNN older than the build's).
TF_ERROR_LINES = [
    "E tensorflow/stream_executor/cuda/cuda_dnn.cc:347] Loaded runtime CuDNN library: 5103 "
    "(compatibility version 5100) but source was compiled with 4007 (compatibility version "
    "4000).\n",
    "E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:447] Loaded runtime CuDNN library: "
    "8.7.0 but source was compiled with: 8.9.4.  CuDNN library needs to have matching major "
    "version and equal or higher minor version.\n",
    "2019-08-13 23:13:50.199673: E tensorflow/stream_executor/cuda/cuda_dnn.cc:378] Loaded runtime "
    "CuDNN library: 7600 (compatibility version 7600) but source was compiled with 7102 "
    "(compatibility version 7100).\n",
]


@pytest.mark.parametrize("log", TF_ERROR_LINES)
def test_a_tensorflow_error_line_is_a_failure(log: str) -> None:
    assert [f.line for f in scan_log(log).findings.failures] == [1]
    assert _fallback(log)[0] == ("evidence.install.packages", "install")


def test_a_tensorflow_info_line_is_not() -> None:
    # tensorflow/tensorflow#37606
    log = (
        "2020-03-17 08:06:02.583711: I tensorflow/stream_executor/platform/default/"
        "dso_loader.cc:44] Successfully opened dynamic library nvcuda.dll\n"
    )
    assert scan_log(log).findings.failures == []
