"""The layer of a failure nobody signed, by the class it belongs to (issue 15, session 21): the
rung of the bring-up its fix is applied to (tests/data/triage_twentieth/LABEL-BRIEF.md). Each
log is a real one and cites where it was printed."""

from __future__ import annotations

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose


def _first(log: str) -> tuple[str, str]:
    found = explain_text(log)
    assert found, log
    return found[0].signature_id, found[0].layer


def test_a_driver_library_not_found_at_start_up_is_a_library_to_install() -> None:
    # kubernetes-sigs/dra-driver-nvidia-gpu#1272 (a stray directory shadowed libnvidia-ml.so.1)
    nvml = (
        "Error: error creating driver: error enumerating all possible devices: error "
        "enumerating GPUs and MIG devices: error initializing NVML: ERROR_LIBRARY_NOT_FOUND\n"
    )
    # Ascend/mind-cluster@8f8b61d6fec5d3d4b7cc07300277d664f8f3043e docs/zh/faq.md:398-420
    dcmi = (
        "[ERROR]    2023/10/24 09:55:04.458386 1       devmanager/devmanager.go:83    "
        'deviceManager init failed, prepare dcmi failed, err: &errors.errorString{s:"cannot '
        "found valid driver lib, fromEnv: lib path is invalid, [/usr/local: check uid or mode "
        "failed; /usr/local: check uid or mode failed;], fromLdCmd: can't find valid lib\"}\n"
    )
    for log in (nvml, dcmi):
        assert _first(log) == ("evidence.install.library", "install"), log


def test_a_driver_not_found_still_is_the_device() -> None:
    # NVIDIA/nvidia-container-toolkit#1269 (no driver loaded on the host)
    log = "nvidia-container-cli: initialization error: nvml error: driver not loaded\n"
    assert _first(log)[1] == "device_init"


def test_a_build_directory_named_driver_names_no_driver() -> None:
    # PaddlePaddle/Paddle-Lite#7918: the link of an NNAdapter driver library fails
    log = (
        "/home/HwHiAiUser/Ascend/ascend-toolkit/latest/acllib/lib64/libascendcl.so: "
        "无法添加符号: 文件格式错误\n"
        "collect2: error: ld returned 1 exit status\n"
        "lite/backends/nnadapter/nnadapter/driver/huawei_ascend_npu/CMakeFiles/"
        "huawei_ascend_npu.dir/build.make:1075: recipe for target 'lite/backends/nnadapter/"
        "nnadapter/driver/huawei_ascend_npu/libhuawei_ascend_npu.so' failed\n"
        "make[3]: *** [lite/backends/nnadapter/nnadapter/driver/huawei_ascend_npu/"
        "libhuawei_ascend_npu.so] Error 1\n"
    )
    assert _first(log)[1] == "build"


def test_a_kernel_that_cannot_be_loaded_is_no_device_start_up() -> None:
    # Ascend/torchair@fced8842d149f16b587c2c867d427e4b766831ca
    # experimental/_inductor_npu_ext/docs/manuals.md:464-495
    log = (
        "Kernel load failed for autofused_add_sum_31aba041b5d992c026cdfc574b77ec24\n"
        "Traceback (most recent call last):\n"
        '  File "test.py", line 11, in <module>\n'
        "    out = test_add_sum(x, y)\n"
        '  File ".../inductor_npu_ext/compiler/__init__.py", line 26, in __init__\n'
        '    raise RuntimeError(f"NPU kernel {self.name} init failed")\n'
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
        "RuntimeError: NPU kernel .npu_kernels_xxx init failed\n"
    )
    assert _first(log) == ("traceback.operator.kernel-not-loaded", "operator_execution")


def test_an_npu_that_cannot_be_set_still_is_the_device() -> None:
    # Ascend/pytorch#67
    log = (
        "RuntimeError: Initialize:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:146 NPU "
        "function error: c10_npu::SetDevice(device_id_), error code is 507033\n"
    )
    assert _first(log)[1] == "device_init"


def test_a_tensorflow_kernel_check_is_the_operation_its_oom_the_memory() -> None:
    # hicann/tensorflow@82957b92d1ade2f48ca51dda811f0baec23b04c7 docs/zh/tfadapter_1/migration/
    # faq/resource_operator_preprocess_fix.md: a lookup table read before its initialiser ran
    table = (
        "[2021-03-19 13:50:24.895266: W tensorflow/core/framework/op_kernel.cc:1651] "
        "OP_REQUIRES failed at lookup_table_op.cc:809 : Failed precondition: Table not "
        "initialized.\n"
    )
    # rishizek/tensorflow-deeplab-v3-plus#19
    oom = (
        "2018-06-12 09:21:35.590812: W tensorflow/core/framework/op_kernel.cc:1318] OP_REQUIRES "
        "failed at conv_ops.cc:673 : Resource exhausted: OOM when allocating tensor with "
        "shape[1,256,2268,1134] and type float on /job:localhost/replica:0/task:0/device:GPU:0 "
        "by allocator GPU_0_bfc\n"
    )
    assert _first(table)[1] == "operator_execution"
    assert _first(oom)[1] == "memory"


def test_a_placement_group_the_cluster_cannot_provide_is_the_devices_it_lacks() -> None:
    # gpustack/gpustack#5181 (a node's Ray never joined the cluster)
    log = (
        "(EngineCore_DP0 pid=89) ERROR 04-20 18:08:14 [core.py:1100] ValueError: Cannot provide "
        "a placement group requiring 4.0 GPUs (placement_group_specs=[{'node:172.16.11.65': "
        "0.001, 'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}, {'GPU': 1.0}]) within 1800 seconds.\n"
    )
    assert _first(log)[1] == "device_init"


def test_a_model_file_that_cannot_be_loaded_is_the_jobs_input() -> None:
    # Ascend/tools@9d6da90fd0d3e5d232676c7a4527f7d92ac70e5c
    # ais-bench_workload/tool/ais_bench/FAQ.md: a relative model path with --profiler
    log = (
        "[ERROR] load model from file failed, model file is search_bs1.om\n"
        "...\n"
        "RuntimeError:[1][ACL:invalid parameter]\n"
    )
    assert _first(log) == ("evidence.install.setup", "install")


def test_an_extension_not_built_against_the_installed_framework_is_a_failure() -> None:
    # kvcache-ai/Mooncake@3b5a594133958449a1feaf1c9e0fc1b553e34a28
    # docs/source/troubleshooting/pg-ep-troubleshooting.md:11
    log = (
        "Mooncake PG was not built against torch==...\n"
        "Mooncake EP was not built against torch==...\n"
    )
    assert _first(log)[1] == "install"


def test_a_traceback_cut_in_the_frameworks_device_context_is_the_device() -> None:
    # mindspore-lab/mindone#394 (max_device_memory set after the device was initialised); the
    # log ends in the innermost frame
    log = (
        "Traceback (most recent call last):\n"
        '  File "/home/ma-user/modelarts/user-job-dir/mindone/examples/animatediff/train.py", '
        "line 173, in init_env\n"
        "    ms.set_context(max_device_memory=max_device_memory)\n"
        '  File "/home/ma-user/anaconda3/envs/ms_animatediff/lib/python3.7/site-packages/'
        'mindspore/context.py", line 1493, in set_context\n'
        "    ctx.setters[key](ctx, value)\n"
        '  File "/home/ma-user/anaconda3/envs/ms_animatediff/lib/python3.7/site-packages/'
        'mindspore/context.py", line 472, in set_max_device_memory\n'
    )
    assert _first(log) == ("evidence.device-init.start-up", "device_init")


def test_generated_code_out_of_date_is_a_version_to_install() -> None:
    # (python.protobuf-generated-code-too-old names it; the fallback's reading without it)
    # protocolbuffers/protobuf python/google/protobuf/descriptor.py (the runtime's message since
    # 4.21, protobuf.dev news 2022-05-06): _pb2.py files generated by an older protoc
    log = (
        "TypeError: Descriptors cannot be created directly.\n"
        "If this call came from a _pb2.py file, your generated code is out of date and must be "
        "regenerated with protoc >= 3.19.0.\n"
    )
    found = diagnose(scan_log(log).findings)
    assert (found[0].signature_id, found[0].layer) == ("evidence.install.packages", "install")


def test_an_npu_failure_raised_in_the_collectives_frames_is_the_collectives() -> None:
    # Ascend/pytorch#54 (an HCCL task timed out under broadcast_object_list)
    log = (
        "Traceback (most recent call last):\n"
        '  File "/opt/lmdeploy/lmdeploy/pytorch/engine/model_agent.py", line 404, in '
        "_broadcast_inputs\n"
        "    dist.broadcast_object_list(inputs)\n"
        '  File "/usr/local/python3.10.5/lib/python3.10/site-packages/torch/distributed/'
        'c10d_logger.py", line 47, in wrapper\n'
        "    return func(*args, **kwargs)\n"
        '  File "/usr/local/python3.10.5/lib/python3.10/site-packages/torch/distributed/'
        'distributed_c10d.py", line 2615, in broadcast_object_list\n'
        "    torch.sum(object_sizes_tensor).item(),  # type: ignore[arg-type]\n"
        "RuntimeError: ACL stream synchronize failed.\n"
    )
    found = diagnose(scan_log(log).findings)
    assert (found[0].signature_id, found[0].layer) == ("traceback.operator.npu", "communication")
