"""A hung tool costs the probe its budget, not a hang: a real subprocess, a fake ``npu-smi``
that sleeps 60 s, and a probe that still finishes with a ``timed_out`` fact."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.model import keys
from bringup.probe.access import run
from bringup.probe.context import Collected, ProbeContext
from bringup.probe.live import take_snapshot


def _fake_npu_smi(directory: Path) -> None:
    program = directory / "npu-smi"
    program.write_text("#!/bin/sh\nsleep 60\n", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)


def test_sleeping_npu_smi_times_out_within_the_budget(tmp_path: Path) -> None:
    _fake_npu_smi(tmp_path)
    started = time.monotonic()
    snapshot = take_snapshot(env={"PATH": f"{tmp_path}:/usr/bin:/bin"}, budget_s=1.5)
    elapsed = time.monotonic() - started
    assert elapsed < 1.5 + 2.0, f"probe took {elapsed:.1f} s with a 1.5 s budget"
    fact = snapshot.fact(ascend_keys.ASCEND_NPU_SMI)
    assert fact is not None
    assert fact.status == "timed_out"
    assert "timed out after" in (fact.reason or "")
    assert fact.source.ref == f"{tmp_path}/npu-smi info"
    # the rest of the snapshot is still there
    assert snapshot.value(keys.ARCH) is not None


def test_per_command_timeout_is_shorter_than_the_budget(tmp_path: Path) -> None:
    _fake_npu_smi(tmp_path)
    started = time.monotonic()
    snapshot = take_snapshot(env={"PATH": f"{tmp_path}:/usr/bin:/bin"}, budget_s=10, timeout_s=0.5)
    assert time.monotonic() - started < 4
    fact = snapshot.fact(ascend_keys.ASCEND_NPU_SMI)
    assert fact is not None
    assert fact.status == "timed_out"


def _gone(pid: int, within_s: float) -> bool:
    end = time.monotonic() + within_s
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_interrupted_probe_leaves_no_command_running(tmp_path: Path) -> None:
    """Children run in their own session, so the terminal's Ctrl-C never reaches them: the
    interrupted probe must kill them itself, not leave a hung tool behind."""
    pidfile = tmp_path / "pid"

    def hung(ctx: ProbeContext) -> Collected:
        run(ctx, ["sh", "-c", f"echo $$ > {pidfile}; exec sleep 60"], "test.hung", timeout=60)
        return Collected()

    def interrupt_once_started() -> None:
        # The pid written whole, not the file merely created: the child is running.
        while not pidfile.exists() or not pidfile.read_text().strip():
            time.sleep(0.02)
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)  # Ctrl-C

    # The Ctrl-C is sent to this process: where pytest started with SIGINT ignored (a suite run
    # as ``cmd &`` from a script), Python installed no handler and nothing would be raised.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=interrupt_once_started, daemon=True).start()
        # Neither the command's timeout (5 s by default) nor the budget may end the probe
        # before the interrupt does: on a loaded machine the interrupting thread can start
        # late, and the probe then returned normally ("DID NOT RAISE").
        with pytest.raises(KeyboardInterrupt):
            take_snapshot(
                collectors={"hung": hung},
                env={"PATH": "/usr/bin:/bin"},
                budget_s=60,
                timeout_s=60,
            )
    finally:
        signal.signal(signal.SIGINT, previous)
    assert _gone(int(pidfile.read_text()), within_s=3)


_EXITS_WITH_A_TOOL_BANNER_HUNG = """
import sys, threading, time
from pathlib import Path
from bringup.probe.collectors.toolchain import probe_toolchain
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.process import SubprocessRunner
tools, pidfile = sys.argv[1], Path(sys.argv[2])
ctx = ProbeContext(runner=SubprocessRunner(), files=Sysroot(), env={"PATH": tools}, timeout_s=60)
threading.Thread(target=probe_toolchain, args=(ctx,), daemon=True).start()
while not pidfile.exists():
    time.sleep(0.02)
sys.exit(130)
"""


def test_an_interrupted_exit_does_not_wait_for_a_hung_compiler(tmp_path: Path) -> None:
    """The background probe's toolchain collector asks gcc for its banner and gcc hangs; the
    command beside it is interrupted (exit 130): bringup exits at once and its exit cleanup
    stops gcc, not after gcc's 60 s timeout (review29 M3: the banners ran in a thread pool,
    whose workers are joined before that cleanup runs)."""
    tools, pidfile = tmp_path / "bin", tmp_path / "pid"
    tools.mkdir()
    gcc = tools / "gcc"
    gcc.write_text(
        f'#!/bin/sh\nPATH=/usr/bin:/bin\necho $$ > "{pidfile}.tmp"\n'
        f'mv "{pidfile}.tmp" "{pidfile}"\nexec sleep 60\n',
        encoding="utf-8",
    )
    gcc.chmod(gcc.stat().st_mode | stat.S_IXUSR)
    started = time.monotonic()
    exited = subprocess.run(
        [sys.executable, "-c", _EXITS_WITH_A_TOOL_BANNER_HUNG, str(tools), str(pidfile)],
        timeout=30,
        check=False,
    )
    assert exited.returncode == 130
    assert time.monotonic() - started < 20
    assert _gone(int(pidfile.read_text()), within_s=3)
