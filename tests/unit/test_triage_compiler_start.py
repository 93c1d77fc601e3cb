"""An operator compiler that cannot start is the environment's, not the device's; a logger's
bare prefix is not quoted as the failure (outsider10 D10)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

from bringup.triage.evidence import own_words
from bringup.triage.explain import explain_text
from bringup.triage.findings import FailureSighting
from cpuclock import cpu_seconds

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


@contextmanager
def _given_up_after(seconds: float) -> Iterator[None]:
    """A check that would otherwise run for hours fails here instead (a regular expression
    yields to a signal's handler)."""

    def _late(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    former = signal.signal(signal.SIGALRM, _late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, former)


def test_a_failure_after_bracketed_numbers_is_explained_in_time() -> None:
    # hostile input (review29 H1): each "[0:0]" reads as a source location or as five
    # characters of a prefix; tried both ways, 40 of them before a word took hours
    log = "starting\n" + "[0:0]" * 40 + " ERROR: the job failed\ndone\n"
    started = cpu_seconds()
    with _given_up_after(20):
        found = explain_text(log)
    assert cpu_seconds() - started < 2
    assert [(e.line, e.text) for e in found[0].evidence[:1]] == [(2, log.splitlines()[1])]


def test_a_line_of_200_bracketed_numbers_is_read_in_time() -> None:
    said = FailureSighting(1, "[0:0]" * 200 + " ERROR: the job failed", "")
    bare = FailureSighting(3, "[0:0]" * 200, "")
    message = FailureSighting(4, "RuntimeError: the job failed", "")
    started = cpu_seconds()
    with _given_up_after(20):
        quoted = [own_words(f, [said, bare, message]) for f in (said, bare)]
    assert cpu_seconds() - started < 2
    assert quoted == [said, message]
