"""outsider14 D5: CANN 9.0.1, a patch release the knowledge base lists but no CANN <-> HDK
row names, had no driver floor: a 910B4 host on Ascend driver 24.1.1 got a clean environment
(exit 0) while 9.0.0 was told to change its driver to >= 25.5.1. A release of a series takes
the lowest floor of its series' released rows (``kb.floors``). The target is the tester's P1,
``npu-smi info`` from https://github.com/1Panel-dev/1Panel/issues/9472 (its first 13 lines)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.kb.query import spec_contains

HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
)
NPU_SMI = """[root@localhost ~]# npu-smi info
+------------------------------------------------------------------------------------------------+
| npu-smi 24.1.1                   Version: 24.1.1                                               |
+---------------------------+---------------+----------------------------------------------------+
| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|
| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |
+===========================+===============+====================================================+
| 0     910B4               | OK            | 88.2        30                0    / 0             |
| 0                         | 0000:C1:00.0  | 0           0    / 0          26838/ 32768         |
+===========================+===============+====================================================+
| 1     910B4               | OK            | 87.0        30                0    / 0             |
| 0                         | 0000:C2:00.0  | 0           0    / 0          29356/ 32768         |
+===========================+===============+====================================================+
"""


@pytest.mark.parametrize("cann", ["9.0.0", "9.0.1", "8.5.1"])
def test_a_cann_release_without_a_row_takes_its_series_driver_floor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cann: str
) -> None:
    repo = tmp_path / "c"
    repo.mkdir()
    (repo / "bringup.toml").write_text(
        f'name = "c"\n[[requirements]]\nsubject = "cann"\nspec = "=={cann}"\n'
    )
    target = tmp_path / "r1.txt"
    target.write_text(NPU_SMI)
    code = main(["check", str(repo), "--target", str(target), "--snapshot", str(HOST)])
    out = capsys.readouterr().out
    assert code == 1
    assert "changing the Ascend driver 24.1.1 to >=" in " ".join(out.split())


def test_a_series_floor_is_its_released_rows_lowest_for_releases_without_a_row() -> None:
    rows = [s.rule for s in load_knowledge_base()._scoped_rules if "-series-floor" in s.rule.id]
    by_id = {(r.subject, r.spec.split(",")[0], r.then_subject): r for r in rows}
    # 8.5.0 and 8.5.2 need >= 25.5.1; 8.5.0.alpha001's >= 25.2.0 is a pre-release's
    floor85 = by_id[("cann", "==8.5.*", "ascend_driver")]
    assert floor85.then_spec == ">=25.5.1"
    floor90 = by_id[("cann", "==9.0.*", "ascend_driver")]
    assert floor90.then_spec == ">=25.5.1"
    assert spec_contains(floor90.spec, "cann", "9.0.1")
    assert not spec_contains(floor90.spec, "cann", "9.0.0")  # 9.0.0 has its own row
    assert not any(r.subject == "cuda" and not r.hard for r in rows)
