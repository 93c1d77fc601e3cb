"""Pasted npu-smi tables and the prose around them (outsider 23b, D8, D9): a headless
fragment of 310P3 rows (a 5-digit NPU id: 32768) was not read as npu-smi at all, and the
chip came from the issue's title only; a 910PremiumA table's chip came from the shell
prompt's host name (``[root@bms-910a-01 vllm]#``). The rows are the devices; a prompt's
host name names no chip."""

from __future__ import annotations

from bringup.backends.ascend import keys as ascend_keys
from bringup.probe.importers import import_report

# https://github.com/vllm-project/vllm-ascend/issues/2809 (the title and the rows pasted)
FRAGMENT_310P = """\
# [Bug]: 310p vllm 0.9.1 demo测试失败
```text
+===============================+=================+======================================================+
| 32768   310P3                 | OK              | NA           56                0     / 0             |
| 0       3                     | 0000:81:00.0    | 0            1846 / 21527                            |
+===============================+=================+======================================================+
| 32800   310P3                 | OK              | NA           59                0     / 0             |
| 0       4                     | 0000:82:00.0    | 0            1844 / 21527                            |
+===============================+=================+======================================================+
"""  # noqa: E501

# https://github.com/vllm-project/vllm-ascend/issues/13540 (the prompt and the table's head)
PREMIUM_910A = """\
[root@bms-910a-01 vllm]# npu-smi info
+------------------------------------------------------------------------------------------------+
| npu-smi 25.5.2                   Version: 25.5.2                                               |
+---------------------------+---------------+----------------------------------------------------+
| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|
| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |
+===========================+===============+====================================================+
| 0     910PremiumA         | OK            | 83.6        32                0    / 0             |
| 0                         | 0000:C1:00.0  | 0           1176 / 13552      0    / 32768         |
+===========================+===============+====================================================+
"""


def test_a_headless_310p_fragment_lists_its_devices() -> None:
    snapshot = import_report(FRAGMENT_310P, "r.txt")
    assert [(a.name, a.family) for a in snapshot.accelerators] == [("310P3", "310P")] * 2
    assert [a.source.line for a in snapshot.accelerators] == [4, 7]


def test_a_prompts_host_name_names_no_chip() -> None:
    snapshot = import_report(PREMIUM_910A, "r.txt")
    assert [(a.family, a.source.line) for a in snapshot.accelerators] == [("910", 8)]
    assert snapshot.fact(ascend_keys.ASCEND_CHIP) is None
    prompt_only = import_report(PREMIUM_910A.splitlines()[0] + "\n", "r.txt")
    assert prompt_only.fact(ascend_keys.ASCEND_CHIP) is None
