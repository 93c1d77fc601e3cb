"""outsider14 D5: CANN 9.0.1, a patch release the knowledge base lists but no CANN <-> HDK
row names, had no driver floor: a 910B4 host on Ascend driver 24.1.1 got a clean environment
(exit 0) while 9.0.0 was told to change its driver to >= 25.5.1. A release of a series takes
the lowest floor of its series' released rows (``kb.floors``). The target is the tester's P1,
``npu-smi info`` from https://github.com/1Panel-dev/1Panel/issues/9472 (its first 13 lines)."""

from __future__ import annotations

import json
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


def test_a_release_without_a_row_takes_the_floor_of_the_latest_release_before_it() -> None:
    kb = load_knowledge_base()
    rows = {
        s.rule.spec: s.rule for s in kb._scoped_rules if s.rule.id.endswith("-floor/ascend_driver")
    }
    assert rows["==9.0.1"].then_spec == ">=25.5.1"  # 9.0.0's
    assert rows["==8.5.1"].then_spec == ">=25.5.1"  # 8.5.0's, not 8.5.0.alpha001's 25.2.0
    assert "==9.0.0" not in rows  # it has its own row
    # pre-releases stay unknown: the newest CANN < 8.1 on driver 24.1.rc1 is still 8.0.RC2,
    # not 8.0.RC3.beta1 with 8.0.RC2's floor
    assert kb.newest("cann", ["<8.1"], given=["ascend_driver==24.1.rc1"]) == "8.0.RC2"
    assert not any(r.subject == "cuda" for r in rows.values())
    assert spec_contains(rows["==9.0.1"].spec, "cann", "9.0.1")


@pytest.mark.parametrize(
    ("cann", "nearest"),
    [("9.2.0", "CANN 9.1.0 needs Ascend driver >=26.1.0"), ("7.5.0", "CANN 7.0.1 needs")],
)
def test_a_release_the_knowledge_base_does_not_list_is_unverified_on_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cann: str, nearest: str
) -> None:
    """An unlisted release (no row, no release record) was still planned "environment 1" on
    the target, as if it fitted: it is unverified there, with the nearest row that is known."""
    repo = tmp_path / "c"
    repo.mkdir()
    (repo / "bringup.toml").write_text(
        f'name = "c"\n[[requirements]]\nsubject = "cann"\nspec = "=={cann}"\n'
    )
    target = tmp_path / "r1.txt"
    target.write_text(NPU_SMI)
    code = main(["check", str(repo), "--target", str(target), "--snapshot", str(HOST), "--json"])
    row = json.loads(capsys.readouterr().out)["data"]["verdicts"][0]["on_target"]
    assert code == 1
    assert row["status"] == "environment_unverified"
    assert f"CANN {cann} is not in the knowledge base" in row["text"]
    assert f"nearest: {nearest}" in row["text"]
    assert "kb:cann_hdk/" in row["text"]  # the known row's source
