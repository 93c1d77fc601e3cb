"""How ``process.SubprocessRunner`` starts a command: in its own session, with the signals a
shell starts a command with at their defaults, and no descriptor of bringup's but those asked
for (``keep_fds``: the checkout locks, which a step holds as long as it runs).

A signal ignored in bringup stays ignored across ``exec`` (POSIX). A bringup started with SIGINT
ignored (``cmd &`` in a script without job control, ``(setsid bash -c '…' &)``, a CI runner
that ignores it) started every command ignoring it: a shell step could not trap it, so the
runner's graceful stop (SIGINT, then SIGTERM after a grace period) never reached the step's
cleanup and the step ran on until SIGTERM. Python's ``restore_signals`` puts back only SIGPIPE
and SIGXFSZ, the two Python ignores itself.

Where SIGINT is ignored here, a command starts through an exec wrapper: this
interpreter, isolated (``-I -S``: no ``PYTHON*`` variable, no site, nothing imported from the
command's working directory), sets SIGINT, SIGQUIT, SIGPIPE and SIGXFSZ to their defaults and
``execvp``\\ s the command, with the same PATH search in the command's environment as ``Popen``'s.
An exec that fails is written back on a close-on-exec pipe, so a command not found or not
executable raises here as ``Popen`` raises it. Not ``preexec_fn``: ``up`` starts steps from a
thread pool, and Python code run in a forked child can deadlock on a lock another thread held at
the fork. Not a handler installed here in place of the ignored disposition (a handler is reset
by ``exec``): only the main thread may install one, and it is process-wide. Python 3.9 has no
other hook (no ``process_group=``; ``posix_spawn`` has no working directory). Where SIGINT is
not ignored, a command starts directly, as it did: the wrapper's interpreter start (4 ms a
``true`` directly, 56 ms through it, on a loaded 2-core machine) is paid only where the stop
would otherwise miss. That is not for SIGQUIT alone: the command line installs its own SIGINT
handler (reset by ``exec``), so its children get SIGINT at its default already and keep SIGQUIT
ignored, as a shell's background command does; nothing sends a step SIGQUIT.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Optional

_EXEC_WITH_DEFAULT_SIGNALS = """\
import os, signal, sys
for name in ("SIGINT", "SIGQUIT", "SIGPIPE", "SIGXFSZ"):
    if hasattr(signal, name):
        signal.signal(getattr(signal, name), signal.SIG_DFL)
report = int(sys.argv[1])
os.set_inheritable(report, False)
try:
    os.execvp(sys.argv[2], sys.argv[2:])
except OSError as error:
    os.write(report, str(error.errno).encode("ascii"))
    os._exit(127)
"""


def start(
    args: Sequence[str],
    *,
    env: Mapping[str, str],
    cwd: Optional[str],
    keep_fds: Sequence[int] = (),
) -> subprocess.Popen[bytes]:
    """Start ``args`` in a session of its own, stdin from ``/dev/null``, stdout and stderr to
    pipes; raise ``OSError`` (``FileNotFoundError``, ``PermissionError``) as ``Popen`` does."""
    if signal.getsignal(signal.SIGINT) != signal.SIG_IGN or not sys.executable:
        return _popen(tuple(args), env, cwd, tuple(keep_fds))
    failures, report = os.pipe()
    try:
        wrapper = (sys.executable, "-I", "-S", "-c", _EXEC_WITH_DEFAULT_SIGNALS, str(report))
        process = _popen((*wrapper, *args), env, cwd, (*keep_fds, report))
    except BaseException:
        os.close(failures)
        raise
    finally:
        os.close(report)
    try:
        with open(failures, "rb") as exec_report:  # ends once the wrapper exec'd or failed
            failed = exec_report.read()
    except BaseException:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    if not failed:
        return process
    process.wait()
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()
    number = int(failed) if failed.isascii() and failed.isdigit() else 0
    raise OSError(number, os.strerror(number), args[0])


def _popen(
    argv: tuple[str, ...], env: Mapping[str, str], cwd: Optional[str], keep: tuple[int, ...]
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        start_new_session=True,
        pass_fds=keep,
    )
