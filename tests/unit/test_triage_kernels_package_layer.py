"""A missing kernel binary is the kernels package's (install) wherever the log shows it fail:
the fix is installing the package, as the layer rule places a cause where its fix is applied."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# Ascend/pytorch docs/en/troubleshooting/operator_called_error.md#L7 (at 37f74c98), the
# example of "Cannot find bin of op": the doc's cause is the Kernels/ops package not installed.
TORCH_NPU_ARANGE = (
    "Traceback (most recent call last):\n"
    '  File "/home/HwHiAiUser/workspace/qwen2.5-Math-deepseek-R1.py", line 38, in <module>\n'
    "    generated_ids = model.generate(\n"
    '  File "/home/HwHiAiUser/.local/lib/python3.10/site-packages/transformers/generation/'
    'utils.py", line 2690, in _sample\n'
    '    model_kwargs["cache_position"] = torch.arange(cur_len, device=input_ids.device)\n'
    "RuntimeError: call aclnnArange failed, detail:EZ9999: Inner Error!\n"
    "EZ9999: [PID: 775] 2025-02-16-12:18:25.258.321 Cannot find bin of op Range, integral key "
    "0/1/|int64/ND/int64/ND/int64/ND/int64/ND/.\n"
    "        TraceBack (most recent call last):\n"
    "       Cannot find binary for op Range.\n"
    "       Kernel GetWorkspace failed. opType: 9\n"
)


def test_a_kernel_binary_missing_in_an_operator_call_is_install() -> None:
    found = explain_text(TORCH_NPU_ARANGE)
    first = next(d for d in found if d.signature_id == "ascend.install.op-binary-missing")
    assert first.layer == "install"
