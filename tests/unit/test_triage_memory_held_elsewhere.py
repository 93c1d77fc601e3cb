"""torch_npu's out-of-memory report read for where the device's memory is: nothing free while
this process's PyTorch holds a small part of a large device is memory held outside it (another
process on the NPU: ascend.runtime.device-occupied); an allocator that holds most of the device
is the job's own size (ascend.runtime.npu-oom). Real lines from public threads."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

OCCUPIED = "ascend.runtime.device-occupied"
OOM = "ascend.runtime.npu-oom"


def ids(log: str) -> list[str]:
    return [d.signature_id for d in explain_text(log)]


def test_nothing_free_while_this_process_holds_little_is_another_process() -> None:
    # vllm-project/vllm-ascend#1670 (the thirteenth tuning half's b03): a privileged container
    # saw every NPU; the job landed on one in use. 7.47 MiB free of 60.96 GiB, 4.37 GiB its own.
    log = (
        "RuntimeError: NPU out of memory. Tried to allocate 88.00 MiB (NPU 0; 60.96 GiB total "
        "capacity; 4.24 GiB already allocated; 4.24 GiB current active; 7.47 MiB free; 4.37 GiB "
        "reserved in total by PyTorch) If reserved memory is >> allocated memory try setting "
        "max_split_size_mb to avoid fragmentation.\n"
    )
    found = ids(log)
    assert found[0] == OCCUPIED
    assert OOM in found
    # a device another process holds is the device's start (the layer rule: device busy or
    # occupied; the fix picks a free device), not the job's memory
    assert explain_text(log)[0].layer == "device_init"
    # the same report of an allocation under 1 KiB (PyTorch's format_size: "512 bytes"), and
    # with a per-process fraction set ("X allowed;", as PyTorch's CUDA allocator prints it)
    # (review-s19 L1)
    small = log.replace("Tried to allocate 88.00 MiB", "Tried to allocate 512 bytes")
    assert ids(small)[0] == OCCUPIED
    allowed = log.replace("7.47 MiB free; ", "7.47 MiB free; 4.37 GiB allowed; ")
    assert ids(allowed)[0] == OCCUPIED


@pytest.mark.parametrize(
    "line",
    [
        # vllm-project/vllm-ascend#19: 10.65 GiB of 60.97 held by this process (the allocator's
        # share is not small enough to say the rest is another's).
        "RuntimeError: NPU out of memory. Tried to allocate 22.00 MiB (NPU 0; 60.97 GiB total "
        "capacity; 10.24 GiB already allocated; 10.24 GiB current active; 19.52 MiB free; "
        "10.65 GiB reserved in total by PyTorch)",
        # sgl-project/sglang#29838: the job's own 58.39 GiB fill the card.
        "torch.OutOfMemoryError: NPU out of memory. Tried to allocate 72.00 MiB (NPU 0; 61.27 GiB "
        "total capacity; 56.05 GiB already allocated; 56.05 GiB current active; 5.04 MiB free; "
        "58.39 GiB reserved in total by PyTorch).",
        # vllm-project/vllm-ascend#1987: 1.66 GiB free, 58.95 GiB the job's own.
        "RuntimeError: NPU out of memory. Tried to allocate 3.47 GiB (NPU 0; 60.97 GiB total "
        "capacity; 58.92 GiB already allocated; 58.92 GiB current active; 1.66 GiB free; "
        "58.95 GiB reserved in total by PyTorch)",
    ],
)
def test_an_allocator_that_holds_much_of_the_device_is_the_jobs_own_size(line: str) -> None:
    found = ids(line + "\n")
    assert found[0] == OOM
    assert OCCUPIED not in found
    assert explain_text(line + "\n")[0].layer == "memory"  # the job's own size keeps memory


def test_a_clean_memory_report_is_no_failure() -> None:
    # Constructed negative: the same figures on an INFO line, with no out-of-memory report.
    log = (
        "INFO 07-03 19:33:28 [worker.py:295] Memory profiling takes 6.1 seconds; total memory "
        "60.96 GiB, 7.47 MiB free, 4.37 GiB reserved in total by PyTorch\n"
    )
    assert OCCUPIED not in ids(log)
