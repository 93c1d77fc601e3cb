"""One question asked two ways gets one answer (outsider22b #11): a CANN 9.0.0 repo and the
Atlas 800T A2 report of hiyouga/LlamaFactory#4836 (driver 23.0.3). ``--snapshot`` said "runs
here after changing the Ascend driver" beside a conflict headed "it cannot run here";
``--target`` set the repo's CANN line aside and planned it, with no CANN, as "environment 1".
Now the target's design changes the driver as this machine's verdict does, and both say so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

REPORT = Path(__file__).parent.parent / "data" / "outsider22b" / "llamafactory_4836_env.txt"
# bigorange1024/ascendc@541ca73c1931f5d6d9cf34a18e9ad7f27b3437b5 README.md:78-82 (the CANN row
# without its bracketed note on Toolkit + 910-ops)
CANN = "## 当前状态\n\n| 项目 | 说明 |\n|------|------|\n| CANN 社区版 | **9.0.0** |\n"


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "ascendc"
    root.mkdir()
    (root / "README.md").write_text(CANN, encoding="utf-8")
    return root


def test_the_target_asks_for_a_driver_change_and_keeps_cann(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", str(_repo(tmp_path)), "--target", str(REPORT)])
    out = capsys.readouterr().out
    assert "environment 1 after changing the Ascend driver 23.0.3 to " in out
    assert "CANN 9.0.0" in out.split("planned for the host")[1]


def test_the_snapshot_says_the_same_and_its_conflict_agrees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    snapshot = tmp_path / "snap.json"
    main(["probe", "--from", str(REPORT), "--json"])
    snapshot.write_text(capsys.readouterr().out, encoding="utf-8")
    main(["check", str(_repo(tmp_path)), "--snapshot", str(snapshot)])
    out = capsys.readouterr().out
    assert "runs here after changing the Ascend driver" in out
    assert "it cannot run here" not in out
    assert "it runs here only after changing the Ascend driver" in out


def test_solve_for_the_target_keeps_cann_and_exits_1_for_the_driver(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = _repo(tmp_path)
    code = main(["solve", str(repo), "--target", str(REPORT), "--json"])
    out = capsys.readouterr().out
    assert code == 1  # the driver must change, and --allow-driver-change was not given
    assert '"subject":"cann","version":"9.0.0"' in out.replace(" ", "").replace("\n", "")
    assert main(["solve", str(repo), "--target", str(REPORT), "--allow-driver-change"]) == 0


def test_check_for_the_target_exits_as_solve_does(tmp_path: Path) -> None:
    """Review 23 #2: ``check --target`` exited 0 for the same driver change ``solve`` exits 1
    for, with or without ``--allow-driver-change``."""
    repo = _repo(tmp_path)
    assert main(["check", str(repo), "--target", str(REPORT), "--json"]) == 1
    assert main(["check", str(repo), "--target", str(REPORT), "--allow-driver-change"]) == 0


def test_the_next_actions_name_the_targets_driver_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """outsider23 D28: with ``--target`` the next actions named only this machine's installs;
    the change an admin makes on the target (its driver, to the bound cann_hdk.toml's
    cann_hdk-9.0.0 row sets, hicann/release-management 9.0.0 release notes) was never said,
    and the table said "to 26.1.0", the newest release, as if that were the need."""
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", str(_repo(tmp_path)), "--target", str(REPORT), "--allow-driver-change"])
    out = " ".join(capsys.readouterr().out.split())
    assert "environment 1 after changing the Ascend driver 23.0.3 to >= 25.5.1" in out
    actions = out.split("Next actions")[1]
    assert actions.startswith(
        " 1. on the target: change the Ascend driver from 23.0.3 to a version >= 25.5.1,"
        " for CANN 9.0.0 (as root)"
    )


def test_this_machines_driver_change_is_no_install_into_an_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same report as ``--snapshot``: the plan said "install Ascend driver 26.1.0 for
    environment 1"; a driver is the host's, changed to what the CANN row needs."""
    monkeypatch.setenv("COLUMNS", "200")
    snapshot = tmp_path / "snap.json"
    main(["probe", "--from", str(REPORT), "--json"])
    snapshot.write_text(capsys.readouterr().out, encoding="utf-8")
    main(["check", str(_repo(tmp_path)), "--snapshot", str(snapshot), "--allow-driver-change"])
    out = " ".join(capsys.readouterr().out.split())
    assert "install Ascend driver" not in out
    assert "change the Ascend driver to a version >= 25.5.1" in out


def test_the_json_next_actions_name_it_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["check", str(_repo(tmp_path)), "--target", str(REPORT), "--allow-driver-change"]
    main([*argv, "--json"])
    actions = json.loads(capsys.readouterr().out)["data"]["next_actions"]
    assert actions[0] == (
        "on the target: change the Ascend driver from 23.0.3 to a version >= 25.5.1,"
        " for CANN 9.0.0 (as root)"
    )
