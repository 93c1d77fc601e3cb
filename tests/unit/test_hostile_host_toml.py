"""A recorded host's ``host.toml`` (``probe --replay``, ``check --target DIR``, ``diff``) whose
values were of the wrong type was refused naming the file only (``not a recorded host:
Expected `int | null`, got `str` - at `$.command[1].exit_code```): in a host recorded by hand
or edited, the reader counted ``[[command]]`` tables to find it. The error now names the line
and column of the value at fault and shows it, as a repo's ``bringup.toml`` errors do; it is
still a ``ProbeError`` (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError, ProbeError
from bringup.probe.replay import read_host

HOST = """[host]
recorded_at = "2026-11-30T00:00:00+00:00"

[[command]]
argv = ["uname", "-m"]
exit_code = 0

[[command]]
argv = ["npu-smi", "info"]
exit_code = "zero"
"""


def test_a_value_of_the_wrong_type_is_located_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "host.toml").write_text(HOST, encoding="utf-8")
    with pytest.raises(ProbeError, match="not a recorded host") as raised:
        read_host(tmp_path)
    error = raised.value
    assert isinstance(error, InputError)
    assert (error.path, error.line, error.column) == (str(tmp_path / "host.toml"), 10, 13)
    assert error.excerpt == 'exit_code = "zero"'
    assert "- at `$" not in error.message


def test_the_json_envelope_of_diff_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = tmp_path / "host"
    host.mkdir()
    (host / "host.toml").write_text(HOST.replace('recorded_at = "', "recorded_at = 5 #"), "utf-8")
    assert main(["diff", str(host), str(host), "--json", "--state", str(tmp_path)]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["file"], error["line"], error["column"]) == (str(host / "host.toml"), 2, 15)
