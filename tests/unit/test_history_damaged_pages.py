"""A history whose header opens but whose pages are damaged (a disk fault, a copy cut short):
every command that reads it said "this is a bug in bringup" (exit 3) with SQLite's traceback,
"database disk image is malformed", where ``check`` already warned (review43 M1). Each says
what is wrong and the file, exit 2, as a file that does not open at all."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.run.history import History
from bringup.run.historyschema import unusable


def _damaged(state: Path) -> Path:
    state.mkdir()
    with History(state / "history.sqlite3") as history:
        for number in range(30):  # rows over several pages, past the first
            history.start_run(
                stack=f"s{number}", paths=("/src/a",), snapshot_id=None, argv=("up",),
                resolution=b"{}" * 300, plan=b"{}" * 300,
            )  # fmt: skip
    database = state / "history.sqlite3"
    data = database.read_bytes()
    page = int.from_bytes(data[16:18], "big")  # the page size, at offset 16 of SQLite's header
    database.write_bytes(data[:page] + b"\xde" * (len(data) - page))
    return database


@pytest.mark.parametrize(
    "argv",
    [["history"], ["history", "1"], ["diff"], ["env", "print", "1"], ["history", "--json"]],
)
def test_a_history_damaged_past_its_header_is_bad_input_at_its_path(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = _damaged(tmp_path / "state")
    assert main([*argv, "--state", str(database.parent)]) == 2
    said = capsys.readouterr()
    if "--json" in argv:
        error = json.loads(said.out)["error"]
        assert error["kind"] == "input"
        assert error["file"] == str(database)
        assert "malformed" in error["message"]
    else:
        assert f"{database}: not a usable history database" in said.err
        assert "malformed" in said.err
        assert "bug in bringup" not in said.err
        assert "Traceback" not in said.err


def test_a_write_to_a_damaged_history_is_bad_input_too(tmp_path: Path) -> None:
    database = _damaged(tmp_path / "state")
    with History(database) as history, pytest.raises(InputError, match="malformed"):
        history.finish_run(3, "failed")


def test_a_mistake_in_bringups_own_sql_stays_a_bug(tmp_path: Path) -> None:
    with History(tmp_path / "history.sqlite3") as history, pytest.raises(sqlite3.ProgrammingError):
        history._rows("SELECT id FROM runs WHERE id = ?", (1, 2))


def test_a_history_another_process_holds_is_said_busy_not_damaged(tmp_path: Path) -> None:
    said = unusable(tmp_path / "history.sqlite3", sqlite3.OperationalError("database is locked"))
    assert isinstance(said, InputError)
    assert "busy" in str(said)
    assert "not a usable" not in str(said)
