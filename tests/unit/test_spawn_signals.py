"""A bringup started with SIGINT and SIGQUIT ignored, as bash starts an asynchronous command
without job control (``cmd &`` in a script, ``(setsid bash -c '…' &)``) and as some CI runners
start their jobs: the commands it starts get the signals at their defaults, so the runner's
graceful stop (SIGINT first) reaches a step's own cleanup (session 34 lost three CI runs to
children that inherited the ignored SIGINT and could not trap it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

IGNORING = """\
import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGQUIT, signal.SIG_IGN)
os.execv(sys.executable, [sys.executable, *sys.argv[1:]])
"""
"""Ignore the signals, then exec: what ``bash`` does for ``cmd &`` without job control."""

RUNNER = """\
import json, signal, sys, threading, time
from pathlib import Path
from bringup.process import SubprocessRunner
ready, script_file = Path(sys.argv[1]), sys.argv[2]
assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
runner = SubprocessRunner(grace_s=10.0)
script = (
    "trap 'echo interrupted; exit 5' INT; grep SigIgn /proc/$$/status; "
    "echo $$ > \\"$0\\"; while :; do sleep 0.05; done"
)
done = []
argv = ["sh", "-c", script, str(ready)]
step = threading.Thread(target=lambda: done.append(runner.run(argv, timeout=60)))
step.start()
while not ready.exists() or not ready.read_text().strip():
    time.sleep(0.02)
started = time.monotonic()
runner.stop()
step.join(60)
stopped_s = time.monotonic() - started
again = SubprocessRunner()
print(json.dumps({
    "stdout": done[0].stdout, "error": done[0].error, "stopped_s": stopped_s,
    "missing": again.run(["no-such-command-sig35"]).error,
    "not_executable": again.run([script_file]).error,
    "echo": again.run(["echo", "a b", "$HOME"]).stdout,
}))
"""


def _ignored_bits(stdout: str) -> int:
    line = next(x for x in stdout.splitlines() if x.startswith("SigIgn:"))
    return int(line.split()[1], 16)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc/PID/status")
def test_a_step_started_by_a_bringup_ignoring_sigint_can_trap_it(tmp_path: Path) -> None:
    not_executable = tmp_path / "build.sh"
    not_executable.write_text("echo built\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            IGNORING,
            "-c",
            RUNNER,
            str(tmp_path / "ready"),
            str(not_executable),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["error"] == "interrupted"
    assert seen["stdout"].endswith("interrupted\n"), seen  # its trap ran: SIGINT reached it
    assert seen["stopped_s"] < 8, seen  # not after the grace, by SIGTERM
    ignored = _ignored_bits(seen["stdout"])
    for number in (2, 3, 13, 25):  # SIGINT, SIGQUIT, SIGPIPE, SIGXFSZ
        assert not ignored & (1 << (number - 1)), f"{ignored:x}"
    # started through the wrapper, a failed start reads as a direct one's
    assert seen["missing"] == "not found: no-such-command-sig35"
    assert seen["not_executable"] == f"permission denied: {not_executable}"
    assert seen["echo"] == "a b $HOME\n"
