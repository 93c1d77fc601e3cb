"""The process runner runs real subprocesses (sh, sleep, the test's own Python), which every
Linux machine has."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from bringup import groupstop
from bringup.process import Budget, SubprocessRunner, Tail, decode_output, merge_env


def _gone(pid: int, within: float = 3.0) -> bool:
    """Whether ``pid`` has exited (a zombie waiting for its reaper counts as exited)."""
    stat = Path(f"/proc/{pid}/stat")
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            state = stat.read_text().rpartition(")")[2].split()[0]
        except OSError:
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


def test_runs_and_captures() -> None:
    done = SubprocessRunner().run(["sh", "-c", "echo out; echo err >&2; exit 3"])
    assert done.returncode == 3
    assert done.stdout == "out\n"
    assert done.stderr == "err\n"
    assert not done.ok
    assert not done.truncated
    assert done.describe() == "exit status 3: err"


def test_not_found_is_data() -> None:
    done = SubprocessRunner().run(["definitely-not-a-command-bringup"])
    assert done.not_found
    assert done.returncode is None
    assert "not found" in done.describe()


def test_timeout_kills_the_whole_group_and_keeps_partial_output() -> None:
    script = "sleep 60 & echo $!; sleep 60"
    started = time.monotonic()
    done = SubprocessRunner(grace_s=1.0).run(["sh", "-c", script], timeout=0.5)
    assert time.monotonic() - started < 5
    assert done.timed_out
    assert done.returncode is None
    assert "timed out after" in done.describe()
    grandchild = int(done.stdout)
    assert _gone(grandchild)


def test_a_child_ignoring_terminate_is_killed_after_the_grace_period() -> None:
    script = "trap '' TERM; echo $$; sleep 60"
    started = time.monotonic()
    done = SubprocessRunner(grace_s=0.6).run(["sh", "-c", script], timeout=0.3)
    elapsed = time.monotonic() - started
    assert done.timed_out
    assert 0.9 <= elapsed < 5, elapsed
    assert _gone(int(done.stdout))


def test_terminate_comes_before_kill() -> None:
    """A child that handles SIGTERM is given the grace period to say so before the kill."""
    script = "trap 'echo terminated; exit 7' TERM; while :; do sleep 0.05; done"
    started = time.monotonic()
    done = SubprocessRunner(grace_s=3.0).run(["sh", "-c", script], timeout=0.3)
    assert done.timed_out
    assert "terminated" in done.stdout
    assert time.monotonic() - started < 3.0


def test_stop_interrupts_first_and_refuses_later_commands() -> None:
    runner = SubprocessRunner(grace_s=3.0)
    script = "trap 'echo interrupted; exit 5' INT; echo ready; while :; do sleep 0.05; done"
    result = []
    worker = threading.Thread(
        target=lambda: result.append(runner.run(["sh", "-c", script], timeout=30))
    )
    worker.start()
    time.sleep(0.5)
    runner.stop()
    worker.join(10)
    (done,) = result
    assert done.error == "interrupted"
    assert done.stdout == "ready\ninterrupted\n"
    assert runner.run(["true"]).error == "not run: interrupted"


_EXITS_WITH_A_COMMAND_RUNNING = """
import sys, threading, time
from pathlib import Path
from bringup.process import SubprocessRunner
pidfile = Path(sys.argv[1])
script = 'echo $$ > "$0.tmp"; mv "$0.tmp" "$0"; sleep 60'

run = lambda: SubprocessRunner().run(["sh", "-c", script, sys.argv[1]], timeout=60)
threading.Thread(target=run, daemon=True).start()
while not pidfile.exists():
    time.sleep(0.02)
sys.exit(int(sys.argv[2]))
"""


def test_a_command_a_daemon_thread_still_runs_is_stopped_at_exit(tmp_path: Path) -> None:
    """The background probe's vendor tool, left running when the command beside it ends
    (interrupted: exit 130), runs in its own session: bringup's exit stops it."""
    pidfile = tmp_path / "pid"
    started = time.monotonic()
    exited = subprocess.run(
        [sys.executable, "-c", _EXITS_WITH_A_COMMAND_RUNNING, str(pidfile), "130"],
        timeout=30,
        check=False,
    )
    assert exited.returncode == 130
    assert time.monotonic() - started < 20
    assert _gone(int(pidfile.read_text()))


def test_at_exit_what_outlived_its_leader_is_killed_too(tmp_path: Path) -> None:
    """The exit's cleanup kills the whole group: a leader that ends on terminate leaves no
    child that ignored it running (review29 M3: the kill is not only for a leader still
    running)."""
    pidfile = tmp_path / "child"
    script = f"(trap '' TERM; echo $BASHPID > {pidfile}; exec sleep 60) & wait"
    leader = subprocess.Popen(["bash", "-c", script], start_new_session=True)
    deadline = time.monotonic() + 10
    while not pidfile.exists() or not pidfile.read_text().strip():
        assert time.monotonic() < deadline
        time.sleep(0.02)
    child = int(pidfile.read_text())
    original = set(groupstop.RUNNING)
    groupstop.RUNNING.add(leader)
    try:
        groupstop.stop_left_running()
        assert leader.wait(timeout=5) == -signal.SIGTERM
        assert _gone(child)
    finally:
        groupstop.RUNNING.clear()
        groupstop.RUNNING.update(original)
        groupstop.signal_group(leader, signal.SIGKILL)


def test_budget_caps_every_command() -> None:
    runner = SubprocessRunner(budget=Budget(0.4))
    first = runner.run(["sleep", "5"], timeout=5)
    assert first.timed_out
    second = runner.run(["true"])
    assert second.error is not None
    assert "budget" in second.error


def test_env_overrides_removal_and_cwd(tmp_path: Path) -> None:
    runner = SubprocessRunner(base_env={"PATH": "/usr/bin:/bin", "DROP": "x"})
    done = runner.run(
        ["sh", "-c", 'echo "$KEEP:${DROP-unset}:$(pwd)"'],
        env={"KEEP": "k", "DROP": None},
        cwd=str(tmp_path),
    )
    assert done.stdout == f"k:unset:{tmp_path}\n"
    assert merge_env({"A": "1"}, {"A": None, "B": "2"}) == {"B": "2"}


def test_the_log_holds_everything_and_memory_only_a_tail(tmp_path: Path) -> None:
    log = tmp_path / "steps" / "build.log"
    script = (
        "import sys\n"
        "for i in range(200000): sys.stdout.write(f'line {i:07d}\\n')\n"
        "print('end', file=sys.stderr)"
    )
    runner = SubprocessRunner(log_tail=4096)
    done = runner.run([sys.executable, "-c", script], timeout=60, log_path=log)
    assert done.ok
    assert done.log_path == str(log)
    lines = log.read_text().splitlines()
    assert [line for line in lines if line.startswith("line")] == [
        f"line {i:07d}" for i in range(200000)
    ]
    assert "end" in lines
    assert done.truncated
    assert len(done.stdout.encode()) <= 4096
    assert done.stdout.endswith("line 0199999\n")
    assert done.stderr == "end\n"


def test_the_log_is_written_as_output_comes(tmp_path: Path) -> None:
    """The child itself finds its first line in the log while it is still running."""
    log = tmp_path / "live.log"
    script = (
        f"echo first; for i in $(seq 100); do grep -q first '{log}' && exit 0; sleep 0.1; done;"
        " exit 1"
    )
    done = SubprocessRunner().run(["sh", "-c", script], timeout=30, log_path=log)
    assert done.returncode == 0


def test_without_a_log_output_is_capped() -> None:
    runner = SubprocessRunner(capture_cap=1000)
    done = runner.run(["sh", "-c", "seq 100000"])
    assert done.ok
    assert done.truncated
    assert done.stdout.endswith("99999\n100000\n")
    assert len(done.stdout) <= 1000


def test_tail_keeps_the_last_bytes_in_bounded_memory() -> None:
    tail = Tail(10)
    for index in range(1000):
        tail.add(b"%04d" % index)
    assert tail.value() == b"9709980999"
    assert tail.dropped


def test_decode_replaces_what_is_not_utf8() -> None:
    assert decode_output("héllo".encode()) == "héllo"
    assert decode_output(b"ok\xff\xfe") == "ok\ufffd\ufffd"
