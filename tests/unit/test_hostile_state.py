"""Hostile state, never a traceback or a hang: a recorded host whose output files are not
UTF-8 (read as a live command's), a FIFO (read as empty) or a directory (named); for the
commands that read ``up``'s history, a history file that is not a database and run ids or
limits past what SQLite stores; an environment whose directory was removed by hand or whose
activation file is damaged (bad input, exit 2, one located error with the way back)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.run.history import History


def _history(tmp_path: Path) -> Path:
    """A state directory holding an empty, valid history."""
    with History(tmp_path / "history.sqlite3"):
        pass
    return tmp_path


@pytest.mark.parametrize(
    "argv",
    [["history"], ["history", "1"], ["env", "print", "1"], ["diff", "run:1", "run:1"]],
)
def test_a_history_file_that_is_not_a_database_is_bad_input(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"\x13\x37garbage, not SQLite" * 300)
    assert main([*argv, "--state", str(tmp_path)]) == 2
    assert "not a usable history database" in capsys.readouterr().err


def test_a_damaged_history_names_its_file_and_a_way_out(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"\xff" * 4096)
    with pytest.raises(InputError, match="not a usable history database") as raised:
        History(path)
    assert raised.value.path == str(path)
    assert raised.value.hint is not None
    assert "--state" in raised.value.hint


def test_a_directory_where_the_history_file_goes_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").mkdir()
    with pytest.raises(InputError, match="not a usable history database"):
        History(tmp_path / "history.sqlite3")


def test_another_programs_tables_are_bad_input(tmp_path: Path) -> None:
    import sqlite3

    db = sqlite3.connect(str(tmp_path / "history.sqlite3"))
    db.execute("CREATE TABLE runs (x)")
    db.commit()
    db.close()
    with pytest.raises(InputError, match="not a usable history database"):
        History(tmp_path / "history.sqlite3")


HUGE = "9" * 30


@pytest.mark.parametrize(
    "argv",
    [["history", HUGE], ["history", "--limit", HUGE], ["diff", f"run:{HUGE}", "run:1"]],
)
def test_an_id_or_limit_past_sqlites_integers_is_no_crash(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    state = _history(tmp_path)
    code = main([*argv, "--state", str(state), "--json"])
    envelope = json.loads(capsys.readouterr().out)
    assert code == (0 if "--limit" in argv else 2)
    assert envelope["exit_code"] == code


HOST = (
    Path(__file__).parents[1]
    / "fixtures"
    / "hosts"
    / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
)


def _host_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of a recorded host and its first command's stdout file."""
    host = tmp_path / "host"
    shutil.copytree(HOST, host, symlinks=True)
    return host, host / "out" / "001-uname.txt"


def test_a_recorded_output_that_is_not_utf8_is_read_as_a_live_one(tmp_path: Path) -> None:
    host, stdout = _host_copy(tmp_path)
    stdout.write_bytes(b"x86_64\xff\xfe\n")
    assert main(["probe", "--replay", str(host), "--json"]) == 0


def test_a_recorded_output_that_is_a_fifo_does_not_block(tmp_path: Path) -> None:
    host, stdout = _host_copy(tmp_path)
    stdout.unlink()
    os.mkfifo(stdout)
    assert main(["probe", "--replay", str(host), "--json"]) == 0


def test_a_recorded_output_that_is_a_directory_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host, stdout = _host_copy(tmp_path)
    stdout.unlink()
    stdout.mkdir()
    assert main(["probe", "--replay", str(host)]) == 2
    assert "stdout file out/001-uname.txt: a directory, not a file" in capsys.readouterr().err


def _environment(tmp_path: Path) -> Path:
    """A history naming environment 1 at a directory that is not there (removed by hand)."""
    from bringup.run.history import EnvironmentRow

    with History(tmp_path / "history.sqlite3") as history:
        history.save_environment(
            EnvironmentRow(
                stack="s",
                index=1,
                path=str(tmp_path / "envs" / "s" / "env-1"),
                python="3.11",
                fingerprint="f",
                components=("ops",),
                created_at="2026-12-04T00:00:00+00:00",
            )
        )
    return tmp_path / "envs" / "s" / "env-1"


@pytest.mark.parametrize("verb", ["print", "shell"])
def test_an_environment_removed_by_hand_is_bad_input(
    verb: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _environment(tmp_path)
    assert main(["env", verb, "1", "--state", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "cannot read the environment's" in err
    assert "run `bringup up` again" in err


def test_a_damaged_activation_file_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = _environment(tmp_path)
    made.mkdir(parents=True)
    (made / "bringup-activation.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["env", "shell", "1", "--state", str(tmp_path)]) == 2
    assert "bringup-activation.json is damaged" in capsys.readouterr().err


def test_a_run_whose_snapshot_cannot_be_read_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A snapshot another bringup version wrote, or a damaged one: diff said exit 3."""
    with History(tmp_path / "history.sqlite3") as history:
        snapshot = history.add_snapshot("2026-12-04T00:00:00+00:00", "host", b'{"taken_at": 5}')
        history.start_run(
            stack="s",
            paths=("/r",),
            snapshot_id=snapshot,
            argv=("up",),
            resolution=b"{}",
            plan=b"{}",
        )
    assert main(["diff", "run:1", "run:1", "--state", str(tmp_path)]) == 2
    assert "run 1's snapshot cannot be read" in capsys.readouterr().err
