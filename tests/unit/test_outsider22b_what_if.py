"""A ``--what-if`` value is held as this host's fact: ``solve --target 910B:8 --what-if
cann=8.0.RC2`` on a repo that documents CANN 9.0.0 (bigorange1024/ascendc@541ca73c:
README.md:82,190) said it runs here, exit 0. The design for a target set the repo's CANN lines
aside as lines that contradict each other, when what they contradicted was the value asked
about; and a driver held by a what-if counted as one to change. Both are the answer now:
blocked, exit 1 (/work/notes/outsider22b.md, item 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
ASCENDC = str(ROOT / "tests/fixtures/repos/outsider22b/ascendc")
NPU = str(ROOT / "tests/fixtures/hosts/linux-aarch64-ascend-910b-two-cann-toolkits")


def _solve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, str]]:
    code = main(["solve", ASCENDC, *args, "--json"])
    data = json.loads(capsys.readouterr().out)["data"]
    verdicts = data["resolution"]["verdicts"]  # the resolution under the what-if
    return code, {v["component"]: v["status"] for v in verdicts}


@pytest.mark.parametrize("change", ["cann=8.0.RC2", "ascend_driver=23.0.3"])
def test_a_what_if_below_what_the_repo_needs_blocks_it_on_a_target(
    capsys: pytest.CaptureFixture[str], change: str
) -> None:
    assert _solve(capsys, "--target", "910B:8", "--what-if", change) == (1, {"ascendc": "blocked"})


def test_a_what_if_the_repo_accepts_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert _solve(capsys, "--target", "910B:8", "--what-if", "cann=9.0.0") == (
        0,
        {"ascendc": "runs"},
    )


def test_a_driver_held_by_a_what_if_is_no_driver_to_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, verdicts = _solve(capsys, "--snapshot", NPU, "--what-if", "ascend_driver=23.0.3")
    assert (code, verdicts) == (1, {"ascendc": "blocked"})


def test_a_what_if_no_repo_names_still_brings_its_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--what-if torch_npu=2.1.0`` answered "no repo changes verdict": no repo names
    torch_npu, so its knowledge-base rows (torch_npu 2.1.0 -> CANN, Ascend/pytorch's
    COMPATIBILITY table) never joined. Held as the host's, they meet the CANN 9.0.0 the repo
    needs."""
    code, verdicts = _solve(capsys, "--target", "910B:8", "--what-if", "torch_npu=2.1.0")
    assert (code, verdicts) == (1, {"ascendc": "blocked"})
