"""A return code is read in the catalogue of the component whose call precedes it on the line:
torch_npu prints an HCCL call's HcclResult in the same "OPS/NPU function error: <call>, error
code is N" forms as an ACL call's aclError, so the call's name, not the form, says whose code it
is; a code the component's table does not list is said to be unknown to that component, never
read in another component's table."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

HCCL_CALLS = [
    # vllm-project/vllm-ascend#486 (the outside tester's log, issue body line 7)
    (
        "[rank1]: RuntimeError: InnerRunOpApi:torch_npu/csrc/framework/OpParamMaker.cpp:281 OPS "
        "function error: HcclAllreduce, error code is 6",
        "HcclAllreduce",
        "HcclResult 6 (HCCL_E_NOT_FOUND",
    ),
    # vllm-project/vllm-ascend#2712 (torch_npu's own HCCL form, lower-case call)
    (
        "RuntimeError: create_config:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:148 HCCL "
        "function error: hcclCommInitRootInfoConfig(numRanks, &rootInfo, rank, config, "
        "&(comm->hcclComm_)), error code is 1",
        "hcclCommInitRootInfoConfig",
        "HcclResult 1 (HCCL_E_PARA",
    ),
]

ACL_CALLS = [
    # flashserve/flash-linear-attention-npu#174: an aclnn operator through aclop
    (
        "[rank6]: RuntimeError: InnerRunOpApi:../torch_npu/csrc/framework/OpParamMaker.cpp:287 "
        "OPS function error: aclnnRecomputeWUFwd, error code is 561000",
        "aclnnRecomputeWUFwd",
    ),
    # vllm-project/vllm-ascend#3647: an ACL runtime call
    (
        "torch_npu/csrc/aten/ops/op_api/CopyKernelOpApi.cpp:54 NPU function error: aclrtMemcpy, "
        "error code is 107002",
        "aclrtMemcpy",
    ),
]


@pytest.mark.parametrize(("line", "call", "said"), HCCL_CALLS, ids=[c[1] for c in HCCL_CALLS])
def test_an_hccl_calls_code_is_an_hccl_result(line: str, call: str, said: str) -> None:
    diagnoses = explain_text([line])
    ids = [d.signature_id for d in diagnoses]
    assert ids[0] == "ascend.hccl.hccl-error"
    assert "ascend.runtime.npu-function-error" not in ids
    assert f"({call})" in diagnoses[0].cause
    assert said in diagnoses[0].cause
    assert "ACL" not in diagnoses[0].cause


@pytest.mark.parametrize(("line", "call"), ACL_CALLS, ids=[c[1] for c in ACL_CALLS])
def test_an_acl_calls_code_stays_acl(line: str, call: str) -> None:
    ids = [d.signature_id for d in explain_text([line])]
    assert "ascend.hccl.hccl-error" not in ids


def test_a_code_hccl_does_not_list_is_unknown_to_hccl() -> None:
    # vllm-ascend#486's line with a code hccl_types.h has no value for (it lists 1-19)
    line = (
        "[rank1]: RuntimeError: InnerRunOpApi:torch_npu/csrc/framework/OpParamMaker.cpp:281 OPS "
        "function error: HcclAllreduce, error code is 507011"
    )
    diagnosis = explain_text([line])[0]
    assert diagnosis.signature_id == "ascend.hccl.hccl-error"
    assert "HcclResult 507011 (unknown code of HCCL)" in diagnosis.cause


def test_a_code_acl_does_not_list_is_unknown_to_acl() -> None:
    # vllm-project/vllm-ascend#3647's line with a code NPUErrorCodes.h does not list
    line = (
        "torch_npu/csrc/aten/ops/op_api/CopyKernelOpApi.cpp:54 NPU function error: aclrtMemcpy, "
        "error code is 6"
    )
    diagnosis = explain_text([line])[0]
    assert diagnosis.signature_id == "ascend.runtime.npu-function-error"
    assert "ACL error 6 (unknown code of ACL)" in diagnosis.cause
