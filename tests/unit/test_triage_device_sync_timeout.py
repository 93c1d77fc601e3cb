"""A synchronize that times out on the device (EE1002 stream sync timeout, ACL 507046; ACL
107020 task timeout) in a multi-rank job is a rank that hung, failed first or is slower, and
HCCL_EXEC_TIMEOUT bounds the wait (outsider11 #10: Ascend/pytorch#48 was first "Interface card
deadlock", device_init, restart and call Huawei; #43 "collect the log"). The signature
(ascend.hccl.device-sync-timeout) is built from CANN's EE1002 page and its HCCL_EXEC_TIMEOUT
and EI0002 pages (its source and see_also). The lines are the issues' own."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

# https://github.com/Ascend/pytorch/issues/48 (16 cards, HCCL_EXEC_TIMEOUT already set)
ISSUE_48 = (
    "W NPUStream.cpp:409] Warning: NPU warning, error code is 507046[Error]: \n"
    "[Error]: In the specified timeout waiting event, all tasks in the specified stream are "
    "not completed. \n"
    "EE1002: 2024-09-03-16:50:00.041.231 Stream synchronize timeout. rtDeviceSynchronize "
    "execute failed, reason=[stream sync timeout]\n"
    "        Possible Cause: 1. The timeout interval may be improperly set.\n"
    "        wait for compute device to finish failed, runtime result = 507046."
    "[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]\n"
    " (function npuSynchronizeUsedDevices)\n"
)
# https://github.com/Ascend/pytorch/issues/43 (worker-1 of a multi-node job)
ISSUE_43 = (
    "worker-1: EH9999: 2024-07-03-11:28:40.450.757  wait for compute device to finish failed, "
    "runtime result = 107020.[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]\n"
    "worker-1:         TraceBack (most recent call last):\n"
    "worker-1:  (function npuSynchronizeDevice)\n"
    "worker-1: [W NPUStream.cpp:365] Warning: NPU warning, error code is 107020[Error]: .\n"
    "worker-1: EH9999: Inner Error!\n"
    "worker-1:         rtDeviceSynchronize execute failed, reason=[task timeout]"
    "[FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]\n"
)


@pytest.mark.parametrize("log", [ISSUE_48, ISSUE_43], ids=["stream-sync-507046", "task-107020"])
def test_a_synchronize_timeout_points_to_the_ranks_and_hccl_exec_timeout(log: str) -> None:
    first = explain_text(log)[0]
    assert first.signature_id == "ascend.hccl.device-sync-timeout"
    assert first.layer == "communication"
    assert "HCCL_EXEC_TIMEOUT" in first.fix
    assert "first rank" in first.fix
