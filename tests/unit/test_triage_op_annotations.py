"""torch.library.infer_schema refusing a built-in generic annotation (list[int], PEP 585) is a
torch older than the package registering the operator (install), not the project refusing a
configuration (outsider 17's D6: verl#2564 read as class.code.unsupported-configuration, "the
packages and the device are not at fault"). typing.Tuple's refusal is the code's own annotation
error and stays with the rules that read it."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

SIGNATURE = "frameworks.torch-too-old-for-op-annotations"

# verl-project/verl#2564 (vllm 0.9.1 + vllm-ascend 0.9.1rc1 on an older torch; the thread's lines)
VERL = (
    "ray.exceptions.RayTaskError(ValueError): ray::TaskRunner.run() (pid=1175552, ip=172.17.0.22,"
    " actor_id=c32790b2ec94b968a3afaabc01000000, repr=<main_ppo.TaskRunner object at"
    " 0xfffbfc847310>)\n"
    '  File "/home/mnj/code/verl/verl/trainer/main_ppo.py", line 143, in run\n'
    "ValueError: infer_schema(func): Parameter block_size has unsupported type list[int]\n"
)
# ROCm/vllm#595 (vLLM under PyTorch 2.6; the line cut after its type)
ROCM = (
    "ValueError: infer_schema(func): Parameter block_shape has unsupported type "
    "typing.Optional[list[int]]. The valid types are: dict_keys([<class 'torch.Tensor'>,\n"
)
# pytorch/pytorch#129417 (torch's message for a Tuple annotation: the code's own error)
TUPLE = (
    "ValueError: infer_schema(func): Parameter y has unsupported type typing.Tuple[torch.Tensor, "
    "torch.Tensor, typing.Optional[torch.Tensor]]. Tuple type annotation is not supported. Please "
    "try to use a List instead. For example, typing.List[typing.Optional[torch.Tensor]].\n"
)


@pytest.mark.parametrize("log", [VERL, ROCM])
def test_a_built_in_generic_refused_is_torch_too_old(log: str) -> None:
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == (SIGNATURE, "install")


def test_the_refused_annotation_is_named() -> None:
    assert "list[int] for block_size" in explain_text(VERL)[0].cause


def test_a_tuple_annotation_is_not_this_cause() -> None:
    assert all(d.signature_id != SIGNATURE for d in explain_text(TUPLE))
