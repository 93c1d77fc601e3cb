"""A traceback printed through a logger that puts its own prefix before every line (issue 15):
the exception and its frames are read after the prefix, as they are after a launcher's
``[rank0]:`` or vLLM's bracketed ``[file.py:N]``. Lines from public logs, their source beside
them."""

from __future__ import annotations

from bringup.triage.explain import scan_log

TORCH_LOG = (
    "E0701 18:17:41.098000 252793 site-packages/torch/_subclasses/fake_tensor.py:2431] [0/0] "
)
"""PyTorch's logging (torch/_logging/_internal.py TorchLogsFormatter: level letter, date, time
with microseconds, process, path:line, trace id), as torch._subclasses.fake_tensor logs an
exception; tests/data/triage_twentysecond d03, Ascend/op-plugin@8ec50a95."""


def test_a_traceback_printed_through_pytorchs_logger() -> None:
    log = "".join(
        TORCH_LOG + line + "\n"
        for line in (
            "Traceback (most recent call last):",
            '  File "/root/miniconda3/envs/wk_311/lib/python3.11/site-packages/torch/__init__.py", '
            "line 1642, in _check_with",
            "    raise error_type(message_evaluated)",
            "RuntimeError: GQA FP8 Fullquant(Qurey/Key Per-Token-Head, Value PerHead) only "
            "supports path 0.",
            "[ERROR] 2026-07-01-18:17:41 (PID:252793, Device:0, RankID:-1) ERR01003 OPS invalid "
            "value",
        )
    )
    (exception,) = scan_log(log).findings.all_exceptions()
    assert (exception.line, exception.name) == (4, "RuntimeError")
    assert exception.message.startswith("GQA FP8 Fullquant(")
    assert exception.frames[-1].endswith("site-packages/torch/__init__.py")


def test_a_traceback_printed_through_vllms_older_logger() -> None:
    # tests/data/triage/logs/vllm-8189.log (vllm-project/vllm#8189): vLLM's older releases logged
    # "%(levelname)s %(asctime)s %(filename)s:%(lineno)d] %(message)s", the file unbracketed
    prefix = "ERROR 01-11 13:09:40 engine.py:366] "
    log = "".join(
        prefix + line + "\n"
        for line in (
            '  File "/root/miniconda3/lib/python3.12/site-packages/vllm/worker/'
            'model_runner_base.py", line 152, in _wrapper',
            "    raise type(err)(",
            "RuntimeError: Error in model execution (input dumped to "
            "/tmp/err_execute_model_input_20250111-130939.pkl): FlashAttention only supports "
            "Ampere GPUs or newer.",
        )
    )
    (exception,) = scan_log(log).findings.all_exceptions()
    assert exception.name == "RuntimeError"
    assert exception.message.endswith("FlashAttention only supports Ampere GPUs or newer.")
    assert exception.packages[-1] == "vllm"


def test_a_logged_line_that_only_names_an_error_is_no_exception() -> None:
    # the same logger's line before the traceback (op-plugin@8ec50a95)
    log = (
        TORCH_LOG + "failed while attempting to run meta for "
        "npu.npu_fused_infer_attention_score_v2.default\n"
    )
    assert scan_log(log).findings.all_exceptions() == []
