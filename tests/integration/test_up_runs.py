"""``bringup up`` with real processes on a small stack in a temp directory (a repo whose
path has spaces and non-ASCII letters, its steps in a trusted bringup.toml): arguments reach
the command literally, a hanging step dies at its timeout with its whole process group, a
``kill -9`` of ``up`` mid-step loses nothing on ``--resume``, and a second ``up`` reuses what
passed."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

HANG = """import subprocess, time
child = subprocess.Popen(['sleep', '300'])
print('child', child.pid, flush=True)
time.sleep(300)
"""
WAIT = """import os, sys, time
print('started', os.getpid(), flush=True)
while not os.path.exists(sys.argv[1]):
    time.sleep(0.1)
print('done')
"""


def _repo(
    tmp_path: Path,
    steps: list[tuple[str, str, list[str]]],
    *,
    name: str = "répo with space",
    trusted: bool = True,
) -> Path:
    repo = tmp_path / name
    repo.mkdir()
    lines = [f"trusted = {'true' if trusted else 'false'}", ""]
    for step, kind, argv in steps:
        lines += [
            "[[steps]]",
            f"name = {json.dumps(step)}",
            f'kind = "{kind}"',
            f"argv = {json.dumps(argv)}",
            "",
        ]
    (repo / "bringup.toml").write_text("\n".join(lines), encoding="utf-8")
    return repo


def _up(repo: Path, state: Path, *more: str, cwd: Path | None = None) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    if cwd is not None and env.get("PYTHONPATH"):  # this checkout's bringup, from any directory
        env["PYTHONPATH"] = os.pathsep.join(map(os.path.abspath, env["PYTHONPATH"].split(":")))
    argv = [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state), "--json"]
    return subprocess.Popen(
        [*argv, *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
    )


def _finish(process: subprocess.Popen[str]) -> tuple[int, dict[str, Any]]:
    out, err = process.communicate(timeout=300)
    assert out, err
    envelope = json.loads(out)
    return process.returncode, envelope["data"]


def _steps(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["name"]: s for s in data["steps"]}


def test_arguments_reach_the_command_literally_and_a_second_up_reuses(tmp_path: Path) -> None:
    argv = ["python", "-c", "import sys; print(repr(sys.argv[1:]))", "; rm -rf ~", "$(id)", "a b"]
    repo = _repo(tmp_path, [("literal", "build", argv)])
    state = tmp_path / "state"
    code, data = _finish(_up(repo, state))
    assert code == 0, data
    step = _steps(data)["literal"]
    assert step["status"] == "passed"
    log = Path(str(step["log_path"])).read_text(encoding="utf-8")
    assert log.strip() == repr(["; rm -rf ~", "$(id)", "a b"])
    code, again = _finish(_up(repo, state))
    assert code == 0
    assert _steps(again)["literal"]["status"] == "reused"
    venv = again["environments"][0]["path"]
    bringup = [sys.executable, "-m", "bringup", "env"]
    printed = subprocess.run(
        [*bringup, "print", "répo with space", "--state", str(state)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert f"export VIRTUAL_ENV={shlex.quote(venv)}" in printed.stdout
    inside = subprocess.run(
        [*bringup, "shell", "1", "--state", str(state)],
        input='echo "$VIRTUAL_ENV"; command -v python\n',
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env={**os.environ, "SHELL": "/bin/sh"},
    )
    assert inside.stdout.splitlines() == [venv, f"{venv}/bin/python"]


def test_a_hanging_step_is_killed_at_its_timeout_with_its_process_group(tmp_path: Path) -> None:
    repo = _repo(tmp_path, [("hang", "test", ["python", "-c", HANG])])
    code, data = _finish(_up(repo, tmp_path / "state", "--timeout", "3"))
    assert code == 1
    step = _steps(data)["hang"]
    assert step["status"] == "timed out"
    assert "process group" in str(step["reason"])
    log = Path(str(step["log_path"])).read_text(encoding="utf-8")
    grandchild = int(log.split()[1])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _alive(grandchild):
        time.sleep(0.1)
    assert not _alive(grandchild), "the step's own child outlived the timeout"
    failure = step["failure"]
    assert failure["phase"] == "test"
    assert "bringup-activate.sh" in failure["rerun"]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def test_kill_9_mid_step_then_resume_loses_and_reruns_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "go"
    repo = _repo(
        tmp_path,
        [
            ("first", "build", ["python", "-c", "print('built')"]),
            ("wait", "test", ["python", "-c", WAIT, str(marker)]),
        ],
    )
    state = tmp_path / "state"
    up = _up(repo, state)
    try:
        log = _wait_for_log(state, "wait", "started", up)
        orphan = _started_pid(log)
        up.send_signal(signal.SIGKILL)
        up.communicate(timeout=30)
        # the step ran in its own session: it outlived up, and the lock went with up; a
        # second up must not start on top of it
        second = _up(repo, state)
        out, err = second.communicate(timeout=120)
        assert second.returncode == 1, (out, err)
        assert f"still runs as process group {orphan}" in out + err
        with contextlib.suppress(ProcessLookupError):
            os.killpg(orphan, signal.SIGKILL)
        deadline = time.monotonic() + 10  # SIGKILL is delivered, not waited for
        while time.monotonic() < deadline and _alive(orphan):
            time.sleep(0.05)
    finally:
        marker.touch()  # whatever failed above, a step still waiting ends
    code, data = _finish(_up(repo, state, "--resume"))
    assert code == 0, data
    steps = _steps(data)
    assert steps["first"]["status"] == "reused"
    assert steps["wait"]["status"] == "passed"
    assert data["resumed_from"] == 1
    assert log.is_file()
    assert log.read_text(encoding="utf-8").startswith("started")
    db = sqlite3.connect(str(state / "history.sqlite3"))
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rows = db.execute("SELECT run_id, name, status FROM steps ORDER BY id").fetchall()
        runs = db.execute("SELECT id, status FROM runs ORDER BY id").fetchall()
    finally:
        db.close()
    assert rows == [
        (1, "first", "passed"),
        (1, "wait", "interrupted"),
        (2, "first", "reused"),
        (2, "wait", "passed"),
    ]
    assert runs == [(1, "interrupted"), (2, "passed")]
    diff = subprocess.run(
        [sys.executable, "-m", "bringup", "diff", "run:1", "2", "--state", str(state), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    changes = json.loads(diff.stdout)["data"]["changes"]
    steps_changed = [
        (c["key"], c.get("before"), c.get("after")) for c in changes if c["area"] == "step"
    ]
    assert steps_changed == [("répo with space: wait", "interrupted", "passed")]


def _started_pid(log: Path) -> int:
    """The pid the WAIT step printed, once its whole line is in the log (the log may hold
    "started" before the rest of the line has been written)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"^started (\d+)$", log.read_text(encoding="utf-8"), re.MULTILINE)
        if found:
            return int(found.group(1))
        time.sleep(0.05)
    raise AssertionError(f"{log} has no whole 'started PID' line")


def _wait_for_log(state: Path, name: str, text: str, up: subprocess.Popen[str]) -> Path:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for log in state.glob(f"runs/*/*{name}*.log"):
            if text in log.read_text(encoding="utf-8", errors="replace"):
                return log
        assert up.poll() is None, up.communicate()
        time.sleep(0.1)
    raise AssertionError(f"no log of {name} said {text!r}")


FAIL = """import sys
print('ImportError: libascendcl.so: cannot open shared object file')
sys.exit(1)
"""


def test_a_failure_is_explained_stops_its_repo_and_the_others_go_on(tmp_path: Path) -> None:
    broken = _repo(
        tmp_path,
        [("build", "build", ["python", "-c", FAIL]), ("test", "test", ["python", "-c", "pass"])],
        name="broken",
    )
    other = _repo(tmp_path, [("fine", "test", ["python", "-c", "print('ok')"])], name="other")
    code, data = _finish(_up(broken, tmp_path / "state", str(other)))
    assert code == 1
    steps = _steps(data)
    assert steps["fine"]["status"] == "passed"
    assert steps["test"]["status"] == "blocked"
    assert "step 1 (build) failed" in steps["test"]["reason"]
    failure = steps["build"]["failure"]
    assert failure["phase"] == "build"
    assert failure["tail"] == ["ImportError: libascendcl.so: cannot open shared object file"]
    assert failure["diagnosis"].startswith("CANN libraries not on the loader path")
    assert failure["rerun"].endswith("python -c " + shlex.quote(FAIL))


def test_without_consent_the_commands_are_listed_and_nothing_runs(tmp_path: Path) -> None:
    repo = _repo(tmp_path, [("build", "build", ["touch", "ran"])], trusted=False)
    state = tmp_path / "state"
    code, data = _finish(_up(repo, state))
    assert code == 1
    assert data == {"consent_needed": {"répo with space": ["touch ran"]}}
    assert not (repo / "ran").exists()
    assert not state.exists()


def test_a_relative_state_directory_still_runs_the_steps_in_their_environment(
    tmp_path: Path,
) -> None:
    """Outsider o2's D0 (constructed repo): with ``--state st`` the venv went on PATH as
    ``st/envs/.../bin``, read from the repo (the steps' cwd), so ``python`` was the caller's."""
    argv = ["python", "-c", "import sys; print(sys.prefix)"]
    repo = _repo(tmp_path, [("where", "test", argv)], name="where")
    code, data = _finish(_up(Path("where"), Path("st"), cwd=tmp_path))
    assert code == 0, data
    venv = data["environments"][0]["path"]
    assert venv.startswith(str(tmp_path / "st")), venv
    log = Path(str(_steps(data)["where"]["log_path"]))
    assert log.is_absolute()
    assert log.read_text(encoding="utf-8").strip() == venv
    assert repo.is_dir()


def test_sigterm_mid_step_stops_its_group_records_the_run_and_prints_the_envelope(
    tmp_path: Path,
) -> None:
    """Outsider o2's D13 (constructed repo): SIGTERM, what a cancelled CI job sends, is
    handled as Ctrl-C: the step's process dies, the run is interrupted, exit 143."""
    marker = tmp_path / "go"
    repo = _repo(tmp_path, [("wait", "test", ["python", "-c", WAIT, str(marker)])])
    state = tmp_path / "state"
    up = _up(repo, state)
    try:
        step = _started_pid(_wait_for_log(state, "wait", "started", up))
        up.send_signal(signal.SIGTERM)
        out, err = up.communicate(timeout=60)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(step):
            time.sleep(0.1)
        assert not _alive(step), "the step outlived up"
    finally:
        marker.touch()
    assert up.returncode == 143, err
    envelope = json.loads(out)
    assert envelope["exit_code"] == 143
    assert envelope["error"]["kind"] == "interrupted"
    db = sqlite3.connect(str(state / "history.sqlite3"))
    try:
        runs = db.execute("SELECT status FROM runs").fetchall()
        steps = db.execute("SELECT name, status FROM steps").fetchall()
    finally:
        db.close()
    assert runs == [("interrupted",)]
    assert steps == [("wait", "interrupted")]


def test_an_index_password_given_on_the_command_line_is_not_kept_in_the_history(
    tmp_path: Path,
) -> None:
    """review30: ``up --index=https://user:TOKEN@host/simple`` wrote the token into the history
    database's record of the run's command line."""
    repo = _repo(tmp_path, [("one", "test", ["python", "-c", "print('ok')"])])
    state = tmp_path / "state"
    _finish(_up(repo, state, "--index=https://user:TOKEN1234@example.invalid/simple"))
    with contextlib.closing(sqlite3.connect(str(state / "history.sqlite3"))) as db:
        (argv,) = db.execute("SELECT argv FROM runs").fetchone()
    assert "TOKEN1234" not in argv
    assert "example.invalid" in argv
