"""Explain states a fact about a host only when a snapshot of that host says it.

Outsider test 22 item 13: a log pasted from another machine was explained with "ASCEND_HOME_PATH
is not set in the probed environment" though no snapshot was given (and again with a snapshot
that holds no environment variables).
"""

from __future__ import annotations

from bringup.backends.ascend import keys as ascend_keys
from bringup.model import Accelerator, Fact, Snapshot
from bringup.model.source import command_source
from bringup.triage import explain_text
from bringup.triage.templates import render

# https://github.com/LinZhekai/X-Oscar/issues/4
LIBHCCL = (
    "ImportError: libhccl.so: cannot open shared object file: No such file or directory. Please"
    " check that the cann package is installed. Please run 'source set_env.sh' in the CANN"
    " installation path.\n"
)
CLAIM = "ASCEND_HOME_PATH is not set in the probed environment"
PROBE = command_source(["probe"])


def snapshot(*facts: Fact, accelerators: tuple[Accelerator, ...] = ()) -> Snapshot:
    return Snapshot(
        taken_at="2026-12-04T00:00:00Z", origin="replay", facts=facts, accelerators=accelerators
    )


def cause(log: str, host: Snapshot | None) -> str:
    (found,) = [
        d
        for d in explain_text(log, snapshot=host)
        if d.signature_id == "ascend.install.cann-lib-missing"
    ]
    return found.cause


def test_a_log_read_alone_gets_no_host_claim() -> None:
    assert CLAIM not in cause(LIBHCCL, None)


def test_a_snapshot_without_the_variable_gets_none_either() -> None:
    # a snapshot read from a pasted report: no environment variables in it
    assert CLAIM not in cause(LIBHCCL, snapshot())


def test_a_snapshot_that_probed_the_variable_unset_says_so() -> None:
    unset = Fact(key=ascend_keys.ASCEND_HOME, value=None, source=PROBE, status="absent")
    assert CLAIM in cause(LIBHCCL, snapshot(unset))


def test_a_snapshot_that_found_it_set_says_nothing() -> None:
    found = Fact(key=ascend_keys.ASCEND_HOME, value="/usr/local/Ascend", source=PROBE)
    assert CLAIM not in cause(LIBHCCL, snapshot(found))


def test_a_segment_without_a_placeholder_needs_a_confirmation() -> None:
    # the other such segment of the knowledge base (cuda.runtime.flash-attn-ampere)
    template = (
        "FlashAttention needs Ampere.[[ A GPU of this host has compute capability below 8.0.]]"
    )
    assert render(template, {}, lambda _key: None, {}) == "FlashAttention needs Ampere."
    assert render(template, {}, lambda _key: None, {}, confirmed=True).endswith("below 8.0.")
