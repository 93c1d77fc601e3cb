"""Other wordings of known failures find their signature: each line is quoted from a public
thread, or from the code or rule set that prints it (named beside it), and is not one of the
signature's sample logs."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

# The widened forms whose captures the explanation must carry (used twice below).
OPS_FUNCTION_ERROR = (
    # vllm-project/vllm-ascend#886 (issue title): torch_npu's aclop form, "OPS function error".
    "[Bug]: [dp4tp4ep16][DeepSeek-V2-Lite]RuntimeError: InnerRunOpApi:build/CMakeFiles/"
    "torch_npu.dir/compiler_depend.ts:281 OPS function error: HcclAllGather, error code is 6"
)
INNER_ERROR_OPERATOR = (
    # vllm-project/vllm-ascend#2239: torch_npu's closing line naming the operator it was running.
    "ERROR 08-06 06:36:54 [core.py:588] RuntimeError: The Inner error is reported as above. The "
    "process exits for this inner error, and the current working operator name is "
    "SelfAttentionOperation."
)
# Ascend/samples#16: the CANN samples' own report of aclrtSetDevice failing.
ACL_SET_DEVICE_FAILED = "[ERROR]  acl set device 0 failed, errorCode = 507033"
HCCL_FUNCTION_ERROR = (
    # vllm-project/vllm-ascend#2712: torch_npu naming the HCCL call and its HcclResult.
    "(VllmWorker rank=1 pid=7226) ERROR 09-03 03:02:37 [multiproc_executor.py:522] "
    "RuntimeError: create_config:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:148 HCCL "
    "function error: hcclCommInitRootInfoConfig(numRanks, &rootInfo, rank, config, "
    "&(comm->hcclComm_)), error code is 1"
)

FORMS = [
    # NVIDIA/nccl#1267 (issue title): a bootstrap address that was never filled in.
    (
        "ncclSocketInit: connecting to address with family 0 is neither AF_INET(2) nor "
        "AF_INET6(10)",
        "nccl.socket-interface",
    ),
    # NVIDIA/nccl-tests#15: the peer's address is unreachable from the interface NCCL chose.
    (
        "gpu-bql-144-103:18553:18611 [0] include/socket.h:360 WARN Call to connect failed : "
        "Connection timed out",
        "nccl.socket-interface",
    ),
    # vllm-project/vllm-ascend#1253 (issue title): EJ0003's reason, two jobs on one host.
    (
        "Flaky test: test_models_distributed_topk failed due to The IP address and port have "
        "been bound already.",
        "ascend.hccl.listen-port-failed",
    ),
    # Ascend/mind-cluster kg-config.json, FaultDiag rule AISW_CANN_HCCL_003: the plog's text.
    ("ra socket listen start fail", "ascend.hccl.listen-port-failed"),
    # pytorch/pytorch#60515 (issue title): a versioned CUDA runtime library.
    (
        "OSError: libcudart.so.10.0: cannot open shared object file: No such file or directory",
        "cuda.runtime.cuda-lib-missing",
    ),
    # mindspore-lab/mindyolo#273: a toolkit library behind MindSpore's Ascend plugin.
    (
        "Load dynamic library: libmindspore_ascend.so.2 failed. libge_runner.so: cannot open "
        "shared object file: No such file or directory",
        "ascend.install.cann-lib-missing",
    ),
    # fisher60/friendo-bot#68: a library of the distribution, not of CUDA or CANN.
    (
        "bot_1  | ImportError: libgthread-2.0.so.0: cannot open shared object file: No such file "
        "or directory",
        "toolchain.shared-lib-not-found",
    ),
    # ggml-org/llama.cpp#10719: Ascend C's host_config.cmake has no build mode for the chip.
    (
        "SOC_VERSION ascend310b1 does not support, the support list is",
        "ascend.install.chip-unsupported",
    ),
    # mindspore-ai/mindspore mindspore/ccsrc/kernel/oplib/op_info_utils.cc (LoadOpInfoJson): no op
    # info json for the chip.
    (
        "Get op info json suffix path failed, soc_version: Ascend310",
        "ascend.install.chip-unsupported",
    ),
    # conda/constructor constructor/header.sh: the installer's own glibc check.
    ("Installer requires GLIBC >=2.28, but system has 2.17.", "toolchain.glibc-not-found"),
    # macadmins/python#68: pip lists the releases it skipped for their Requires-Python.
    (
        "ERROR: Ignored the following versions that require a different python version: 8.2.0 "
        "Requires-Python >=3.10; 8.2.1 Requires-Python >=3.10",
        "python.requires-python",
    ),
    # googleapis/testing-infra-docker#395: get-pip.py refuses an interpreter older than its pip.
    (
        'Step #1 - "python-base": ERROR: This script does not work on Python 3.7. The minimum '
        "supported Python version is 3.8. Please use https://bootstrap.pypa.io/pip/3.7/get-pip.py "
        "instead.",
        "python.requires-python",
    ),
    # muaaz-ur-habibi/fthedocs#1: an alias NumPy 2 removed (fixed by pinning numpy<2).
    (
        "AttributeError: `np.float_` was removed in the NumPy 2.0 release. Use `np.float64` "
        "instead.",
        "python.numpy2-abi",
    ),
    # mikemccand/chromium-compact-language-detector#3: GCC 4's "error:" instead of "fatal error:".
    (
        "pycldmodule.cc:5:20: error: Python.h: No such file or directory",
        "toolchain.python-h-missing",
    ),
    # NVIDIA/nccl#1589 (issue title): the attach form without NCCL's "NCCL WARN" prefix.
    ("Error while attaching to shared memory segment", "nccl.shm"),
    # kserve/kserve#3791: NCCL 2.12+'s wording when /dev/shm is full.
    (
        "hugging-model-1-predictor-00001-deployment-5c86c57756-p7ghj:1:1 [0] misc/shmutils.cc:72 "
        "NCCL WARN Error: failed to extend /dev/shm/nccl-H1dBqY to 9637892 bytes",
        "nccl.shm",
    ),
    # NVIDIA/nvidia-docker#1642: the daemon's older wording, without the quoted driver name.
    (
        "docker: Error response from daemon: could not select device driver with capabilities: "
        "[[gpu]].",
        "cuda.container.toolkit-missing",
    ),
    # infiniflow/ragflow#9573: compose naming the nvidia driver.
    (
        'Error response from daemon: could not select device driver "nvidia" with capabilities: '
        "[[gpu]]",
        "cuda.container.toolkit-missing",
    ),
    # NVIDIA/nvidia-docker#578: Docker before 19.03 naming an unregistered runtime.
    (
        "docker: Error response from daemon: Unknown runtime specified nvidia.",
        "cuda.container.runtime-unregistered",
    ),
    # docker/for-win#13835 (issue title): the hook without a host driver, as Docker reports it.
    (
        "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: "
        "cannot open shared object file: no such file or directory: unknown.",
        "cuda.container.cli-init-failed",
    ),
    # vladmandic/sdnext#539: cuDNN's line whose reason is NVRTC's development name.
    (
        "Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so: cannot open shared "
        "object file: No such file or directory",
        "cuda.runtime.cuda-lib-missing",
    ),
    # OpenTalker/SadTalker#323: cuDNN's own advice line alone (a symptom: no other line decides).
    (
        "Please make sure libcudnn_cnn_infer.so.8 is in your library path!",
        "cuda.runtime.cuda-lib-missing",
    ),
    # vllm-project/vllm-ascend#237 (issue title, cut by GitHub): the kernels package not found.
    (
        "[Bug]: RuntimeError: call aclnnSwiGlu failed, detail:EZ1001: [PID: 72153] "
        "2025-03-04-15:41:40.695.851 Get path and read binary_info_config.json failed, please "
        "check if the opp_kernel package is instal",
        "ascend.install.op-binary-missing",
    ),
    # vllm-project/vllm-ascend#9242 quoting vLLM's CuMemAllocator assertion.
    (
        '    "Expandable segments are not compatible with memory pool. "',
        "frameworks.expandable-segments-conflict",
    ),
    # triton-lang/triton-ascend#328 (a table row): a CANN C API torch_npu binds at import.
    (
        "| 现象 | torch-npu==2.7.1导入时报错`undefined symbol: MsprofSysCycleTime` |",
        "ascend.install.torch-npu-cann-mismatch",
    ),
    # vllm-project/vllm-ascend#218 (issue title): another torch_npu operator binding.
    (
        "AttributeError: module 'torch_npu' has no attribute '_npu_rotary_embedding'",
        "ascend.install.torch-npu-api-missing",
    ),
    # open-mmlab/mmcv#3299: an Ascend extension built against another torch_npu (c10_npu).
    (
        "/mmcv/_ext.cpython-39-aarch64-linux-gnu.so: undefined symbol: "
        "_ZN7c10_npu10NpuRunMode9cur_mode_E",
        "python.ext-undefined-symbol-torch",
    ),
    # PaddlePaddle/PaddleOCR#1292 (issue title): Paddle's dynamic loader quoting dlerror.
    (
        "TensorRT dynamic library (libnvinfer.so) that Paddle depends on is not configured "
        "correctly. (error code is libnvinfer.so: cannot open shared object file: No such file or "
        "director",
        "toolchain.shared-lib-not-found",
    ),
    # vllm-project/vllm-ascend#7421: bishengir-compile (Triton-Ascend) has no target for a 310P.
    (
        "(EngineCore_DP0 pid=276) ERROR 03-18 08:08:14 [core.py:1100] bishengir-compile: for the "
        "--target option: Cannot find option named 'Ascend310P1'!",
        "ascend.install.chip-unsupported",
    ),
    # googlecolab/colabtools#2626: XLA's cuda_dnn.cc (TensorFlow) with an older cuDNN loaded.
    (
        "Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0.  CuDNN library "
        "needs to have matching major version and equal or higher minor version.",
        "cuda.runtime.cudnn-version-mismatch",
    ),
    # jax-ml/jax jax/_src/xla_bridge.py (_check_cuda_versions): the version check's own wording.
    (
        "RuntimeError: Found cuDNN version 8600, but JAX was built against version 8800, which is "
        "newer. The copy of cuDNN that is installed must be at least as new as the version against "
        "which JAX was built.",
        "cuda.runtime.cudnn-version-mismatch",
    ),
    # jax-ml/jax jax/_src/xla_bridge.py (_check_cuda_versions): a library it cannot load.
    ("RuntimeError: Unable to load cuSPARSE. Is it installed?", "cuda.runtime.cuda-lib-missing"),
    # NVIDIA/nvidia-container-toolkit#154 (issue title): a config.toml root meant for the GPU
    # Operator's containerized driver, on a host with its own driver.
    (
        "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1",
        "cuda.container.cli-init-failed",
    ),
    # bitsandbytes-foundation/bitsandbytes#1522: the older wording of bitsandbytes' setup error.
    (
        "CUDA Setup failed despite GPU being available. Inspect the CUDA SETUP outputs above to "
        "fix your environment!",
        "python.bitsandbytes-cuda-setup",
    ),
    # The aclnn operator runtime's support-list check (CANN opbase, NnopbaseGetSupportInfo:
    # "Op %s not support soc version %s."), here for a chip the operator was not built for.
    (
        "EZ9999: Inner Error! Op MoeDistributeCombineV2 not support soc version ascend310p.",
        "ascend.install.chip-unsupported",
    ),
    # tests/data/triage_eleventh/a21-nvcc117-vs-conda-gcc11-std-function.log (nvcc 11.7, conda's
    # GCC 11.4) and NVIDIA/nccl#102 (CUDA 8, GCC 6): the host GCC fails, in its own format, on
    # nvcc's output of its libstdc++ headers.
    (
        "/home/ttao/miniconda3/envs/lab4d/x86_64-conda-linux-gnu/include/c++/11.4.0/bits/"
        "std_function.h:435:145: error: parameter packs not expanded with '...':",
        "cuda.build.nvcc-host-headers-too-new",
    ),
    (
        "/usr/include/c++/6/tuple:605:4: error: parameter packs not expanded with \u2018...\u2019:",
        "cuda.build.nvcc-host-headers-too-new",
    ),
    # tests/data/triage_eighth/a06-hami-ascend-plugin-npu-smi-not-mounted.log, line 3: HAMi's
    # Ascend device plugin's own search for npu-smi (the host's /usr/local/sbin not mounted).
    (
        "npu-smi set device-share -i 1 -c 0 -d 1: npu-smi not found in",
        "ascend.install.npu-smi-not-found",
    ),
    (OPS_FUNCTION_ERROR, "ascend.hccl.hccl-error"),
    (INNER_ERROR_OPERATOR, "ascend.runtime.cann-inner-error"),
    (ACL_SET_DEVICE_FAILED, "ascend.runtime.device-open-failed"),
    (HCCL_FUNCTION_ERROR, "ascend.hccl.hccl-error"),
]


@pytest.mark.parametrize(("line", "expected"), FORMS, ids=[f[1] for f in FORMS])
def test_other_wordings_find_their_signature(line: str, expected: str) -> None:
    diagnoses = explain_text([line])
    assert [d.signature_id for d in diagnoses][:1] == [expected]


# What each widened form captures reaches the explanation.
CAPTURED = [
    # An HCCL operator run through aclop returns an HcclResult: the code is read as HCCL's.
    (
        OPS_FUNCTION_ERROR,
        "ascend.hccl.hccl-error",
        "(HcclAllGather) failed with HcclResult 6 (HCCL_E_NOT_FOUND",
    ),
    (
        INNER_ERROR_OPERATOR,
        "ascend.runtime.cann-inner-error",
        "while running the operator SelfAttentionOperation",
    ),
    (
        ACL_SET_DEVICE_FAILED,
        "ascend.runtime.device-open-failed",
        "could not start device 0 (ACL 507033",
    ),
    # googlecolab/colabtools#2626: the versions reach the cause without the sentence's full stop.
    (
        "Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0.  CuDNN library "
        "needs to have matching major version and equal or higher minor version.",
        "cuda.runtime.cudnn-version-mismatch",
        "compiled against cuDNN 8.1.0 but loaded 8.0.5:",
    ),
    # balancap/SSD-Tensorflow#340: the wording of TensorFlow before cuDNN 8.
    (
        "Loaded runtime CuDNN library: 7301 (compatibility version 7300) but source was compiled "
        "with 7003 (compatibility version 7000).",
        "cuda.runtime.cudnn-version-mismatch",
        "compiled against cuDNN 7003 but loaded 7301:",
    ),
    (
        HCCL_FUNCTION_ERROR,
        "ascend.hccl.hccl-error",
        "An HCCL call (hcclCommInitRootInfoConfig) failed with HcclResult 1 "
        "(HCCL_E_PARA: parameter error)",
    ),
]


@pytest.mark.parametrize(("line", "expected", "said"), CAPTURED, ids=[c[1] for c in CAPTURED])
def test_captured_fields_reach_the_cause(line: str, expected: str, said: str) -> None:
    diagnosis = explain_text([line])[0]
    assert diagnosis.signature_id == expected
    assert said in diagnosis.cause
    assert "{" not in diagnosis.cause
    assert "[[" not in diagnosis.cause


NOT_FAILURES = [
    # NVIDIA/nccl#1232: NCCL looks for an optional network plugin and carries on without it.
    "[0] node0:13571:13571 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : "
    "libnccl-net.so: cannot open shared object file: No such file or directory",
    # NVIDIA/nccl#1499: the same, as newer NCCL prints it.
    "testpc115159:2736635:2736635 [2] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open "
    "shared object file: No such file or directory No plugin found (libnccl-net.so), using "
    "internal implementation",
    # gpertea/stringtie#274: GCC's include trace names headers with line numbers.
    "In file included from ./samtools-0.1.18/bam.h:52:0,",
]


@pytest.mark.parametrize("line", NOT_FAILURES)
def test_lines_that_only_look_like_failures_find_nothing(line: str) -> None:
    assert explain_text([line]) == []
