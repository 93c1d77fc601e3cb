"""A literal number at the end or start of a signature's or FAQ entry's pattern is read whole
(issue 15: FaultDiag's ``cqeStatus=0x1`` matched ``cqeStatus=0x150000``; the FaultDiag side is
tested in test_triage_catalogues)."""

from __future__ import annotations

import re2

from bringup.triage.loader import load_signatures
from bringup.triage.signatures import engine_options
from bringup.triage.wholenumbers import bounded


def _matches(signature_id: str, line: str) -> bool:
    signature = next(s for s in load_signatures().signatures if s.id == signature_id)
    return any(
        re2.compile(p.encode(), engine_options()).search(line.encode()) for p in signature.finding
    )


def test_a_number_ending_a_signatures_pattern_is_read_whole() -> None:
    # hw-native-sys/PTOAS#784
    # (tests/fixtures/logs/ascend.runtime.device-open-failed/ptoas-784.log:12)
    opened = "        open device 4 failed, runtime result = 507033.[FUNC:ReportCallError]"
    assert _matches("ascend.runtime.device-open-failed", opened)
    assert not _matches("ascend.runtime.device-open-failed", opened.replace("507033", "5070331"))
    # vllm-project/vllm-ascend#5461
    # (tests/fixtures/logs/ascend.hccl.socket-timeout/vllm-ascend-5461.log:2)
    socket = "[PID: 749] 2025-12-29-03:16:15.787.356 Get_Socket_Timeout(EI0006): Getting socket"
    assert _matches("ascend.hccl.socket-timeout", socket)
    assert _matches("ascend.hccl.socket-timeout", "EI0006")  # at the line's end
    assert not _matches("ascend.hccl.socket-timeout", socket.replace("EI0006", "EI00061"))


def test_a_pattern_with_its_own_alternation_or_an_escaped_number_is_left_as_written() -> None:
    # a bound after the last branch would bind every branch; \x31 is an escape, not a number
    assert bounded(r"ret=507015|retCode=0x31") == r"ret=507015|retCode=0x31"
    assert bounded(r"retCode=\x31") == r"retCode=\x31"
    assert bounded(r"[a|b]=0x31") == r"[a|b]=0x31(?:[^0-9A-Fa-f]|(?m:$))"
    assert bounded(r"137 Killed") == r"(?m:^|[^0-9])137 Killed"
