"""With a pasted target report, the table said "environment 1" on the target for a repo that
the same output set aside from the plan because the target's driver is too old for its CANN
(session-23 outside tester, D4). The target column and the plan now say the same: a design
for a target may change its driver (outsider22b #11), so the repo has its environment after
that change and nothing sets it aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
ASCENDC = str(ROOT / "tests/fixtures/repos/outsider22b/ascendc")  # CANN 9.0.0 (its SOURCE.md)
# an A2 host with driver 25.0.rc1.1 (https://github.com/vllm-project/vllm-ascend/issues/4621)
A2_REPORT = str(ROOT / "tests/data/outsider23o/report_910b2c_cann83rc2.txt")


def test_a_repo_set_aside_on_the_target_is_not_given_an_environment_there(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    main(["check", ASCENDC, "--target", A2_REPORT])
    lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    row = next(line for line in lines if line.startswith("ascendc "))
    assert row.startswith("ascendc environment 1 after changing the Ascend driver 25.0.rc1.1 to")
    assert not any("set aside from the plan" in line for line in lines)


def test_on_a_target_it_fits_the_repo_keeps_its_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    main(["check", ASCENDC, "--target", "910B:8"])
    lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert next(line for line in lines if line.startswith("ascendc ")).startswith(
        "ascendc environment 1 "
    )
