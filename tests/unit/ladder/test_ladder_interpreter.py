"""``bringup ladder`` with neither --python nor --env runs the rungs in the python3 on PATH,
often bringup's own environment, which has no torch: it says so and how to point it at the
job's environment, instead of only the generic "module not installed" fix. Planted rung
programs print the evidence the device rung prints there (the outside tester's run:
"ModuleNotFoundError in runtime: No module named 'torch'"), so nothing depends on what this
machine has installed."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from bringup.cli import ladder as cli_ladder
from bringup.cli.main import main
from bringup.ladder.model import LadderResult, Peaks, Rung
from bringup.ladder.run import missing_runtime, run_ladder

NO_TORCH = (
    'import json\nprint(json.dumps({"phase": "runtime", "error": {"phase": "runtime", '
    '"type": "ModuleNotFoundError", "message": "No module named \'torch\'"}}))\n'
)


def _rung(tmp_path: Path) -> Rung:
    script = tmp_path / "device.py"
    script.write_text(NO_TORCH)
    return Rung(
        id="device-init",
        title="device",
        backend="cpu",
        layer="device_init",
        judge="device",
        program=str(script),
        expected_s={"quick": 0.1},
        timeout_s={"quick": 30.0},
    )


def _planted(tmp_path: Path) -> Any:
    """``run_ladder`` with the planted rung in place of the backend's."""

    def run(backend: str, python: str, level: Any, *args: Any, **kwargs: Any) -> LadderResult:
        kwargs.update(rungs=[_rung(tmp_path)], peaks=Peaks(), log_dir=tmp_path / "logs")
        return run_ladder(backend, python, level, *args, **kwargs)

    return run


def test_the_missing_runtime_is_read_from_the_failing_rung(tmp_path: Path) -> None:
    result = _planted(tmp_path)("cpu", sys.executable, "quick")
    assert missing_runtime(result) == "torch"
    assert cli_ladder.interpreter_notes(result, chosen=False) == ()


@pytest.mark.parametrize("as_json", [False, True])
def test_no_options_and_no_torch_says_whose_interpreter_and_suggests_python_or_env(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    as_json: bool,
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: sys.executable)
    monkeypatch.setattr(cli_ladder, "run_ladder", _planted(tmp_path))
    logs = ["--logs", str(tmp_path / "logs")]
    assert main(["ladder", "--backend", "cpu", *logs, *(["--json"] if as_json else [])]) == 1
    out = capsys.readouterr().out
    said = " ".join(json.loads(out)["data"]["notes"]) if as_json else " ".join(out.split())
    assert "bringup's own environment: neither --python nor --env was given" in said
    assert "which has no torch" in said
    assert "--python PATH or --env DIR" in said


def test_a_named_interpreter_gets_no_such_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_ladder, "run_ladder", _planted(tmp_path))
    logs = ["--logs", str(tmp_path / "logs")]
    assert main(["ladder", "--backend", "cpu", "--python", sys.executable, *logs]) == 1
    assert "note:" not in capsys.readouterr().out
