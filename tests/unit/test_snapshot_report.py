"""``check --snapshot`` takes a pasted report as ``--target`` and ``probe --from`` do
(outsider 23b, D16: it was refused as "not JSON"), and on a host with fewer NPUs than a step
needs, the summary says how many, not "needs an NPU" (D14: the host had one NPU, the step
needed two; "needs an NPU" sent the reader looking for a missing driver)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).parent.parent.parent
COMM = str(ROOT / "examples" / "six-repos" / "ascend-comm")  # its device tests need 2 NPUs

# https://github.com/opendatalab/MinerU/issues/3166 (os-release and npu-smi, cut after the
# first device: a one-NPU host)
KYLIN_910B4 = """\
[root@localhost service]# cat /etc/os-release
NAME="Kylin Linux Advanced Server"
VERSION="V10 (Sword)"
ID="kylin"
VERSION_ID="V10"
[root@localhost service]# npu-smi info
+------------------------------------------------------------------------------------------------+
| npu-smi 25.0.rc1.1               Version: 25.0.rc1.1                                           |
+---------------------------+---------------+----------------------------------------------------+
| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|
| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |
+===========================+===============+====================================================+
| 0     910B4               | OK            | 93.4        34                0    / 0             |
| 0                         | 0000:C1:00.0  | 0           0    / 0          2819 / 32768         |
+===========================+===============+====================================================+
"""


def test_a_pasted_report_is_a_snapshot_and_too_few_npus_are_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    report = tmp_path / "kylin.txt"
    report.write_text(KYLIN_910B4, encoding="utf-8")
    assert main(["check", COMM, "--snapshot", str(report)]) in (0, 1)
    screen = " ".join(capsys.readouterr().out.split())
    assert "1 x ascend 910B" in screen
    assert "1 step needs 2 NPUs (this machine has 1)" in screen
    assert "needs an NPU" not in screen
