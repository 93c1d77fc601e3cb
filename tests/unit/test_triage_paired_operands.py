"""Checks that refuse what the calling code put together are the code's defect, whatever frame
is innermost (class.code.project-bug's `stated`): tensors stacked or joined with sizes that
differ, a tensor given a storage or an out= tensor on another device, a matrix product of two
dtypes. And a Python check's exception named inside a line that does not start with it is that
check (class.code.unsupported-configuration's `line`).

Real lines from public threads not in the evaluation corpora, each named beside it; the tuning
cases of the corpora that show each class are read from their case files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.triage import explain_text
from bringup.triage.fallbackrules import read_rules
from cpuclock import cpu_seconds

DATA = Path(__file__).resolve().parents[1] / "data"
BUG = "class.code.project-bug"
UNSUPPORTED = "class.code.unsupported-configuration"


def _first(log: str) -> tuple[str, str]:
    found = explain_text(log)
    assert found, log
    return found[0].signature_id, found[0].layer


@pytest.mark.parametrize(
    "log",
    [
        # bghira/SimpleTuner issue 59 (fixed by the maintainer in b29d9a85): the trainer's own
        # collate_fn stacks latents of two sizes.
        "Traceback (most recent call last):\n"
        '  File "/root/SimpleTuner/train_sdxl.py", line 858, in main\n'
        "    for step, batch in enumerate(train_dataloader):\n"
        '  File "/root/SimpleTuner/.venv/lib/python3.10/site-packages/torch/utils/data/'
        '_utils/fetch.py", line 54, in fetch\n'
        "    return self.collate_fn(data)\n"
        '  File "/root/SimpleTuner/train_sdxl.py", line 559, in collate_fn\n'
        "    pixel_values = torch.stack(latents)\n"
        "RuntimeError: stack expects each tensor to be equal size, but got [4, 128, 170] at"
        " entry 0 and [4, 96, 128] at entry 2\n",
        # ytZhang99/CF-Net issue 3: torch's default collate, whose frame is innermost, stacks the
        # dataset's samples of two sizes.
        '  File "D:\\Anaconda\\envs\\torch\\lib\\site-packages\\torch\\utils\\data\\_utils\\'
        'collate.py", line 56, in default_collate\n'
        "    return torch.stack(batch, 0, out=out)\n"
        "RuntimeError: stack expects each tensor to be equal size, but got [3, 128, 128] at"
        " entry 0 and [3, 28, 128] at entry 1\n",
        # lyuwenyu/RT-DETR issue 189: the model's torch.cat of two feature maps of two sizes.
        "    inner_out = self.fpn_blocks[len(self.in_channels) - 1 - idx](torch.cat("
        "[upsample_feat, feat_low], dim=1))\n"
        "RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 108 but"
        " got size 107 for tensor number 1 in the list.\n",
        # furkanbiten/GoodNews issue 12: the same check in TH's words (PyTorch 1.x).
        "Traceback (most recent call last):\n"
        '  File "/im2p/GoodNews-master/models/OldModel.py", line 398, in forward\n'
        "    output, state = self.rnn(torch.cat([xt, att_res, att_res_sen.float()], 1)"
        ".unsqueeze(0), state)\n"
        "RuntimeError: invalid argument 0: Sizes of tensors must match except in dimension 1."
        " Got 32 and 1 in dimension 0 at /pytorch/aten/src/TH/generic/THTensor.cpp:689\n",
        # likyoo/change_detection.pytorch issue 26: a checkpoint's storage loaded onto another
        # device than the tensor it is set into (the fix: the map_location of the load).
        'RuntimeError: Attempted to set the storage of a tensor on device "cpu" to a storage on'
        ' different device "cuda:0".  This is no longer allowed; the devices must match.\n',
        # zjukg/KoPA issue 11: the inference script feeds float inputs to a half model.
        "RuntimeError: expected mat1 and mat2 to have the same dtype, but got: float !="
        " c10::Half\n",
        # kijai/ComfyUI-ControlNeXt-SVD issue 7: the same check in later words, under torch's
        # own Linear.
        '  File "D:\\ComfyUI-feifei\\ComfyUI\\python_miniconda\\Lib\\site-packages\\torch\\nn\\'
        'modules\\linear.py", line 114, in forward\n'
        "    return F.linear(input, self.weight, self.bias)\n"
        "RuntimeError: mat1 and mat2 must have the same dtype, but got Half and"
        " Float8_e4m3fn\n",
    ],
)
def test_operands_the_code_paired_that_do_not_fit_are_its_defect(log: str) -> None:
    assert _first(log) == (BUG, "operator_execution")


@pytest.mark.parametrize(
    "case",
    [
        # megatron's int32 sample index overflows; torch's collate stacks samples of two lengths.
        "triage_twentyninth/a07-mindspeed-helpers-sample-idx-overflow.log",
        # verl's FSDP2 offload moves a module it had offloaded; state_dict sets the storage.
        "triage_twelfth/c03-verl-fsdp2-cpu-offload-dtensor-npu-device-mismatch.log",
        # fbgemm's torch.zeros(out=) on a CUDA tensor without the device.
        "triage_twentyseventh/a21-fbgemm-uvm-device-type-mismatch-out.log",
    ],
)
def test_the_tuning_cases_of_paired_operands(case: str) -> None:
    assert _first((DATA / case).read_text(encoding="utf-8"))[0] == BUG


def test_an_operators_own_device_check_keeps_its_signature() -> None:
    # XinzeLee/RotateObjectDetection issue 27: the dispatcher's check of one call's inputs,
    # which a signature names (a tensor not moved to the device).
    log = (
        "RuntimeError: Expected all tensors to be on the same device, but found at least two"
        " devices, cuda:0 and cpu!\n"
    )
    assert _first(log)[0] == "frameworks.torch-op-on-cpu-tensors"


@pytest.mark.parametrize(
    "case",
    [
        # vipshop/cache-dit pull 1093: a test log's "EXPECTED AssertionError: ..." (its profiler
        # asserts CUDA on an NPU).
        "triage_nineteenth/c09-cachedit-profiler-cuda-only-on-npu.log",
        # hicann/pypto@53bba5ec: the frontend's located report of its own TypeError.
        "triage_twentythird/b13-pypto-reshape-symbolic-shape.log",
    ],
)
def test_a_python_check_named_inside_a_line_is_that_check(case: str) -> None:
    log = (DATA / case).read_text(encoding="utf-8")
    assert _first(log) == (UNSUPPORTED, "operator_execution")


def test_a_python_logic_error_named_inside_a_line_stays_the_projects_defect() -> None:
    # hiyouga/LlamaFactory issue 4077, a paste that mangled the exception line ("error\uff1a
    # AttributeError :GemmaForCausalLM'obiect has no attribute ..."): no refusal's words, so
    # project-bug's `line` reads it first, as before.
    case = DATA / "triage_twentyfirst" / "b03-llamafactory-npu-ds-save-checkpoint.log"
    assert _first(case.read_text(encoding="utf-8"))[0] == BUG


def test_the_new_expressions_are_fast_on_a_hostile_line() -> None:
    rules = {rule.id: rule for rule in read_rules().exceptions}
    patterns = [rules[BUG].stated, rules[UNSUPPORTED].line, rules[UNSUPPORTED].line_unless]
    hostile = [
        "RuntimeError: " + "stack expects each tensor to be equal size " * 1200,
        "ValueError: " + "a" * 50_000,
        "TypeError: " + "must " * 10_000,
        'RuntimeError: Attempted to set the storage of a tensor on device "' + "9" * 50_000,
        "AssertionError: " * 3_000,
    ]
    for pattern in patterns:
        for text in hostile:
            start = cpu_seconds()
            re.search(pattern, text)
            assert cpu_seconds() - start < 2.0, (pattern[:60], text[:40])
