"""A layer for every failure log: codes and tracebacks no signature names are still explained,
on real logs from public threads (each cites its thread); a log without a failure stays
unexplained."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.fallbackrules import RULES_FILE, read_rules
from bringup.triage.signatures import SignatureError
from triage_inputs import write

# https://github.com/camlab-ethz/poseidon/issues/3: the script was written for a newer
# transformers than the one pinned (the thread: upgrading transformers fixed it).
POSEIDON = """\
Traceback (most recent call last):
  File "/mhome/maths/q/fs436/poseidon/scOT/train.py", line 277, in <module>
    train_config = TrainingArguments(
                   ^^^^^^^^^^^^^^^^^^
TypeError: TrainingArguments.__init__() got an unexpected keyword argument 'eval_strategy'
"""

# https://github.com/RLHF-V/RLHF-V/issues/3: raised inside transformers, called by torch (the
# reporter: use the recommended transformers version).
RLHF_V = """\
  File "/home/ubuntu/mambaforge-pypy3/envs/muffin/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1501, in _call_impl
    return forward_call(*args, **kwargs)
  File "/home/ubuntu/mambaforge-pypy3/envs/muffin/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py", line 672, in forward
    hidden_states, self_attn_weights, present_key_value = self.self_attn(
TypeError: forward() got an unexpected keyword argument 'position_ids'
"""  # noqa: E501

# https://github.com/pytorch/pytorch/pull/111805: the master store's error when a client
# never joins.
DIST_STORE = """\
creating store
torch.distributed.DistStoreError: Timed out after 6 seconds waiting for workers. 1/2 workers joined.
"""

# https://github.com/vllm-project/vllm/issues/10453: NCCL's INFO trace, then the exception,
# then the NCCL result it carries.
VLLM_NCCL = """\
h100-2:412:412 [0] NCCL INFO group.cc:418 -> 3
h100-2:412:412 [0] NCCL INFO init.cc:1929 -> 3
[rank1]: Traceback (most recent call last):
[rank1]:   File "/vllm-workspace/test.py", line 8, in <module>
[rank1]:     dist.all_reduce(data, op=dist.ReduceOp.SUM)
[rank1]:   File "/usr/local/lib/python3.12/dist-packages/torch/distributed/distributed_c10d.py", line 2501, in all_reduce
[rank1]:     work = group.allreduce([tensor], opts)
[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, internal error - please report this issue to the NCCL developers, NCCL version 2.21.5
[rank1]: ncclInternalError: Internal check failed.
[rank1]: Last error:
"""  # noqa: E501

# https://github.com/hiyouga/LlamaFactory/issues/5071: a CANN code from HCCL on an Ascend host.
LLAMAFACTORY_EI0006 = """\
EI0006: 2024-08-05-18:15:21.270.506 Getting socket times out. Reason: Remote Rank did not send the data in time. Please check the reason for the rank being stuck
"""  # noqa: E501

# https://github.com/Ascend/pytorch/issues/24: torch_npu imported from its source tree.
TORCH_NPU_C = """\
Traceback (most recent call last):
  File "/data/package/pytorch/torch_npu/npu/utils.py", line 11, in <module>
    import torch_npu._C
ModuleNotFoundError: No module named 'torch_npu._C'
"""


# torch/__init__.py (_import_device_backends, https://github.com/pytorch/pytorch/blob/v2.9.1/
# torch/__init__.py) re-raises a backend's import error under this message; the autoload guide
# (https://docs.pytorch.org/tutorials/unstable/python_extension_autoload.html) quotes it.
# The backend's own error, when the log has it, is diagnosed first; here it is not shown.
BACKEND_AUTOLOAD = """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/torch/__init__.py", line 2837, in _import_device_backends
    raise RuntimeError(
RuntimeError: Failed to load the backend extension: torch_npu. You can disable extension auto-loading with TORCH_DEVICE_BACKEND_AUTOLOAD=0.
"""  # noqa: E501


def _first(log: str) -> tuple[str, str, str]:
    diagnosis = explain_text(log)[0]
    return diagnosis.signature_id, diagnosis.layer, diagnosis.kind


def test_a_keyword_the_installed_package_lacks_in_the_jobs_code_is_a_version_skew() -> None:
    assert _first(POSEIDON) == ("traceback.install.api-out-of-step-in-job", "install", "version")


def test_a_keyword_one_package_passes_another_is_two_packages_out_of_step() -> None:
    diagnosis = explain_text(RLHF_V)[0]
    assert (diagnosis.signature_id, diagnosis.layer) == (
        "traceback.install.api-out-of-step",
        "install",
    )
    assert diagnosis.captures["package"] == "transformers"
    assert "in transformers" in diagnosis.cause
    assert diagnosis.evidence[0].line == 5


def test_a_store_timeout_is_communication() -> None:
    assert _first(DIST_STORE) == ("traceback.communication.store", "communication", "environment")


def test_a_nccl_result_explains_the_exception_it_ends_once() -> None:
    diagnoses = explain_text(VLLM_NCCL)
    assert [d.signature_id for d in diagnoses] == ["code.nccl.3"]
    assert diagnoses[0].layer == "communication"
    assert diagnoses[0].evidence[0].line == 9


def test_a_cann_code_names_its_layer_even_without_a_signature() -> None:
    result = scan_log(LLAMAFACTORY_EI0006)
    (diagnosis,) = diagnose(result.findings)
    assert diagnosis.signature_id == "code.cann.ei0006"
    assert diagnosis.layer == "communication"
    assert "HCCL" in diagnosis.cause


def test_a_missing_module_is_install() -> None:
    (diagnosis,) = diagnose(scan_log(TORCH_NPU_C).findings)
    assert (diagnosis.signature_id, diagnosis.layer) == (
        "traceback.install.module-not-found",
        "install",
    )


def test_a_backend_torch_could_not_autoload_is_install_not_an_npu_operator() -> None:
    assert _first(BACKEND_AUTOLOAD)[:2] == ("traceback.install.backend-autoload-failed", "install")


def test_the_first_failure_is_explained_not_the_launchers_echo() -> None:
    log = (
        TORCH_NPU_C
        + "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
        + "train.py FAILED\n"
    )
    (diagnosis,) = diagnose(scan_log(log).findings)
    assert diagnosis.signature_id == "traceback.install.module-not-found"
    assert diagnosis.evidence[0].line == 4


def test_codes_rank_above_catch_all_signatures_on_other_lines() -> None:
    # 207018 ("The memory on the device is exhausted") is told as the NPU out-of-memory
    # signature its meaning is (same_as).
    log = "ERROR: something failed, EZ9999: Inner Error!\nerror code is 207018\n"
    ids = [d.signature_id for d in explain_text(log)]
    assert ids.index("ascend.runtime.npu-oom") < ids.index("ascend.runtime.cann-inner-error")


def test_info_lines_that_name_a_component_are_no_failure() -> None:
    log = (
        "[0] node0:13571:13571 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) "
        "returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory\n"
        "[0] node0:13571:13571 [0] NCCL INFO Using network Socket\n"
    )
    assert explain_text(log) == []


def test_onnxruntimes_form_of_an_acl_code_is_found() -> None:
    # https://github.com/microsoft/onnxruntime/pull/26193 (the log of tests/data/triage_third)
    log = (
        "cann_call.cc:137 bool onnxruntime::CannCall(ERRTYPE, const char*, const char*, "
        "ERRTYPE, const char*) [with ERRTYPE = int; bool THRW = true] CANN failure 100002: "
        "ACL_ERROR_REPEAT_INITIALIZE ; NPU=0 ; expr=aclInit(nullptr);"
    )
    diagnosis = explain_text(log)[0]
    assert (diagnosis.signature_id, diagnosis.layer) == ("code.acl.100002", "device_init")
    assert diagnosis.cause == "Repeated initialization or repeated loading."


def test_a_missing_library_without_a_traceback_is_install() -> None:
    # https://github.com/vllm-project/vllm-ascend/issues/1114 (tests/data/triage_third)
    log = (
        "2025-06-07T08:10:41.790Z ERROR camem: Failed to import vllm_ascend_C:"
        "libvllm_ascend_kernels.so: cannot open shared object file: No such file or directory"
    )
    assert _first(log) == ("line.install.shared-library-missing", "install", "environment")


def test_a_symbol_version_line_is_install_even_without_a_signature() -> None:
    # https://github.com/semtexzv/Prospector/issues/17 (tests/data/triage_fresh)
    log = (
        "./prospector: /lib64/libc.so.6: version `GLIBC_2.18' not found (required by ./prospector)"
    )
    (diagnosis,) = diagnose(scan_log(log).findings)
    assert (diagnosis.signature_id, diagnosis.layer, diagnosis.kind) == (
        "line.install.symbol-version-missing",
        "install",
        "version",
    )


def test_a_cuda_message_after_another_prefix_is_looked_up() -> None:
    # https://github.com/shouxieai/tensorRT_Pro/issues/162 (tests/data/triage_fourth)
    log = (
        "[error][simple_yolo.cu:556]:launch failed: no kernel image is available for "
        "execution on the device"
    )
    (diagnosis,) = diagnose(scan_log(log).findings)
    assert diagnosis.signature_id == "code.cuda.209"
    assert diagnosis.layer == "install"


def test_fallback_rules_load_with_sources() -> None:
    rules = read_rules()
    assert rules.exceptions
    assert rules.lines
    assert rules.echoes
    ids = [rule.id for rule in rules.exceptions] + [rule.id for rule in rules.lines]
    assert len(ids) == len(set(ids))
    assert rules.exceptions[-1].id == "traceback.operator.other"
    sources = [rule.source for rule in rules.exceptions] + [rule.source for rule in rules.lines]
    assert all(source.startswith("https://") for source in sources)


def test_a_fallback_rule_with_a_bad_expression_is_rejected(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "rules.toml",
        '[[exception]]\nid = "t.x"\ntitle = "x"\nexception = "(unclosed"\nlayer = "install"\n'
        'kind = "version"\ncause = "c"\nnext = "n"\nsource = "https://example.org"\n',
    )
    with pytest.raises(SignatureError, match="RE2"):
        read_rules(path)


def test_the_class_of_a_compile_in_the_job_must_be_a_rule(tmp_path: Path) -> None:
    assert read_rules().compiled_in_job == "class.code.project-bug"
    shipped = RULES_FILE.read_text(encoding="utf-8")
    absent = shipped.replace(
        'compiled_in_job = "class.code.project-bug"', 'compiled_in_job = "class.code.absent"'
    )
    path = write(tmp_path, "rules.toml", absent)
    with pytest.raises(SignatureError, match="compiled_in_job"):
        read_rules(path)


def _line_rule(log: str) -> tuple[str, str]:
    (diagnosis, *_) = diagnose(scan_log(log).findings)
    return diagnosis.signature_id, diagnosis.layer


def test_a_library_the_linker_cannot_find_is_install() -> None:
    # https://github.com/pytorch/pytorch/issues/103417: Triton links its launcher with -lcuda.
    log = (
        "/usr/bin/ld: cannot find -lcuda: No such file or directory\n"
        "collect2: error: ld returned 1 exit status\n"
    )
    assert _line_rule(log) == ("line.install.link-library-missing", "install")


def test_a_compiler_drivers_own_error_is_build() -> None:
    # CuPy's installation guide (conda/conda#6030): the compiler driver's own error.
    line = "g++: error: unrecognized command line option '-R'"
    assert _line_rule(line) == ("line.build.compiler-error", "build")


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/gunrock/gunrock/issues/4: nvcc's (EDG) form, file(line): error.
        "/opt/local/include/boost/type_traits/is_abstract.hpp(72): error: identifier "
        '"__is_abstract" is undefined',
        # tests/data/triage_twentyfirst/e03-nvcaffe-hfma2-undefined.log, line 2: a CUDA
        # intrinsic the code uses that this toolkit or architecture does not declare.
        'src/caffe/util/math_functions.cu(163): error: identifier "__hfma2" is undefined',
    ],
)
def test_nvccs_form_of_code_out_of_step_with_its_apis_is_that_class(line: str) -> None:
    assert _line_rule(line) == ("class.build.source-out-of-step", "build")


def test_a_failed_device_allocation_line_is_memory() -> None:
    # Neko's device layer (src/device/device.F90) stops with this when hipMalloc/cudaMalloc fails.
    log = "*** ERROR: Memory allocation on device failed ***\nERROR STOP\n"
    assert _line_rule(log) == ("line.memory.out-of-memory", "memory")


def test_a_module_missing_inside_another_message_is_install() -> None:
    # CPython's runpy (_get_module_details) for `python -m` of a module whose package is missing.
    log = (
        "/usr/bin/python3: Error while finding module specification for 'vllm.entrypoints."
        "openai.api_server' (ModuleNotFoundError: No module named 'vllm')"
    )
    assert _line_rule(log) == ("line.install.module-missing", "install")


def test_acl_codes_in_aclnn_and_mindspore_forms_are_found() -> None:
    # https://github.com/flashserve/flash-linear-attention-npu/issues/333: an aclnn status.
    aclnn = "RuntimeError: aclnnCausalConv1dGetWorkspaceSize failed with aclnnStatus=561002."
    # MindSpore's CANN error cases (mindspore-ai/docs, cann_error_cases.md): its task report.
    mindspore = (
        "[ERROR] DEVICE(118114,ffff4effd1e0,python):2021-09-11-16:48:31.511.290 [mindspore/ccsrc/"
        "runtime/device/ascend/ascend_kernel_runtime.cc:679] DumpTaskExceptionInfo] Task fail "
        "infos task_id: 13, stream_id: 14, tid: 118198, device_id: 0, retcode: 507011 ( model "
        "execute failed)"
    )
    codes = {
        (d.signature_id, d.captures.get("code"))
        for log in (aclnn, mindspore)
        for d in diagnose(scan_log(log).findings)
    }
    assert ("code.acl.507011", "507011") in codes
    assert any(code == "561002" for _, code in codes)


def test_a_cudnn_that_cannot_initialise_is_install() -> None:
    # https://github.com/deepseek-ai/DeepSeek-VL/issues/30 (another Python/CUDA/torch set fixed it)
    log = (
        "    return F.conv2d(input, weight, bias, self.stride,\n"
        "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED\n"
    )
    assert _first(log) == ("traceback.install.cudnn-unusable", "install", "version")


# MindSpore's CANN error cases (mindspore-ai/docs, tutorials/source_zh_cn/debug/error_analysis/
# cann_error_cases.md): plog lines of the driver, HCCL and the runtime, in CANN's log format.
CANN_PLOG = {
    "device_init": "[ERROR] DRV(17381,python):2022-12-01-03:02:29.391.021 [ascend][curpid: 17381, "
    "17381][drv][tsdrv][share_log_read 552]hdc connect down, devid(0) fid(0) tsid(0)",
    "communication": "[ERROR] HCCL(17381,python):2022-12-01-03:02:29.001.054 "
    "[network_manager.cc:64][hccl-17381-0-1669834948-hccl_world_group][0]call trace: ret -> 7",
    "operator_execution": "[ERROR] RUNTIME(150840,python):2021-09-14-09:26:01.014.355 "
    "[engine.cc:914]150900 ReportExceptProc:Task exception! device_id=0, stream_id=117, "
    "task_id=23, type=13, retCode=0x91.",
}


@pytest.mark.parametrize("layer", sorted(CANN_PLOG))
def test_a_cann_log_error_line_gives_its_modules_layer(layer: str) -> None:
    assert _line_rule(CANN_PLOG[layer])[1] == layer


def test_a_peer_that_cannot_be_reached_is_communication() -> None:
    # https://github.com/vllm-project/vllm-ascend/issues/4866: Mooncake's transport to the
    # prefill node; the transfer engine's own status (ADXL PARAM_INVALID) names it first.
    log = (
        "E1210 03:24:54.778028 2548307 ascend_direct_transport.cpp:820] Failed to connect to "
        "target: 172.16.100.99:25389, status: 103900\n"
    )
    assert _line_rule(log) == ("code.adxl.103900", "communication")
    # tests/data/triage_seventh/13-vllm-ascend-mooncake-connect-103900.log:2, with no status.
    log = (
        "E20260106 06:43:02.966198  5793 ascend_direct_transport.cpp:581] Failed to connect to "
        "segment: 172.17.0.16:16584\n"
    )
    assert _line_rule(log) == ("line.communication.connect-failed", "communication")


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/bmaltais/kohya_ss/issues/1387: torch's warning when CUDA cannot start.
        "/media/jag/NEU1/3PAX/kohya_ss-linux/venv/lib/python3.10/site-packages/torch/cuda/"
        "__init__.py:107: UserWarning: CUDA initialization: Unexpected error from "
        "cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() "
        "that might have already set an error? Error 802: system not yet initialized",
        # https://github.com/apecloud/ApeRAG/issues/120: the same warning, MPS daemon unreachable.
        "/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py:107: UserWarning: CUDA "
        "initialization: Unexpected error from cudaGetDeviceCount(). Error 805: MPS client "
        "failed to connect to the MPS control daemon or the MPS server",
    ],
)
def test_cuda_that_cannot_start_is_device_init(line: str) -> None:
    # The code PyTorch prints after "Error" says which failure it is (802: system not yet
    # initialized; 805: the MPS daemon): the CUDA catalogue explains it before any line rule.
    code = line.rsplit("Error ", maxsplit=1)[-1].split(":", maxsplit=1)[0]
    assert _line_rule(line) == (f"code.cuda.{code}", "device_init")


def test_cuda_that_cannot_start_raised_as_an_exception_is_device_init() -> None:
    # https://github.com/haotian-liu/LLaVA/issues/683
    log = (
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
        "functions before calling NumCudaDevices() that might have already set an error? "
        "Error 802: system not yet initialized\n"
    )
    # The signature from the CUDA runtime's documentation of 802 names the likely cause (the
    # NVSwitch Fabric Manager); without it, the CUDA catalogue's code.cuda.802 would be first.
    assert _first(log) == ("cuda.runtime.fabric-manager-not-ready", "device_init", "environment")


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        # MindSpore's CANN error cases (above): an operator's kernel failed to compile.
        (
            "[ERROR] KERNEL(1062,fffe557fa160,python):2021-10-11-22:37:53.881.210 "
            "[mindspore/ccsrc/backend/kernel_compiler/tbe/tbe_kernel_parallel_build.cc:99] "
            "TbeOpParallelBuild] task compile Failed, task id:3, cause:TBEException:ERROR:",
            "operator_execution",
        ),
        # https://github.com/ddemidov/amgcl/issues/232: the device-link step of a CUDA build.
        (
            "link.stub:(.text+0xad): undefined reference to "
            "`__fatbinwrap_38_cuda_device_runtime_compute_86_cpp1_ii_8b1a5d37'\n"
            "collect2: error: ld returned 1 exit status\n",
            "build",
        ),
    ],
)
def test_a_failure_line_gets_the_layer_its_words_name(log: str, layer: str) -> None:
    assert _line_rule(log)[1] == layer


@pytest.mark.parametrize(
    "log",
    [
        # NVRTC's own error for an -arch value its release does not know (the option is
        # --gpu-architecture, https://docs.nvidia.com/cuda/nvrtc/index.html), bare and as
        # torch raises it from a jiterator kernel.
        "nvrtc: error: invalid value for --gpu-architecture (-arch)\n",
        "RuntimeError: nvrtc: error: invalid value for --gpu-architecture (-arch)\n",
    ],
)
def test_an_nvrtc_that_does_not_know_the_gpu_is_install(log: str) -> None:
    assert _first(log)[:2] == ("class.install.nvrtc-arch-unknown", "install")


@pytest.mark.parametrize(
    "log",
    [
        # The line NVIDIA/nccl src/enqueue.cc prints when it stops (its WARN format), and the
        # INFO form some releases print; the figures are Blackwell's (sm_120).
        "h:1:2 [0] enqueue.cc:130 NCCL WARN cudaArch 1200 ncclMaxSharedMem 82240 exceeds "
        "device/fn maxSharedMem 79856\n",
        "h:1:2 [0] NCCL INFO ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856\n",
    ],
)
def test_an_nccl_needing_more_shared_memory_than_the_gpu_has_is_install(log: str) -> None:
    assert _first(log)[:2] == ("class.install.nccl-shared-memory-exceeds-gpu", "install")


def test_a_pod_whose_host_path_is_missing_is_install() -> None:
    # Ascend/mind-cluster docs/zh/scheduling/faq.md (the device plugin's pod stays
    # ContainerCreating; kubectl describe prints the kubelet's FailedMount event, a Warning).
    log = (
        "Events:\n"
        "  Type     Reason       Age               From                 Message\n"
        "  ----     ------       ----              ----                 -------\n"
        "  Warning  FailedMount  8s (x5 over 15s)  kubelet, ubuntu      MountVolume.SetUp failed "
        'for volume "device-ascenddeviceplugin" : hostPath type check failed: '
        "/var/log/mindx-dl/ascend-device-plugin is not a directory\n"
    )
    assert _first(log)[:2] == ("class.install.k8s-hostpath-missing", "install")


def test_a_missing_container_runtime_is_install_not_the_driver() -> None:
    # gpustack/gpustack#2975: no Docker socket mounted into the worker, so no deployer.
    log = (
        "2025-10-22 09:03:16.027718+08:00 - gpustack.worker.backends.vllm - ERROR - Failed to run"
        " the vLLM container server: No deployer supports, please provide container runtime\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/local/lib/python3.11/dist-packages/gpustack/worker/backends/vllm.py",'
        " line 107, in start\n"
        "    create_workload(workload_plan)\n"
        '  File "/usr/local/lib/python3.11/dist-packages/gpustack_runtime/deployer/__init__.py",'
        " line 83, in create_workload\n"
        "    raise UnsupportedError(msg)\n"
        "gpustack_runtime.deployer.__types__.UnsupportedError: No deployer supports, please"
        " provide container runtime\n"
    )
    assert _first(log)[1] == "install"


def test_a_systemd_stop_timeout_is_not_the_failure() -> None:
    # ollama/ollama#2029: systemd gives up stopping the service after the CUDA error.
    log = (
        '1. ggml-cuda.cu: "8792: !" CUDA error\n'
        "2. ollama.service: State 'stop-sigterm' timed out. Killing.\n"
    )
    (diagnosis, *_) = explain_text(log)
    assert diagnosis.layer != "communication"
    assert "CUDA error" in diagnosis.evidence[0].text
