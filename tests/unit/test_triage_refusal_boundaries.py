"""Where the project refusing its configuration (class.code.unsupported-configuration) ends
(issue 15): a check whose words name two devices a tensor was placed on, or resources the
cluster could not give, is the devices' mapping (the launcher's class) or the cluster's
resources, and a refusal printed by a device kernel's own check (AscendC's ``[AIV_0]`` log) or
by a compiler's IR verifier (MLIR's "'<dialect>.<op>' op ...") is the kernel's or the
compiler's code: none of them a setting to change. Each such log keeps the layer its words give
and no class but the launcher's; a refusal of a setting still is the class.

Lines from the tuning halves of the triage corpora are named by their case file there and the
public source beside them."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import FAILURE_SCORE

CLASS = "class.code.unsupported-configuration"


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        # tests/data/triage_twentieth e01, https://github.com/DeepLink-org/dlinfer/blob/
        # a50184e3734e5799bd4cec484d3a2ac46a36ae86/docs/ascend_ray_npu_resource_patch.md#L20:
        # Ray had no NPU resource registered, so the placement group never came
        (
            "INFO tpu.py:571: Failed to auto-detect TPU type.\n"
            "ValueError: Cannot provide a placement group of placement_group_specs=[\n"
            "{'NPU': 1.0, 'node:10.201.20.35': 0.001},\n"
            "{'NPU': 1.0}, {'NPU': 1.0}, {'NPU': 1.0}\n"
            "] within 1800 seconds.\n"
            "See `ray status` to make sure the cluster has enough resources.\n",
            "device_init",
        ),
        # tests/data/triage_twentysecond b09, https://github.com/hicann/ops-math/commit/
        # 7cfc61e910a59780f280fea71e3821f906b93941: the Acos kernel's compute length was not
        # 256-byte aligned; AscendC's CompareScalar refused it on the vector core
        (
            "[2026-02-03 14:28:29] [ERROR][Block_1][AIV_0][/home/l00614971/cann/cann-9.0.0/"
            "aarch64-linux/asc/include/basic_api/../../impl/basic_api/"
            "kernel_operator_vec_cmpsel_intf_impl.h:314][CompareScalar][182417] Failed to check "
            "count elements size in CompareScalar, current size is 6556, should be an integer "
            "multiple of 256.\n"
            "[2026-02-03 14:28:29] [ERROR][CORE_1][pid 182417] error happened! ========= \n",
            "operator_execution",
        ),
        # tests/data/triage_twentysecond d09, https://github.com/Ascend/AscendNPU-IR/commit/
        # efcd21f24d7964a19edabc0ee60f1ddf26cb1b12: a compiler pass left a copy in the cube
        # function, and HIVM's verifier refused the IR the compiler itself made
        ("error: 'hivm.hir.copy' op Unsupported copy from cbuf to cbuf!\n", "operator_execution"),
    ],
)
def test_a_refusal_of_no_setting_is_not_a_refused_configuration(log: str, layer: str) -> None:
    first = explain_text(log)[0]
    assert not first.signature_id.startswith("class.")
    assert first.layer == layer


def test_tensors_on_another_workers_npu_are_the_launchers_mapping_not_a_setting() -> None:
    # tests/data/triage_tenth b09, https://github.com/verl-project/verl-omni/pull/227:
    # Ray left every worker the same device list, so tensors sit on another worker's NPU
    first = explain_text(
        "AssertionError: Expects tensor to be on the compute device npu:15, was on npu:0\n"
    )[0]
    assert first.signature_id == "class.device-init.npu-visibility-set-by-launcher"
    assert first.layer == "device_init"


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_seventeenth d09, https://github.com/PaddlePaddle/PaddleX/issues/3760:
        # a device named, a model refused (not two devices)
        "paddlex --serve --pipeline OCR  --port 6006 --device npu:0\n\n"
        "AssertionError: The NPU device does not yet support `PP-LCNet_x0_25_textline_ori` "
        "model!\n",
        # tests/data/triage_sixteenth b01, https://github.com/verl-project/verl/blob/
        # 1dda039b9c6311889a9c9a26040677e1254814f9/docs/ascend_tutorial/faq/faq.rst#L88:
        # a size the setting does not give, not resources the cluster lacks
        "AssertionError: Weight model.embed_tokens.weight(torch.Size([151936, 4096]), "
        "torch.float32) is too large to fit in the bucket.\n"
        "Please increase rollout.update_weights_bucket_megabytes(2048 MB).\n",
    ],
)
def test_a_refused_setting_that_names_a_device_or_a_size_stays_the_class(log: str) -> None:
    assert explain_text(log)[0].signature_id == CLASS


def test_fsdps_compute_device_check_is_a_setting_only_where_the_tensor_was_on_the_host() -> None:
    # https://github.com/pytorch/pytorch/issues/112658: the thread quotes FSDP's check cut after
    # the compute device; the ranks never called torch.cuda.set_device(local_rank), the same
    # mapping of ranks to devices as verl-omni#227's two devices, so no setting is named
    cut = "AssertionError: Expects tensor to be on the compute device cuda:1\n"
    assert not explain_text(cut)[0].signature_id.startswith("class.")
    # https://github.com/verl-project/verl/issues/181: fsdp_config.param_offload=True left the
    # tensor on the host, a setting
    host = "AssertionError: Expects tensor to be on the compute device cuda:0, was on cpu\n"
    assert explain_text(host)[0].signature_id == CLASS


def test_a_tools_refusal_outside_an_exception_keeps_the_operations_place() -> None:
    # tests/data/triage_fifteenth a15, hicann/pypto@883e7dfb018da764a65fd2c2f8c1e1d2de2d2471:
    # docs/zh/tutorials/appendix/faq/tileshape-dimension-mismatch.md; PyPTO's frontend refusing
    # the tile shape it was given, in a log line's words alone: no class (session 28's audit),
    # the operation's place
    line = (
        "2025-12-18 10:33:06.107 E | [ExpandFunction][Function][ERROR]: "
        "FUnction[TENSOR_b_loop_Unroll1_PATH0_hiddenfunc0] ExpandFunction failed: Tile shape "
        "size 1 is not matched the output shape size 2.\n"
    )
    first = explain_text(line)[0]
    assert (first.signature_id, first.score) == ("evidence.operator.operation", FAILURE_SCORE)


def test_a_functions_own_check_of_an_argument_the_call_left_out_is_the_projects_defect() -> None:
    # tests/data/triage_twentysixth a05, hw-native-sys/simpler#1171: a new call site without the
    # argument the project's own API had just made mandatory (the function names itself)
    log = (
        "  ValueError: CoreCallable.build: arg_index is required and must be\n"
        "  parallel to signature (equal length)\n"
    )
    assert explain_text(log)[0].signature_id == "class.code.project-bug"


def test_a_dotted_configuration_key_left_out_is_no_functions_own_check() -> None:
    # CONSTRUCTED (review 26 L2; no public line found): a config loader prefixing the key path
    # has the shape of "X.build: arg_index is required", but names a setting, not a callable
    log = "ValueError: data.train_files: train_files is required\n"
    assert explain_text(log)[0].signature_id != "class.code.project-bug"


def test_a_setting_the_job_left_out_stays_a_refused_configuration() -> None:
    # tests/data/triage_twentysecond b05, Ascend/MindSpeed-MM@d713188d: a setting named, no
    # function's argument
    log = "ValueError: num_moe_experts must be non None to use expert-parallel.\n"
    assert explain_text(log)[0].signature_id == CLASS


def test_a_validation_refusing_a_mode_it_names_as_enabled_is_a_refused_configuration() -> None:
    # tests/data/triage_twentyfourth a17, alibaba/ROLL's Ascend FAQ (docs_roll ascend_npu_faq.md
    # @8eb27cc2): vllm-ascend refuses FRACTAL_NZ in RL; the fix is VLLM_ASCEND_ENABLE_NZ=0
    log = (
        "ValueError: FRACTAL_NZ mode is enabled. This may cause model parameter precision issues "
        "in the RL scenarios.\n"
    )
    assert explain_text(log)[0].signature_id == CLASS
