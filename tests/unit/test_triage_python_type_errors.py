"""A TypeError in the words Python itself uses for a value of the wrong type is the calling
code's defect (class.code.project-bug), whoever's frame is innermost: CPython's own checks
(Objects/abstract.c: "can't multiply sequence by non-int", "object of type 'X' has no len()";
Objects/object.c: "unhashable type"; Python/ceval.c: "cannot unpack non-iterable X object";
"got multiple values for argument" is read by its frames instead, test_triage_multiple_values),
the json encoder's "Object of type X is not JSON
serializable" (Lib/json/encoder.py) and torch's "can't convert np.ndarray of type X"
(torch/csrc/utils/tensor_numpy.cpp) say the code handed a value of a type it cannot take; no
device, install or setting is named. Not torch's other way, "Got unsupported ScalarType
BFloat16": a setting or an environment that made the tensors bfloat16 gives the same line from
the same `.numpy()` frame as a project's defect does.

The twenty-fourth corpus's line (tuned on its odd half) is named by its case file and the
source its cases.toml gives; the others are from public issues, named beside them."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

PROJECT_BUG = "class.code.project-bug"

CASES = [
    # TWENTYFOURTH a13-transferqueue-zero-copy-numpy-object-array.log
    # (Ascend/TransferQueue commit ca621048adf74e2a07025fa1c5c0155e5d8189d4): pasted alone.
    "TypeError: can't convert np.ndarray of type numpy.object_\n",
    # https://github.com/tatsu-lab/stanford_alpaca/issues/314: the trainer's state holds a
    # tensor when it is saved as JSON (the frames of the issue, the exception of its title).
    "Traceback (most recent call last):\n"
    '  File "/home/khayam/notebooks/stanford_alpaca/train.py", line 217, in train\n'
    "    trainer.save_state()\n"
    '  File "/home/khayam/anaconda3/envs/alpaca/lib/python3.10/site-packages/transformers/'
    'trainer_callback.py", line 113, in save_to_json\n'
    '    json_string = json.dumps(dataclasses.asdict(self), indent=2, sort_keys=True) + "\\n"\n'
    '  File "/home/khayam/anaconda3/envs/alpaca/lib/python3.10/json/encoder.py", line 201,'
    " in encode\n"
    "    chunks = list(chunks)\n"
    "TypeError: Object of type Tensor is not JSON serializable\n",
    # https://github.com/lucidrains/toolformer-pytorch/issues/10: the source line, then the
    # exception, as pasted.
    "    all_params = set(params)\nTypeError: unhashable type: 'list'\n",
    # https://github.com/Outsider565/LoRA-GA/issues/16 (the title's message): the project's
    # Trainer subclass passed no optimizers to transformers' Trainer, which unpacks them.
    "Traceback (most recent call last):\n"
    '  File "/home/LoRA-GA/examples/logTrainer.py", line 57, in __init__\n'
    "    super().__init__(\n"
    '  File "/home/anaconda3/envs/loraga/lib/python3.10/site-packages/transformers/trainer.py",'
    " line 600, in __init__\n"
    "    self.optimizer, self.lr_scheduler = optimizers\n"
    "TypeError: cannot unpack non-iterable NoneType object\n",
]


@pytest.mark.parametrize("log", CASES)
def test_pythons_own_type_check_is_the_calling_codes_defect(log: str) -> None:
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == (PROJECT_BUG, "operator_execution")


@pytest.mark.parametrize(
    "log",
    [
        # https://github.com/IntelLabs/open-omics-alphafold/issues/9: AF2_BF16=1 on a CPU without
        # AMX BF16 (the maintainer: set AF2_BF16=0), the project's own `.numpy()` frame
        "Traceback (most recent call last):\n"
        '  File "xx/open-omics-alphafold/alphafold_pytorch_jit/utils.py", line 93, in detached\n'
        "    return x.detach().cpu().numpy()\n"
        "TypeError: Got unsupported ScalarType BFloat16\n",
        # ml-explore/mlx-examples#187 (tests/data/triage_twentyfifth a01): the project's convert
        # script, fixed there; the same frame and line, so no class is told from them
        "Traceback (most recent call last):\n"
        '  File "/Volumes/v1/models/mlx-examples-main/llms/qwen/convert.py", line 63, in '
        "convert\n"
        "    weights = {replace_key(k): v.numpy() for k, v in state_dict.items()}\n"
        "TypeError: Got unsupported ScalarType BFloat16\n",
    ],
)
def test_a_dtype_numpy_lacks_is_no_defect_the_words_can_name(log: str) -> None:
    first = explain_text(log)[0]
    assert first.signature_id != PROJECT_BUG
    assert first.confidence == "low"
