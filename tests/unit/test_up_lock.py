"""Two ``bringup up`` runs of the same repo with the same state: the second refuses, naming the
first, instead of running the same step at once in the same tree and environment (outsider10
D13: both ran the sleeper's step 1 together, the second "reused" a half-made environment)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bringup.run.lock import Busy, held
from bringup.run.state import StateLayout

MANIFEST = """\
name = "sleeper"
trusted = true
infer = false
infer_steps = false

[[steps]]
name = "after"
kind = "test"
argv = ["bash", "-c", "echo after"]
"""


def test_a_second_holder_is_refused_and_the_lock_goes_with_the_first(tmp_path: Path) -> None:
    layout = StateLayout(tmp_path / "state")
    with held(layout, "stack-a", ("/repos/x",)):
        # another stack, the same repo
        with pytest.raises(Busy, match=f"process {os.getpid()}"), held(layout, "b", ("/repos/x",)):
            pass
        with held(layout, "stack-c", ("/repos/y",)):  # other repos go on
            pass
    with held(layout, "stack-a", ("/repos/x",)):  # released when the first run ended
        pass


def test_up_refuses_while_another_run_holds_the_repo(tmp_path: Path) -> None:
    repo = tmp_path / "sleeper"
    repo.mkdir()
    (repo / "bringup.toml").write_text(MANIFEST, encoding="utf-8")
    state = tmp_path / "state"
    from bringup.run.state import stack_key

    with held(StateLayout(state), stack_key((str(repo),)), (str(repo),)):
        done = subprocess.run(
            [sys.executable, "-m", "bringup", "up", str(repo), "--state", str(state)],
            check=False,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
            timeout=120,
        )
    assert done.returncode == 1, done.stderr
    assert f"another `bringup up` (process {os.getpid()}) is running" in done.stderr
    assert "after" not in done.stdout


def test_a_step_group_left_running_holds_the_lock_until_it_ends(tmp_path: Path) -> None:
    """What a ``bringup up`` killed with SIGKILL leaves: the lock file lists the group of the
    step it ran, which lives on in its own session. A group that is gone, or whose id now
    belongs to another process (another start time), holds nothing."""
    layout = StateLayout(tmp_path / "state")
    step = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        with held(layout, "stack-a", ("/repos/x",)) as holding:
            holding.group(step.pid, True)
        # as if the holder had been killed: the group is still listed
        busy = pytest.raises(Busy, match=f"still runs as process group {step.pid}")
        with busy, held(layout, "stack-a", ("/repos/x",)):
            pass
        for lock in (layout.root / "locks").iterdir():  # the pid reused by another process
            text = lock.read_text(encoding="ascii").replace(f"{step.pid} ", f"{step.pid} 1x")
            lock.write_text(text, encoding="ascii")
        with held(layout, "stack-a", ("/repos/x",)) as holding:
            holding.group(step.pid, True)
    finally:
        step.kill()
        step.wait()
    with held(layout, "stack-a", ("/repos/x",)):  # the group is gone
        pass


def test_a_step_group_left_as_a_zombie_holds_nothing(tmp_path: Path) -> None:
    """A killed step whose parent never reaps it (an orphan under a container's first process
    that reaps nothing) is a zombie: the kernel still signals its group, but nothing runs."""
    layout = StateLayout(tmp_path / "state")
    pid = os.fork()
    if pid == 0:  # the step: a group of its own that ends at once, left unreaped
        os.setsid()
        os._exit(0)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _state(pid) != "Z":
            time.sleep(0.02)
        assert _state(pid) == "Z"
        with held(layout, "stack-a", ("/repos/x",)) as holding:
            holding.group(pid, True)
        with held(layout, "stack-a", ("/repos/x",)):  # the zombie holds nothing
            pass
    finally:
        os.waitpid(pid, 0)


def _state(pid: int) -> str:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]
