"""A checkout whose code lies in submodules not fetched is unknown until they are, not "runs
here" (outsider26 re-test N10). The .gitmodules below is real:
maoxx241/vllm-ascend-workspace@d403d8eeb2dd .gitmodules:1-8 (outsider7's checkout, both
submodule folders empty); the repo around it is reduced to that file and its empty folders."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main

GITMODULES = """[submodule "vllm-ascend"]
\tpath = vllm-ascend
\turl = https://github.com/vllm-project/vllm-ascend.git
\tbranch = main
[submodule "vllm"]
\tpath = vllm
\turl = https://github.com/vllm-project/vllm.git
\tbranch = main
"""
# databricks/megablocks@78eea65fda01 setup.py (outsider26b's copy): a build of its own
MEGABLOCKS = Path(__file__).resolve().parents[1] / "fixtures/repos/outsider26b/megablocks"


def _out(capsys: pytest.CaptureFixture[str]) -> str:
    return " ".join(capsys.readouterr().out.split())


def _workspace(tmp_path: Path, *, fetched: bool = False) -> Path:
    root = tmp_path / "vllm-ascend-ws"
    root.mkdir()
    (root / ".gitmodules").write_text(GITMODULES, encoding="utf-8")
    for name in ("vllm-ascend", "vllm"):
        (root / name).mkdir()
        if fetched:
            shutil.copy(MEGABLOCKS / "setup.py", root / name / "setup.py")
    return root


def test_a_workspace_of_unfetched_submodules_is_unknown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    root = _workspace(tmp_path)
    code = main(["check", str(root)])
    out = _out(capsys)
    assert "runs here" not in out
    assert "unknown until 2 submodules are fetched (vllm-ascend, vllm)" in out
    assert code == 1
    assert main(["solve", str(root)]) == 1
    assert "unknown until 2 submodules are fetched" in _out(capsys)


def test_fetched_submodules_leave_the_verdict_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    main(["check", str(_workspace(tmp_path, fetched=True))])
    assert "unknown until" not in _out(capsys)


def test_a_repo_with_a_build_of_its_own_is_known_and_runs_after_the_fetch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # constructed: the same .gitmodules beside megablocks' setup.py as the repo's own build
    monkeypatch.setenv("COLUMNS", "200")
    root = _workspace(tmp_path)
    shutil.copy(MEGABLOCKS / "setup.py", root / "setup.py")
    main(["check", str(root)])
    assert "unknown until" not in _out(capsys)
    main(["check", str(root), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["status"] == "runs_after"  # outsider13 D18: the fetch is part of it
    assert verdict["text"].startswith("runs here after fetching 2 submodules (vllm-ascend, vllm)")
