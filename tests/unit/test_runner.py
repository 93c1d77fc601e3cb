"""The runner runs real subprocesses (sh, sleep), which every Linux machine has."""

from __future__ import annotations

import time
from pathlib import Path

from bringup.probe.runner import Budget, SubprocessRunner, decode_output, merge_env


def test_runs_and_captures() -> None:
    done = SubprocessRunner().run(["sh", "-c", "echo out; echo err >&2; exit 3"])
    assert done.returncode == 3
    assert done.stdout == "out\n"
    assert done.stderr == "err\n"
    assert not done.ok
    assert done.describe() == "exit status 3: err"


def test_not_found_is_data() -> None:
    done = SubprocessRunner().run(["definitely-not-a-command-bringup"])
    assert done.not_found
    assert done.returncode is None
    assert "not found" in done.describe()


def test_timeout_kills_the_whole_group_and_keeps_partial_output(tmp_path: Path) -> None:
    marker = tmp_path / "grandchild-survived"
    script = f"echo started; (sleep 3; touch {marker}) & sleep 60"
    started = time.monotonic()
    done = SubprocessRunner().run(["sh", "-c", script], timeout=0.5)
    assert time.monotonic() - started < 5
    assert done.timed_out
    assert done.stdout == "started\n"
    assert "timed out after" in done.describe()
    time.sleep(3.5)
    assert not marker.exists()


def test_budget_caps_every_command() -> None:
    runner = SubprocessRunner(budget=Budget(0.4))
    first = runner.run(["sleep", "5"], timeout=5)
    assert first.timed_out
    second = runner.run(["true"])
    assert second.error is not None
    assert "budget" in second.error


def test_env_overrides_and_removal() -> None:
    runner = SubprocessRunner(base_env={"PATH": "/usr/bin:/bin", "DROP": "x"})
    done = runner.run(["sh", "-c", 'echo "$KEEP:${DROP-unset}"'], env={"KEEP": "k", "DROP": None})
    assert done.stdout == "k:unset\n"
    assert merge_env({"A": "1"}, {"A": None, "B": "2"}) == {"B": "2"}


def test_decode_never_raises() -> None:
    assert decode_output("héllo".encode()) == "héllo"
    assert isinstance(decode_output(b"\xff\xfe\x00bad"), str)
