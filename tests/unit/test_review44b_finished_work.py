"""Review 44b: ``dist.timeout-behind-one-rank-work`` (o28) took any dataset progress bar in a
log as the long work a collective waited behind, a finished one (``100%``) included: a run that
tokenized its data, trained for hours and then timed out in an ALLREDUCE was told "nothing hung
and the network is not at fault", at high confidence. The class: work is the cause only while
it is unfinished when the collective times out; a finished bar is followed by the collective."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# source: https://github.com/hiyouga/LlamaFactory/issues/2424 (the bar's format; a finished
# run's last redraw is at 100%)
FINISHED = (
    "Running tokenizer on dataset (num_proc=16): 100%|██████████| 2969526/2969526 "
    "[29:55<00:00, 155.57 examples/s]"
)
# source: https://github.com/hiyouga/LlamaFactory/issues/8261
TRAINING = [
    "{'loss': 3.5534, 'grad_norm': 1.4142135381698608, 'learning_rate': 2.0454545454545457e-06,"
    " 'epoch': 0.01}",
    "  1%|▏         | 24/1752 [01:08<1:22:56,  2.88s/it]",
]
# source: https://github.com/hiyouga/LlamaFactory/issues/7396
WATCHDOG = (
    "[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, "
    "NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out."
)
# source: https://github.com/OpenBMB/MiniCPM-V/issues/914
UNFINISHED = (
    "Running tokenizer on dataset (num_proc=32):  18%|█▊        | 712000/3983746 "
    "[1:00:39<1:46:43, 510.90 examples/s]"
)


def _first(lines: list[str]) -> str:
    return explain_text(lines)[0].signature_id


def test_a_timeout_after_the_work_finished_and_training_ran_is_the_collectives() -> None:
    assert _first([FINISHED, *TRAINING, WATCHDOG]) == "nccl.watchdog-timeout"


def test_a_timeout_while_the_work_is_unfinished_is_that_work() -> None:
    assert _first([UNFINISHED, WATCHDOG]) == "dist.timeout-behind-one-rank-work"
