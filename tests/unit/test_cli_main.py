from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bringup import __version__
from bringup.cli import app as app_module
from bringup.cli.main import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_unknown_command_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert "no-such-command" in capsys.readouterr().err


def test_json_of_a_repo_whose_file_names_are_not_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = os.path.join(os.fsencode(tmp_path), b"repo\xff")
    os.mkdir(repo)
    with open(os.path.join(repo, b"requirements\xe9.txt"), "wb") as handle:
        handle.write(b"torch>=2.1\n")
    with open(os.path.join(repo, b"requirements.txt"), "wb") as handle:
        handle.write(b"numpy\n")
    assert main(["scan", os.fsdecode(repo), "--json"]) == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["data"]["components"][0]["path"].endswith("repo\\xff")


_ENDING = """
import atexit, sys, threading, time
from bringup.cli.app import end
atexit.register(lambda: print("atexit ran"))
sys.stdout.write("buffered ")
if sys.argv[1] == "thread":
    threading.Thread(target=lambda: (time.sleep(0.2), print("thread done"))).start()
end(3)
"""


@pytest.mark.parametrize(
    ("case", "expected"),
    [("alone", "buffered atexit ran\n"), ("thread", "buffered thread done\natexit ran\n")],
)
def test_the_end_keeps_output_exit_code_atexit_and_threads(case: str, expected: str) -> None:
    """The quick exit (no interpreter teardown) loses nothing a normal exit would keep: the
    buffered output, the exit code and the atexit handlers; with another thread still at
    work it is a normal exit, which waits for that thread."""
    done = subprocess.run(
        [sys.executable, "-c", _ENDING, case], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (3, expected, "")


def _bringup_ascii(*args: str) -> subprocess.CompletedProcess[bytes]:
    """``bringup ARGS`` with stdout and stderr that only take ASCII (a Latin-1 or C-locale
    terminal without UTF-8 mode, a serial console)."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    code = "import sys; from bringup.cli.main import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, env=env, check=False
    )


def test_text_on_an_ascii_terminal_is_escaped_not_a_crash() -> None:
    """``kb show cann_hdk`` prints '↔': it raised UnicodeEncodeError and exited 3."""
    done = _bringup_ascii("kb", "show", "cann_hdk")
    assert done.returncode == 0, done.stderr.decode()
    assert b"CANN \\u2194 Ascend HDK" in done.stdout


def test_json_on_an_ascii_terminal_is_utf8_json(tmp_path: Path) -> None:
    """A log line in Chinese is quoted in the JSON; the document is UTF-8 whatever the
    terminal takes, and the error envelope too."""
    log = tmp_path / "npu.log"
    log.write_text("RuntimeError: 设备初始化失败 — aclInit failed, error code 507033\n")
    done = _bringup_ascii("explain", str(log), "--json")
    assert done.returncode == 0, done.stderr.decode()
    assert "设备初始化失败" in done.stdout.decode("utf-8")
    json.loads(done.stdout.decode("utf-8"))
    missing = _bringup_ascii("explain", str(tmp_path / "absent — copy.log"), "--json")
    assert missing.returncode == 2
    assert json.loads(missing.stdout.decode("utf-8"))["error"]["kind"] == "input"


def _command_paths() -> list[list[str]]:
    """Every command and subcommand as its argv (``[]`` for ``bringup`` itself)."""
    import click

    from bringup.cli.app import cli
    from bringup.cli.main import COMMANDS

    paths: list[list[str]] = [[]]
    for name in COMMANDS:
        command = cli.get_command(click.Context(cli), name)
        paths.append([name])
        if isinstance(command, click.Group):
            paths.extend([name, sub] for sub in command.list_commands(click.Context(command)))
    return paths


@pytest.mark.parametrize("path", _command_paths(), ids=" ".join)
def test_help_shows_no_rst_markup(path: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A docstring's ``code`` spelling is for the source: ``bringup --help`` listed "env  The
    environments ``bringup up`` made."."""
    assert main([*path, "--help"]) == 0
    assert "``" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "as_json", "expected"),
    [
        (["env", "print", "1"], False, True),
        (["env", "print", "1", "--state", "/tmp/s"], False, True),
        (["explain", "x.log"], True, True),
        (["explain", "x.log"], False, False),
        (["env", "shell", "1"], False, False),
        (["up", "--", "env", "print"], False, False),
    ],
)
def test_stdout_is_data_for_json_and_env_print(
    args: list[str], as_json: bool, expected: bool
) -> None:
    assert app_module._stdout_is_data(args, as_json) is expected


def _ascii_stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="ascii")


@pytest.mark.parametrize(("data", "written"), [(True, "é".encode()), (False, b"\\xe9")])
def test_an_ascii_stdout_of_data_becomes_utf8_and_text_is_escaped(
    monkeypatch: pytest.MonkeyPatch, data: bool, written: bytes
) -> None:
    """`eval "$(bringup env print 1)"` on a Latin-1 terminal: an escaped non-ASCII path
    would send the shell elsewhere with exit 0, so data is written as UTF-8; text for a
    person is escaped instead of raising."""
    out, err = _ascii_stream(), _ascii_stream()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    app_module._encodable_streams(data)
    out.write("é")
    err.write("é")
    out.flush()
    err.flush()
    assert out.buffer.getvalue() == written  # type: ignore[attr-defined]
    assert err.buffer.getvalue() == b"\\xe9"  # type: ignore[attr-defined]


def test_a_utf8_stream_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", out)
    app_module._encodable_streams(False)
    assert (out.encoding, out.errors) == ("utf-8", "strict")
