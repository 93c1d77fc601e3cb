"""Scripting papercuts of outside tester 23b, D19: ``diff`` on a state with no run is an empty
result (exit 0), not bad input; ``env print --json``; ``-v``/``BRINGUP_DEBUG=1`` print a debug
line for every command a probe runs (what, how it ended, how long) and every stage of
``check``. The state directory and its environment row are constructed."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from bringup.cli.main import main
from bringup.process import SubprocessRunner
from bringup.run.activatefile import ACTIVATE_FILE, ACTIVATION_DATA
from bringup.run.history import EnvironmentRow, History
from bringup.run.state import StateLayout

ROOT = Path(__file__).resolve().parents[1]
RECORDED = ROOT / "fixtures" / "hosts"


@pytest.mark.parametrize("made", [False, True])
def test_diff_with_no_run_yet_is_an_empty_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], made: bool
) -> None:
    if made:  # a history database with no run in it (``up`` listed commands, ran none)
        History(StateLayout(tmp_path).database).close()
    assert main(["diff", "--state", str(tmp_path), "--json"]) == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["data"] == {"before": None, "after": None, "changes": []}
    assert main(["diff", "--state", str(tmp_path)]) == 0
    assert "no runs yet" in capsys.readouterr().out
    # a run named that does not exist is still bad input
    assert main(["diff", "run:3", "--state", str(tmp_path)]) == 2


def test_env_print_json_gives_the_environment_and_its_activation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = tmp_path / "envs" / "abc" / "env-1"
    env.mkdir(parents=True)
    (env / ACTIVATE_FILE).write_text("export VIRTUAL_ENV=...\n")
    activation: dict[str, dict[str, Any]] = {
        "set": {"ASCEND_TOOLKIT_HOME": "/usr/local/Ascend/ascend-toolkit/8.0.RC2"},
        "prepend": {"LD_LIBRARY_PATH": ["/usr/local/Ascend/ascend-toolkit/8.0.RC2/lib64"]},
    }
    (env / ACTIVATION_DATA).write_bytes(msgspec.json.encode(activation))
    with History(StateLayout(tmp_path).database) as history:
        history.save_environment(
            EnvironmentRow(
                stack="s",
                index=1,
                path=str(env),
                python="3.10.13",
                fingerprint="abc",
                components=("train-adapter",),
                created_at="2026-12-04T21:00:00+00:00",
            )
        )
    assert main(["env", "print", "train-adapter", "--state", str(tmp_path), "--json"]) == 0
    envelope = json.loads(capsys.readouterr().out)
    assert envelope["command"] == "env print"
    data = envelope["data"]
    assert (data["index"], data["python"], data["repos"]) == (1, "3.10.13", ["train-adapter"])
    assert data["activate_file"] == str(env / ACTIVATE_FILE)
    assert data["set"] == {"VIRTUAL_ENV": str(env), **activation["set"]}
    assert data["prepend"] == {"PATH": [str(env / "bin")], **activation["prepend"]}
    # without --json, the activation file itself, to eval
    assert main(["env", "print", "1", "--state", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "export VIRTUAL_ENV=...\n"


@pytest.mark.parametrize("sub", [["print", "nosuch"], ["list"]])
def test_env_errors_are_enveloped_under_their_own_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sub: list[str]
) -> None:
    """The error envelope names the command as the success envelope does (review24 M1: it
    said ``kb print``)."""
    state = tmp_path / "not-a-state"
    state.write_text("a file where the state directory should be\n")
    code = main(["env", *sub, "--state", str(state), "--json"])
    envelope = json.loads(capsys.readouterr().out)
    assert code != 0
    assert envelope["command"] == f"env {sub[0]}"


def test_every_command_run_is_a_debug_line_with_its_exit_and_time(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level("DEBUG", logger="bringup.process"):
        SubprocessRunner().run([sys.executable, "-c", "import sys; sys.exit(3)"])
        SubprocessRunner().run(["/nonexistent/npu-smi", "info"])
    first, second = (r.getMessage() for r in caplog.records)
    assert first.startswith(f"ran {sys.executable} -c 'import sys; sys.exit(3)': exit status 3")
    assert first.endswith(" s)")
    assert second == "ran /nonexistent/npu-smi info: not found: /nonexistent/npu-smi (0.00 s)"


def test_a_debug_line_shows_no_secret_of_the_argv(caplog: pytest.LogCaptureFixture) -> None:
    """``-v`` output is what gets pasted into CI logs and issues (review24 M2, L8). The argv
    is constructed, the token in the real shape of a Hugging Face one."""
    token = "hf_" + "kLmNoPqRsT" * 3 + "uVwX"
    argv = ["/nonexistent/env", f"HF_TOKEN={token}", "WANDB_API_KEY=0123456789abcdef"]
    argv += ["tool", "--password", "hunter2", "-u", "alice:s3cr3tpw"]
    with caplog.at_level("DEBUG", logger="bringup.process"):
        SubprocessRunner().run(argv)
    line = caplog.records[0].getMessage()
    for secret in (token, "0123456789abcdef", "hunter2", "s3cr3tpw"):
        assert secret not in line
    assert "HF_TOKEN=redacted WANDB_API_KEY=redacted tool --password redacted" in line
    assert "-u alice:redacted" in line


@pytest.mark.parametrize("switch", ["-v", "BRINGUP_DEBUG"])
def test_check_prints_a_debug_line_per_stage_on_stderr(
    switch: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    host = next(p for p in sorted(RECORDED.iterdir()) if p.is_dir())
    argv = ["check", str(ROOT.parent / "examples" / "six-repos"), "--snapshot", str(host)]
    if switch == "-v":
        argv.insert(0, "-v")
    else:
        monkeypatch.setenv("BRINGUP_DEBUG", "1")
    main(argv)
    err = capsys.readouterr().err
    stages = [line.split(": ")[2] for line in err.splitlines() if "bringup.report.events" in line]
    assert stages[:3] == ["scan", "probe", "kb"]
    assert {"design", "solve", "plan"} <= set(stages)


def test_a_live_probe_says_each_command_it_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-v", "probe", "--json"]) == 0
    captured = capsys.readouterr()
    ran = [line for line in captured.err.splitlines() if line.startswith("debug: bringup.process")]
    assert any(line.startswith("debug: bringup.process: ran uname -m: ") for line in ran), ran
    assert json.loads(captured.out)["exit_code"] == 0  # stdout holds only the envelope
