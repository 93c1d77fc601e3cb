"""What a code says, and what only echoes it: a catch-all that captured a code the catalogue
knows exactly takes that code's layer, a wrapper code beside it is its echo, an "unknown error"
code gives way to a class rule that names the cause from its place; and two installs out of step
said in words: a missing submodule is a package that lacks it, not a package missing, and an
extension that says it was not built against the installed torch. Real lines, each cited."""

from __future__ import annotations

from bringup.triage import explain_text
from bringup.triage.catalogues import builtin_catalogues
from triage_inputs import top

# Ascend/pytorch@673307d7773d2e0dc057362afe932c723263b685 (commit message): torch_npu on a new
# chip, aclrtGetDeviceInfo refused by the driver (507899: the Driver module's internal error).
DEVICE_INFO = (
    "[ERROR] - initDeviceProperty:../torch_npu/csrc/npu/Module.cpp:207 NPU function error: "
    "aclrtGetDeviceInfo(static_cast<uint32_t>(deviceid), ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, "
    "&tmp_d total), error code is 507899\n"
    "[ERROR] 2026-04-01-18:09:19 (PID:7228, Device:1, RankID:-1) ERR00100 PTA call acl api "
    "failed\n"
)


def test_a_catch_all_that_captured_a_known_code_takes_its_layer_and_the_wrapper_is_its_echo() -> (
    None
):
    found = explain_text(DEVICE_INFO)
    assert (found[0].signature_id, found[0].layer) == (
        "ascend.runtime.npu-function-error",
        "device_init",
    )
    assert "code.cann.err00100" not in [d.signature_id for d in found]


def test_a_catch_all_of_a_code_no_catalogue_knows_keeps_the_layer_its_words_give() -> None:
    # The same form with a code outside the ACL catalogue: nothing says more than its words.
    line = "NPU function error: aclrtSynchronizeDevice, error code is 599999\n"
    assert top(line) == ("ascend.runtime.npu-function-error", "operator_execution")


def test_an_unknown_error_code_gives_way_to_the_class_its_place_names() -> None:
    # NVIDIA/nccl-tests#276: NCCL's NVLS transport on an H200 node, cudaErrorUnknown (999).
    line = "gpu47:4962:5097 [1] transport/nvls.cc:223 NCCL WARN Cuda failure 999 'unknown error\n"
    assert top(line) == ("class.device-init.nvlink-fabric-out-of-step", "device_init")


def test_a_missing_submodule_is_a_package_that_lacks_it() -> None:
    # flagos-ai/FlagGems#6235: FlagGems on triton-ascend, whose triton has no knobs module.
    log = (
        'File ".../flag_gems/ops/flash_attention_backward.py", line 23, in <module>\n'
        "    from triton.knobs import autotuning as _autotuning_knobs\n"
        "ModuleNotFoundError: No module named 'triton.knobs'\n"
    )
    assert top(log) == ("python.module-attribute-missing", "install")
    # A top-level name is a package not installed (Python names the first part it cannot find).
    alone = "ModuleNotFoundError: No module named 'tensordict'\n"
    assert top(alone)[0] != "python.module-attribute-missing"


def test_an_extension_that_says_it_was_built_for_another_torch() -> None:
    # kvcache-ai/Mooncake@3b5a594133958449a1feaf1c9e0fc1b553e34a28
    # docs/source/troubleshooting/pg-ep-troubleshooting.md:11.
    assert top("Mooncake PG was not built against torch==...\n") == (
        "python.ext-undefined-symbol-torch",
        "install",
    )


def test_a_missing_part_of_a_namespace_package_is_a_distribution_not_installed() -> None:
    # protocolbuffers/protobuf#4340: TensorFlow's object detection tutorial; the fix in the
    # thread is `pip install protobuf`. google is a namespace package (several distributions
    # install into it), so Python found google and not protobuf: no version skew.
    log = "ModuleNotFoundError: No module named 'google.protobuf'\n"
    assert top(log) == ("python.namespace-package-part-missing", "install")
    deeper = "ModuleNotFoundError: No module named 'google.protobuf.internal'\n"
    assert top(deeper)[0] == "python.namespace-package-part-missing"
    # a regular package that lacks a submodule stays version skew (FlagGems#6235 above)
    assert top("ModuleNotFoundError: No module named 'triton.knobs'\n")[0] == (
        "python.module-attribute-missing"
    )


def test_every_acl_internal_error_is_placed() -> None:
    """ACL's internal errors say only that a module failed inside (their action: read the
    ascend log): they rank as a family's code, below what names a cause; each names its module,
    whose layer it keeps."""
    acl = next(c for c in builtin_catalogues() if c.info.name == "acl")
    internal = {
        key: code.placed and code.named_module
        for (group, key), code in acl.by_key.items()
        if group == "code" and "internal error" in code.meaning.lower()
    }
    assert set(internal) == {"500000", "507000", "507001", "507899", "507900"}
    assert all(internal.values())


def test_a_driver_internal_error_is_told_as_its_module_at_medium_confidence() -> None:
    # hw-native-sys/simpler@6ebaf77156313aaeb5c9457c57b16c45b84ae7e8
    # docs/troubleshooting/a2a3-507899-aicpu-shared-so-fault.md#L9-L15
    found = explain_text("[ERROR] rtMalloc failed: 507899 (size=...)\n")
    assert (found[0].signature_id, found[0].layer) == ("code.acl.507899", "device_init")
    assert found[0].confidence == "medium"


def test_a_placed_code_whose_module_is_off_the_usual_layer_keeps_it_over_its_lines_words() -> None:
    # hw-native-sys/pypto#1306: a forked child re-initialising the device; "AICPU" in the call's
    # name does not make the Driver module's internal error an operator's.
    found = explain_text("rtStreamCreate (AICPU) failed: 507899\n")
    assert (found[0].signature_id, found[0].layer) == ("code.acl.507899", "device_init")
    assert found[0].confidence == "medium"
