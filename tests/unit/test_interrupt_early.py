"""Ctrl-C in the first instants of a command (outsider9 #3): about 7 % of runs interrupted in the
first 0.6 s hung for ever (the main thread joining the probe's thread, which waited on the import
lock the interrupted import left held), and one in the first 0.15 s printed a traceback from
inside ``import click``. Every early SIGINT must end ``bringup check`` promptly with 130 and one
line; the console script's own code is run (``entry``), in a real process."""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bringup
from bringup.cli import main as entry_module
from bringup.cli.signals import _importing
from bringup.errors import ExitCode
from bringup.report.envelope import ErrorReport, render_json

REPO = Path(__file__).resolve().parents[1] / "fixtures" / "repos" / "ascend-five" / "MindSpeed"
SRC = str(Path(bringup.__file__).resolve().parents[1])
DELAYS = (0.0, 0.03, 0.08, 0.15, 0.25, 0.4, 0.5, 0.6)
"""Seconds after ``entry`` has set its handlers; the hang was seen at 0.42-0.58 s."""
ROUNDS = 3
PROMPT_S = 5.0

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads /proc to see the handlers set"
)


def _handlers_set(pid: int) -> bool:
    """Whether the process catches SIGTERM, which ``entry`` sets before importing anything."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


def _start(*args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": SRC}
    code = "from bringup.cli.main import entry; entry()"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _signal_after_handlers(started: list[tuple[float, subprocess.Popen[bytes]]]) -> None:
    """SIGINT each child its delay after its own handlers are set. Timed instead from when
    the last child was started, "0" was 1-2 s on a loaded machine (each child waited for in
    turn): the first child was then deep in its imports, not in its first instants."""
    due: dict[int, float] = {}
    waiting = list(started)
    end = time.monotonic() + 20
    while waiting and time.monotonic() < end:
        for delay, child in list(waiting):
            now = time.monotonic()
            if child.pid not in due and _handlers_set(child.pid):
                due[child.pid] = now + delay
            if child.pid in due and now >= due[child.pid]:
                child.send_signal(signal.SIGINT)
                waiting.remove((delay, child))
            elif child.poll() is not None:  # ended before its handlers were seen: reported
                waiting.remove((delay, child))
        time.sleep(0.002)


def _interrupt(delays: tuple[float, ...], *args: str) -> list[tuple[float, int, str, bytes]]:
    """Start one ``bringup ARGS`` per delay at once, SIGINT each that long after its handlers
    are set; (delay, exit code, stderr, stdout) of each, exit code -1 if still alive after
    ``PROMPT_S``."""
    started = [(delay, _start(*args)) for delay in delays]
    _signal_after_handlers(started)
    ended = []
    for delay, child in started:
        try:
            out, err = child.communicate(timeout=PROMPT_S)
            # click closes a terminal's "^C" echo with a blank line, and writes it anywhere
            ended.append((delay, child.returncode, err.decode().lstrip("\n"), out))
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            ended.append((delay, -1, "", b""))
    return ended


FINISHED_FROM_S = 0.25
"""From this delay on a quiet machine with everything cached may have finished ``check`` before
the signal (exit 1 and its verdict, no stderr: speed40's whole-suite run, at 0.5 s): a Ctrl-C
after the end is no defect. Earlier delays fall within the imports: they must be interrupted."""


def test_an_early_ctrl_c_ends_bringup_at_once_with_one_line() -> None:
    wrong = []
    for _ in range(ROUNDS):
        for delay, code, err, out in _interrupt(DELAYS, "check", str(REPO)):
            if (code, err) == (ExitCode.INTERRUPTED, "ERROR: interrupted\n"):
                continue
            finished = code in (ExitCode.OK, ExitCode.PROBLEMS) and not err and out
            if not (finished and delay >= FINISHED_FROM_S):
                wrong.append((delay, code, err[-300:]))
    assert not wrong


def test_an_early_ctrl_c_under_json_writes_the_envelope() -> None:
    """The envelope written before anything is imported is the one ``render_json`` writes.
    Delays inside the command's first instants: at 0.3 s after its handlers a quiet machine
    with everything cached had finished ``check`` (exit 1, its verdict; CI of f2ea46ae)."""
    wanted = render_json(
        "check",
        ExitCode.INTERRUPTED,
        None,
        ErrorReport(
            kind="interrupted", message="interrupted", file=None, line=None, column=None, hint=None
        ),
    )
    for delay, code, err, out in _interrupt((0.0, 0.05, 0.15), "check", str(REPO), "--json"):
        assert (delay, code, err) == (delay, ExitCode.INTERRUPTED, "ERROR: interrupted\n")
        assert json.loads(out) == json.loads(wanted)


def test_the_early_exit_codes_are_the_shared_ones() -> None:
    assert entry_module._STOPS[signal.SIGINT][0] == ExitCode.INTERRUPTED
    assert entry_module._STOPS[signal.SIGTERM][0] == ExitCode.TERMINATED


_STUCK = """
import sys, threading
from concurrent.futures import ThreadPoolExecutor
import bringup.probe.live, bringup.scan
from bringup.cli.app import end
from bringup.workflow import gather

stuck = threading.Event().wait  # a thread waiting on a lock no one will release


def interrupted(*args, **kwargs):
    raise KeyboardInterrupt


bringup.probe.live.take_snapshot = stuck
bringup.scan.scan_stack = interrupted
try:
    gather(["repo"], None, None)
except KeyboardInterrupt:
    print("stopped", flush=True)
ThreadPoolExecutor(1).submit(stuck)
end(130)
"""


def test_an_interrupted_command_waits_on_no_thread() -> None:
    """The class under the hang: after Ctrl-C, nothing joins a thread that may never end (the
    probe started beside the scan; a pool's worker at exit)."""
    done = subprocess.run(
        [sys.executable, "-c", _STUCK],
        env={**os.environ, "PYTHONPATH": SRC},
        capture_output=True,
        text=True,
        timeout=15,
        check=False,
    )
    assert (done.returncode, done.stdout) == (130, "stopped\n"), done.stderr


_SLOW_MODULE = """
import builtins, sys, time
frames = (sys._getframe(), sys._getframe(1))  # its own code; the machinery running it
while getattr(builtins, "busy", True):  # a module whose import takes as long as it likes
    time.sleep(0.01)
"""

_INTERRUPTED_IMPORT = """
import builtins, os, signal, sys, threading
from bringup.cli.signals import command_signals

sys.path.insert(0, sys.argv[1])
threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
try:
    with command_signals():
        import slow
except KeyboardInterrupt:
    print("stopped", "slow" in sys.modules, flush=True)
builtins.busy = False
beside = threading.Thread(target=__import__, args=("slow",), daemon=True)
beside.start()
beside.join(10)
print("imported beside", not beside.is_alive(), flush=True)
"""


def test_ctrl_c_in_a_modules_own_code_stops_its_import_at_once(tmp_path: Path) -> None:
    """Ctrl-C waited for the whole import to end: seconds for ``bringup.solve``'s tree where
    no ``.pyc`` is cached on a loaded machine (the delay-0 children of the test above, still
    alive 5 s after SIGINT). Raised in the module's own code, it unwinds through the
    machinery's cleanup: the module is not left half made, its lock not held."""
    (tmp_path / "slow.py").write_text(_SLOW_MODULE)
    try:
        done = subprocess.run(
            [sys.executable, "-c", _INTERRUPTED_IMPORT, str(tmp_path)],
            env={**os.environ, "PYTHONPATH": SRC},
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("Ctrl-C waited for the import to end")
    assert done.stdout == "stopped False\nimported beside True\n", done.stderr


def test_ctrl_c_in_the_import_machinery_still_waits(tmp_path: Path) -> None:
    """Where the machinery's own code runs (its module locks), the interrupt still waits."""
    (tmp_path / "fast.py").write_text(_SLOW_MODULE.replace('"busy", True', '"busy", False'))
    sys.path.insert(0, str(tmp_path))
    try:
        fast = importlib.import_module("fast")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("fast", None)
    own, machinery = fast.frames
    assert (_importing(own), _importing(machinery)) == (False, True)


_IN_A_C_MODULES_IMPORT = """
import os, signal, sys, time
from bringup.cli.signals import command_signals


class Finder:
    \"\"\"Ctrl-C while ``_decimal``'s initialisation imports ``numbers``.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name == "numbers":
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.3)


sys.meta_path.insert(0, Finder())
try:
    with command_signals():
        import decimal
except KeyboardInterrupt:
    print("stopped after", "_decimal" in sys.modules, flush=True)
import decimal
"""


def test_ctrl_c_in_a_c_modules_initialisation_waits_for_it() -> None:
    """``_decimal``'s initialisation imports ``numbers`` (CPython ``Modules/_decimal/_decimal.c``,
    ``PyInit__decimal``); stopped there, the next ``import decimal`` (the error report's)
    initialises it again, and libmpdec writes "mpd_setminalloc: ignoring request to set
    MPD_MINALLOC a second time" to stderr (seen under load, a delay-0.5 child of the test
    above)."""
    done = subprocess.run(
        [sys.executable, "-c", _IN_A_C_MODULES_IMPORT],
        env={**os.environ, "PYTHONPATH": SRC},
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert (done.stdout, done.stderr) == ("stopped after True\n", "")
