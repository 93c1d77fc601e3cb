"""``solve --what-if ascend_driver=24.1.0`` said a repo "runs" with CANN 9.1.0-beta.3, a release
no row of cann_hdk.toml pairs with any driver, while CANN 9.0.0 needs >= 25.5.1 (session-23
outside tester, D5). A toolkit pin whose pairing with the host's known driver no row covers is
unverified, never "runs"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

# Constructed manifest: a repo that asks for one CANN (the tester's 9.1 pre-release, or 9.0.0).
MANIFEST = """role = "comm"

[[requirements]]
subject = "cann"
spec = "{spec}"
text = "constructed"
"""


def _status(tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, driver: str) -> str:
    repo = tmp_path / "r"
    repo.mkdir()
    (repo / "bringup.toml").write_text(MANIFEST.format(spec=spec), encoding="utf-8")
    args = ("--what-if", f"ascend_driver={driver}")
    main(["solve", str(repo), "--target", "910B:8", "--json", *args])
    document = json.loads(capsys.readouterr().out)["data"]
    (verdict,) = document["resolution"]["verdicts"]
    return str(verdict["status"])


def test_a_driver_no_row_pairs_with_the_cann_is_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(tmp_path, capsys, ">=9.1.0-beta.1,<9.1.0", "24.1.0") == "unverified"


def test_a_driver_a_row_pairs_with_the_cann_keeps_its_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # kb cann_hdk-9.0.0: CANN 9.0.0 needs driver >= 25.5.1
    assert _status(tmp_path, capsys, "==9.0.0", "25.5.1") == "runs_after"
