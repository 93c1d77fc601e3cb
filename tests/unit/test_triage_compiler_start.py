"""An operator compiler that cannot start is the environment's, not the device's; a logger's
bare prefix is not quoted as the failure (outsider10 D10)."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# https://github.com/vllm-project/vllm-ascend/issues/2748 (lines 12-26 of the paste as posted:
# each logger prefix on a line of its own, the message two lines below it).
ISSUE_2748 = """\
ERROR 09-01 20:16:24

Failed to initialize TeConfigInfo.

(RayWorkerWrapper pid=169127, ip=[2605:340:cd51:4900:d5155:c204:16f5:ed52j

[worker_base.py:619]

(RayWorkerWrapper pid=169127, ip=[2605:340:cd51:4900:a515:c204:16f5:ed52

ERROR 09-01 20:16:24

[GraphOpt][InitializeInner][InitTbeFunc] Failed to init tbee.[FUNC:InitializeTeFusion][FILE:[tbe_op_store_adapter.cc](http://tbe_op_store_adapter.cc/)][LINE:1921]
"""


def test_the_operator_compilers_start_up_is_not_the_devices() -> None:
    found = explain_text(ISSUE_2748)
    assert [(d.signature_id, d.layer) for d in found[:1]] == [
        ("evidence.install.compiler-start", "install")
    ]


def test_a_loggers_bare_prefix_is_not_the_quoted_evidence() -> None:
    found = explain_text(ISSUE_2748)
    assert [(e.line, e.text) for e in found[0].evidence[:1]] == [
        (3, "Failed to initialize TeConfigInfo.")
    ]


def test_start_up_words_without_a_compiler_stay_the_devices() -> None:
    found = explain_text("ERROR 09-01 20:16:24\n\nRuntimeError: NPU is not initialized\n")
    assert [d.layer for d in found[:1]] == ["device_init"]
