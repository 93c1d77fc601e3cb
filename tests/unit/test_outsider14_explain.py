"""Outsider O14's explain defects, each read as a class on the tester's log and on another
public log of the same class (its source beside it)."""

from __future__ import annotations

from bringup.triage import explain_text

HIASCEND = "https://www.hiascend.com/"


def test_a_generic_readings_source_follows_the_logs_vendor() -> None:
    # O14 D9: an Ascend kernel's launch failure cited CUDA's runtime reference. Lines from
    # https://github.com/vllm-project/vllm-ascend/issues/5493 (the master node's log).
    ascend = (
        "        #### KernelLaunch failed: /usr/local/Ascend/ascend-toolkit/8.3.RC2/opp/built-in/"
        "op_impl/ai_core/tbe//kernel/ascend910b/slice/Slice_ee29dafe4fe21e12bb8d56ae91626cba"
        "_high_performance.o\n"
        "        Kernel Run failed. opType: 32, Slice\n"
    )
    first = explain_text(ascend)[0]
    assert first.signature_id == "line.operator.failure"
    assert first.source.startswith(HIASCEND)
    # A CUDA start-up failure is CUDA's, not the NPU's ("driver" in the NPU rule's words), and
    # cites no CANN page: https://hpc-community.unige.ch/t/4121
    cuda = "RuntimeError: CUDA driver initialization failed, you might not have a CUDA gpu.\n"
    first = explain_text(cuda)[0]
    assert (first.signature_id, first.title) == (
        "traceback.device-init.cuda",
        "CUDA could not be initialised",
    )
    assert not first.source.startswith(HIASCEND)


def test_an_interrupted_run_says_it_was_stopped() -> None:
    # O14 D16: the tester's own Ctrl-C was "no failure found".
    tester = 'Traceback (most recent call last):\n  File "x.py", line 1\nKeyboardInterrupt\n'
    # https://github.com/nagadomi/nunif/issues/26 (innermost frames kept)
    nunif = (
        "Traceback (most recent call last):\n"
        '  File "C:\\nunif\\train.py", line 22, in <module>\n'
        "    main()\n"
        '  File "F:\\1\\envs\\nunif\\lib\\site-packages\\torch\\cuda\\amp\\grad_scaler.py", line'
        " 287, in <genexpr>\n"
        '    if not sum(v.item() for v in optimizer_state["found_inf_per_device"].values()):\n'
        "KeyboardInterrupt\n"
    )
    for log in (tester, nunif):
        first = explain_text(log)[0]
        assert first.signature_id == "traceback.operator.interrupted"
        assert "interrupted" in first.title
