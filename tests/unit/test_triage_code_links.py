"""A code whose vendor meaning is one entry's cause names that entry (``same_as``), and a code
told as one of bringup's own signatures ranks as that signature, above the vendor fault
knowledge and the catch-alls its line also matches. Real lines from public vendor documents
and repositories, each cited (repo@commit:path:line)."""

from __future__ import annotations

import re

import pytest

from bringup.triage import explain_text
from bringup.triage.catalogues import builtin_catalogues
from bringup.triage.loader import load_signatures
from triage_inputs import top

TITLED = re.compile(r"\(([^()]*)\)\s*$")
CODE = re.compile(r"(?<![\w-])(E[0-9A-Z][0-9]{4}|[1-5][0-9]{5}|-8[0-9]{3})(?![\w])")

NOT_THE_CODES_MEANING = {
    # The signature is one case of the code, whose documented meaning is wider: 500001 is any
    # internal ACL error ("The internal ACL of the system is incorrect"), not only the
    # precision mode at start-up; 207005/207007/207008 are memory, event and stream resources
    # short anywhere, not only during ACL graph capture.
    "500001",
    "207005",
    "207007",
    "207008",
    # EE1001 is any runtime call's argument refused ("The argument is invalid.Reason: ..."): set
    # device's invalid id is one case, a kernel launch's coreDim another (vllm-ascend#3548), and
    # at a device that failed to open no id was wrong (hw-native-sys/PTOAS#948).
    "EE1001",
}


def test_a_code_a_signature_is_titled_after_is_that_signatures_code() -> None:
    """Every catalogued code that exactly one signature names in its title ("... (EI0006)",
    "(207000)") has that signature as its ``same_as``: the title says the signature is the
    code's cause, so the code found in a wording the signature's patterns miss (another CANN
    release's message) still names it; a code two signatures name (EI0001) names neither."""
    titled: dict[str, list[str]] = {}
    for signature in load_signatures().signatures:
        found = TITLED.search(signature.record.title)
        for code in CODE.findall(found.group(1)) if found else []:
            titled.setdefault(code, []).append(signature.id)
    catalogued = {
        key: code
        for catalogue in builtin_catalogues()
        for (_, key), code in catalogue.by_key.items()
    }
    checked = 0
    for code, ids in sorted(titled.items()):
        if len(ids) != 1 or code not in catalogued or code in NOT_THE_CODES_MEANING:
            continue
        checked += 1
        assert catalogued[code].same_as == ids[0], (code, ids[0])
    assert checked >= 15


@pytest.mark.parametrize(
    ("log", "expected"),
    [
        # hicann/hccl@09300b70df9a031339f08e5f2ca06d7bf294d009:docs/zh/user_guide/
        # fault_diagnosis/param_link_stage.md:262 (an older CANN's wording of EI0005; the
        # signature's pattern is the newer "tag [..], parameter [..], local [..]" form).
        (
            "EI0005: 2024-04-24-06:32:27.781.599 The arguments for collective communication are "
            "inconsistent between ranks:parameter count, local end 16512, remote end 8320\n",
            ("ascend.hccl.param-inconsistent", "communication"),
        ),
        # DeepLink-org/dlinfer@a50184e3734e5799bd4cec484d3a2ac46a36ae86:.claude/skills/
        # ascend-timeline/SKILL.md:390.
        (
            "Communication_Error_Bind_IP_Port(EJ0003): Failed to bind the IP port.\n",
            ("ascend.hccl.listen-port-failed", "communication"),
        ),
        # hicann/hccl@09300b70df9a031339f08e5f2ca06d7bf294d009:docs/zh/user_guide/
        # fault_diagnosis/cluster_info_nego.md:60.
        (
            "[PID: 2267203] 2025-11-21-11:38:29.575.404 Communication_Error_Bind_IP_Port(EI0019): "
            "Failed to enable listening for the host network adapter socket.Reason: The IP "
            "address 192.168.1.100 and port 50001 have already been bound.\n",
            ("ascend.hccl.listen-port-failed", "communication"),
        ),
        # hicann/hccl@09300b70df9a031339f08e5f2ca06d7bf294d009:docs/zh/user_guide/
        # fault_diagnosis/param_link_stage.md:105.
        (
            "[PID: 2103452] 2025-11-03-20:18:46.447.213 Resource_Error_Insufficient_Device_Memory"
            "(EI0011): Failed to allocate [size: [0.25MB, 3MB], Affected by QP depth "
            "configuration.] bytes of NPU memory.\n",
            ("ascend.hccl.qp-device-memory", "memory"),
        ),
        # hicann/tensorflow@82957b92d1ade2f48ca51dda811f0baec23b04c7:docs/en/tfadapter_1/
        # migration/faq/getnext_timeout_e30008_error.md:9.
        (
            "E30008: AI CPU operator execution time out.\n",
            ("ascend.runtime.aicpu-timeout", "operator_execution"),
        ),
    ],
)
def test_a_code_names_the_cause_its_vendor_documents(log: str, expected: tuple[str, str]) -> None:
    assert top(log) == expected


def test_a_named_code_ranks_above_the_fault_knowledge_on_its_line() -> None:
    """The EI0005 line also matches a FaultDiag fault (MindSpore's data-parallel parameter
    check); the code's own signature, which the vendor's code names, ranks first."""
    log = (
        "EI0005: 2024-04-24-06:32:27.781.599 The arguments for collective communication are "
        "inconsistent between ranks:parameter count, local end 16512, remote end 8320\n"
    )
    found = [d.signature_id for d in explain_text(log)]
    assert found[0] == "ascend.hccl.param-inconsistent"
    assert all(not sid.startswith("code.") for sid in found)


def test_torch_npus_own_device_check_is_an_operator_given_cpu_tensors() -> None:
    """torch_npu's input check (torch_check_npu, DeviceUtils.h; CalcuOpUtil, op-plugin) says
    "Expected NPU tensor, please check whether the input tensor device is correct" and
    appends ERR01002; the vendor's troubleshooting case for it is a CPU tensor given to an NPU
    operator. Ascend/pytorch@9e73e708ab9350d203475609f36f8a43f6a0c2ab:docs/zh/user_guide/
    troubleshooting/troubleshooting_cases/failed_verify_op_parameters.md:8-14."""
    log = (
        "Traceback (most recent call last):\n"
        '  File "/root/miniconda3/envs/pt2.1/lib/python3.8/site-packages/torch/testing/'
        '_internal/common_utils.py", line 2388, in wrapper\n'
        "    method(*args, **kwargs)\n"
        '  File "npu/test_fault_mode.py", line 114, in test_param_verification\n'
        "    torch.add(torch.rand(2), torch.rand(2).npu())\n"
        "RuntimeError: Expected all tensors to be on the same device. Expected NPU tensor, "
        "please check whether the input tensor device is correct.\n"
        "[ERROR] 2024-08-18-22:37:51 (PID:53741, Device:0, RankID:-1) ERR01002 OPS invalid type\n"
    )
    assert top(log) == ("frameworks.torch-op-on-cpu-tensors", "operator_execution")


def test_a_code_beside_the_devices_own_message_is_not_the_drivers_guess() -> None:
    """torch_npu guesses "driver and firmware packages do not match" for 207000 only when the
    device gave no error message (NPUException.h, device_error_msg.empty()); on the line of the
    device's own EZ9903 report the code is told as itself.
    tests/data/triage_eighth/b20-sglang-ascend-mla-aclgraph-noncontiguous-query.log:8."""
    log = (
        "EZ9903: [PID: 67556] 2025-09-02-15:23:31.178.230 rtKernelLaunchWithHandleV2 failed: "
        "207000\n"
    )
    found = [d.signature_id for d in explain_text(log)]
    assert "ascend.runtime.driver-firmware-mismatch" not in found
    assert top(log) == ("code.acl.207000", "operator_execution")
