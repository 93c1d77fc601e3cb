"""A rung blocked behind a blocked rung names the root once (outside tester 23b, D19:
"operators was blocked (device-init was blocked (no torch ...)))"); the ladder says where its
logs are and writes them where ``--logs`` points; times are shown as the range measured or
as an estimate (outside tester 23c, D16). Planted rung programs run in bringup's own
interpreter; the no-torch evidence is what the device rung prints without torch."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import pytest

from bringup.cli import ladder as cli_ladder
from bringup.cli.main import main
from bringup.ladder.model import Peaks, Rung, time_range
from bringup.ladder.run import run_ladder

NO_TORCH = (
    'import json\nprint(json.dumps({"phase": "runtime", "error": {"phase": "runtime", '
    '"type": "ModuleNotFoundError", "message": "No module named \'torch\'"}}))\n'
)


def _rung(tmp_path: Path, rung_id: str, requires: tuple[str, ...] = ()) -> Rung:
    script = tmp_path / "device.py"
    script.write_text(NO_TORCH)
    return Rung(
        id=rung_id,
        title=rung_id,
        backend="cpu",
        layer="device_init",
        judge="device",
        program=str(script),
        requires=requires,
        expected_s={"quick": 7.0},
        fastest_s={"quick": 1.6},
        timeout_s={"quick": 30.0},
    )


def _three(tmp_path: Path) -> list[Rung]:
    return [
        _rung(tmp_path, "device-init"),
        _rung(tmp_path, "operators", ("device-init",)),
        _rung(tmp_path, "communication", ("operators",)),
    ]


def test_a_rung_behind_a_blocked_rung_names_the_root_once(tmp_path: Path) -> None:
    result = run_ladder(
        "cpu", sys.executable, "quick", rungs=_three(tmp_path), peaks=Peaks(), log_dir=tmp_path
    )
    device, operators, communication = result.results
    assert device.verdict == operators.verdict == communication.verdict == "BLOCKED"
    assert operators.reason == f"device-init was blocked: {device.reason}"
    assert communication.reason == operators.reason
    assert "(" not in operators.reason.replace(device.reason, "")


def _planted(tmp_path: Path) -> object:
    def run(backend: str, python: str, level: str, *args: object, **kwargs: object) -> object:
        kwargs.update(rungs=_three(tmp_path), peaks=Peaks())
        return run_ladder(backend, python, level, *args, **kwargs)  # type: ignore[arg-type]

    return run


@pytest.mark.parametrize("as_json", [False, True])
def test_the_ladder_writes_its_logs_where_logs_points_and_says_where(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    as_json: bool,
) -> None:
    monkeypatch.setattr(cli_ladder, "run_ladder", _planted(tmp_path))
    logs = tmp_path / "made" / "logs"
    argv = ["ladder", "--backend", "cpu", "--python", sys.executable, "--logs", str(logs)]
    assert main([*argv, *(["--json"] if as_json else [])]) == 1
    out = capsys.readouterr().out
    if as_json:
        assert json.loads(out)["data"]["log_dir"] == str(logs)
    else:
        assert f"logs: {logs}\n" in out
        assert "(2-7 s)" in out  # the rung's measured range, not "~7 s"
    assert [p.name for p in logs.iterdir()] == ["device-init.log"]  # the others never ran


def test_without_logs_a_new_temporary_directory_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_ladder, "run_ladder", _planted(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert main(["ladder", "--backend", "cpu", "--python", sys.executable, "--json"]) == 1
    log_dir = Path(json.loads(capsys.readouterr().out)["data"]["log_dir"])
    assert log_dir.parent == tmp_path
    assert log_dir.name.startswith("bringup-ladder-")
    assert (log_dir / "device-init.log").is_file()


def test_a_time_is_a_measured_range_or_an_estimate() -> None:
    assert time_range(1.6, 7.0) == "2-7 s"
    assert time_range(None, 10.0) == "~10 s"
    assert time_range(None, None) == ""


def test_the_cpu_ladders_quick_times_are_the_measured_ranges(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["ladder", "--backend", "cpu", "--list"]) == 0
    out = capsys.readouterr().out
    assert "communication  communication        5-23 s     ~30 s   ~60 s  operators" in out
    assert "a range (2-7 s) was measured" in out
