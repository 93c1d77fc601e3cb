"""outsider26 #4 and #6 on databricks/megablocks@78eea65 (setup.py and requirements.txt as the
repo has them): requirements.txt:2 pins triton==2.1.0 beside setup.py:65 torch>=2.7.0,<2.7.1,
while torch 2.7.0's own wheel requires triton==3.3.0 (PyPI METADATA, torch_triton.toml). The
environment was "fine"; and where a design sets a repo's contradicting lines aside, ``check``
said "set aside" and exit 1 while ``solve`` said one environment and exit 0."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main

MEGABLOCKS = Path(__file__).resolve().parents[1] / "fixtures/repos/outsider26b/megablocks"


def _megablocks(tmp_path: Path, requirements: str | None = None) -> Path:
    root = tmp_path / "megablocks"
    root.mkdir()
    shutil.copy(MEGABLOCKS / "setup.py", root / "setup.py")
    if requirements is None:
        shutil.copy(MEGABLOCKS / "requirements.txt", root / "requirements.txt")
    else:
        (root / "requirements.txt").write_text(requirements, encoding="utf-8")
    return root


def _out(capsys: pytest.CaptureFixture[str]) -> str:
    return " ".join(capsys.readouterr().out.split())


def test_torchs_own_triton_pin_is_a_constraint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    repo = str(_megablocks(tmp_path))
    assert main(["check", repo, "--target", "A100:8"]) == 1
    out = _out(capsys)
    assert "torch == 2.7.0 needs triton == 3.3.0 (kb:torch_triton/torch-2.7.0-triton" in out
    assert "megablocks needs triton == 2.1.0 (requirements.txt:2)" in out
    assert main(["kb", "why", "torch==2.7.0", "triton==2.1.0"]) != 0
    assert "INCOMPATIBLE" in _out(capsys)


def test_check_and_solve_give_one_verdict_on_lines_set_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """#6: the design places the repo without its contradicting lines; check's target column
    names that environment and the conflict, solve lists the lines and exits 1 as check does."""
    monkeypatch.setenv("COLUMNS", "200")
    repo = str(_megablocks(tmp_path))
    check = main(["check", repo, "--target", "A100:8"])
    assert "megablocks environment 1 once conflict 1 is resolved" in _out(capsys)
    assert main(["solve", repo, "--target", "A100:8", "--json"]) == check == 1
    data = json.loads(capsys.readouterr().out)["data"]
    assert any("requirements.txt:2" in aside["text"] for aside in data["set_aside"])
    # as data too, not only a sentence (outsider26 re-test N4: the conflict was lost in --json)
    sources = [item["source"] for aside in data["set_aside"] for item in aside["items"]]
    assert any(s["ref"].endswith("requirements.txt") and s.get("line") == 2 for s in sources)
    verdict = data["resolution"]["verdicts"][0]
    assert verdict["status"] == "blocked"
    assert main(["solve", repo, "--target", "A100:8"]) == 1
    assert "set aside from the plan (the repo runs once they are resolved)" in _out(capsys)


def test_the_triton_torch_pins_stays_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The case that stays: triton==3.3.0 (constructed requirements.txt, the pin torch 2.7.0's
    METADATA names) beside the same setup.py: one environment, nothing set aside, solve 0."""
    monkeypatch.setenv("COLUMNS", "200")
    repo = str(_megablocks(tmp_path, "stanford-stk>=0.0.6\ntriton==3.3.0\n"))
    assert main(["solve", repo, "--target", "A100:8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert data["set_aside"] == []
    assert data["resolution"]["verdicts"][0]["status"] in ("runs", "runs_after")
    main(["check", repo, "--target", "A100:8"])
    out = _out(capsys)
    assert "megablocks environment 1 " in out
    assert "conflict" not in out


def test_the_x86_64_pin_is_no_bound_on_an_aarch64_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 26b M2: torch 2.7.0's Requires-Dist pins triton only where platform_machine ==
    'x86_64'. On the aarch64 Atlas 800T A2 host of hiyouga/LlamaFactory#4836
    (tests/data/outsider22b) a constructed requirements.txt (torch==2.7.0, triton==3.2.0)
    contradicts nothing (the A100:8 target, arch unknown, keeps the row: the tests above)."""
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "requirements.txt").write_text("torch==2.7.0\ntriton==3.2.0\n", "utf-8")
    target = str(Path(__file__).resolve().parents[1] / "data/outsider22b/llamafactory_4836_env.txt")
    assert main(["solve", str(tmp_path), "--target", target, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["data"]
    assert not data["set_aside"]
