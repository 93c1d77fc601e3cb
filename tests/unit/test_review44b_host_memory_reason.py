"""Review 44b: o28 told every 207001 reason of the CANN runtime's table as
``ascend.runtime.device-memory-alloc-failed`` ("The driver could not allocate device memory ...
another process occupies the card"), the nineteen whose reason says the HOST's memory is
exhausted included. The class: a same-as answer holds only where the source's words say the
same thing; a host-memory reason keeps the code's own answer and its line."""

from __future__ import annotations

from bringup.triage.explain import explain_text

# source: https://github.com/hicann/runtime/blob/681ef7610df13c8128982901142a2c869ddbb53e/src/runtime/core/src/common/errcode_manage.cc
HOST_REASON = "Failed to create the stream object. The host memory has been exhausted."
# source: https://github.com/hiyouga/LlamaFactory/issues/5322
DEVICE_REASON = "driver error:out of memory"


def _line(reason: str) -> str:
    # the runtime's "<api> execute failed, reason=[...]" line (rtreason's finder)
    return f"rtStreamCreate execute failed, reason=[{reason}]"


def test_a_host_memory_reason_is_not_told_as_the_devices_memory() -> None:
    first = explain_text([_line(HOST_REASON)])[0]
    assert first.signature_id != "ascend.runtime.device-memory-alloc-failed"
    assert "device memory" not in first.cause
    assert first.layer == "memory"


def test_the_drivers_out_of_memory_reason_is_still_the_devices() -> None:
    first = explain_text([_line(DEVICE_REASON)])[0]
    assert first.signature_id == "ascend.runtime.device-memory-alloc-failed"
