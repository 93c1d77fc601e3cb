"""torch_npu's own check answering False places a report at the device's bring-up: the process
sees no NPU."""

from __future__ import annotations

import pytest

from bringup.triage.explain import explain_text


@pytest.mark.parametrize(
    "line",
    [
        # ray-project/ray#59063 (tests/data/triage_twentyfirst c01, tuning): the title
        "[Core, NPU] `torch.npu.is_available()` Returns False When Running Under 'ray job summit'",
        # the same thread's report of its result
        "Results: `ray status` returns normally while `torch.npu.is_available()` is FALSE",
        # Project-HAMi/ascend-device-plugin#139 (tests/data/triage_eighth b18): the reporter's check
        "torch.npu.is_available() == False",
    ],
)
def test_torch_npus_check_answering_false_is_device_init(line: str) -> None:
    found = explain_text(line + "\n")
    assert [(d.signature_id, d.layer) for d in found[:1]] == [
        ("line.device-init.driver", "device_init")
    ]


def test_the_check_answering_true_is_no_failure() -> None:
    # the true answer the same thread expected
    assert explain_text("`torch.npu.is_available()` should return `True`\n") == []
