"""The one way bringup runs a command: argv lists, a timeout on every call, a total budget.

A command that hangs is killed with its whole process group and comes back as a
``Completed`` with ``timed_out=True`` and whatever it printed so far: a fact, never a hang.
Tests inject another ``CommandRunner`` (the replay runner) so no probe touches the machine.
"""

from __future__ import annotations

import contextlib
import locale
import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Callable, Optional, Protocol

import msgspec

DEFAULT_TIMEOUT_S = 5.0
"""Per-command default: npu-smi and nvidia-smi answer in well under a second when healthy."""

_KILL_GRACE_S = 2.0


class Completed(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What a command did. ``returncode`` is None when it never ran or was killed; ``error``
    says why in words (``not found``, ``permission denied``, ``budget spent``)."""

    argv: tuple[str, ...]
    returncode: Optional[int] = None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    timed_out: bool = False
    error: Optional[str] = None

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and self.error is None

    @property
    def not_found(self) -> bool:
        return self.error is not None and self.error.startswith("not found")

    def describe(self) -> str:
        """One line for a fact's ``reason``: why this command gave no usable answer."""
        if self.timed_out:
            return f"timed out after {self.duration_s:.1f} s"
        if self.error is not None:
            return self.error
        if self.returncode != 0:
            tail = (self.stderr or self.stdout).strip().splitlines()
            last = tail[-1][:200] if tail else "no output"
            return f"exit status {self.returncode}: {last}"
        return "ok"


EnvOverrides = Mapping[str, Optional[str]]
"""Per-call variables; ``None`` removes a variable from the child's environment."""


class CommandRunner(Protocol):
    """Runs one command. Implementations never raise for a failing command: not found,
    timeouts and non-zero exits all come back as a ``Completed``."""

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
    ) -> Completed: ...


def decode_output(data: bytes) -> str:
    """UTF-8 first, then the locale's encoding; undecodable bytes never raise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode(locale.getpreferredencoding(False) or "utf-8", errors="replace")


def merge_env(base: Mapping[str, str], overrides: Optional[EnvOverrides]) -> dict[str, str]:
    """A child environment: ``base`` with ``overrides`` applied (``None`` removes)."""
    merged = dict(base)
    for name, value in (overrides or {}).items():
        if value is None:
            merged.pop(name, None)
        else:
            merged[name] = value
    return merged


class Budget:
    """A total time allowance shared by every command of one probe (thread-safe)."""

    def __init__(self, seconds: Optional[float], clock: Callable[[], float] = time.monotonic):
        self._clock = clock
        self._deadline = None if seconds is None else clock() + seconds
        self._lock = threading.Lock()

    def remaining(self) -> Optional[float]:
        """Seconds left, or None when unbounded."""
        if self._deadline is None:
            return None
        with self._lock:
            return max(0.0, self._deadline - self._clock())

    def clamp(self, timeout: float) -> float:
        left = self.remaining()
        return timeout if left is None else min(timeout, left)


class SubprocessRunner:
    """Runs commands on this machine. Each child starts in its own session so a timeout kills
    everything it spawned. Being in its own session, a child never sees the terminal's
    Ctrl-C: whoever is interrupted calls ``stop`` to kill what is still running."""

    def __init__(
        self,
        *,
        budget: Optional[Budget] = None,
        base_env: Optional[Mapping[str, str]] = None,
    ) -> None:
        self._budget = budget or Budget(None)
        self._base_env = dict(os.environ if base_env is None else base_env)
        self._lock = threading.Lock()
        self._running: set[subprocess.Popen[bytes]] = set()
        self._stopped = False

    def stop(self) -> None:
        """Kill every command still running, with its process group, and any started later:
        an interrupted probe (Ctrl-C) must not leave a hung ``npu-smi`` behind."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for process in running:
            _kill_group(process)

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
    ) -> Completed:
        args = tuple(argv)
        allowed = self._budget.clamp(timeout)
        if allowed <= 0:
            return Completed(argv=args, error="not run: the probe's time budget is spent")
        started = time.monotonic()
        try:
            process = subprocess.Popen(
                args,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=merge_env(self._base_env, env),
                cwd=cwd,
                start_new_session=True,
            )
        except FileNotFoundError:
            return Completed(argv=args, error=f"not found: {args[0]}")
        except PermissionError:
            return Completed(argv=args, error=f"permission denied: {args[0]}")
        except OSError as error:
            return Completed(argv=args, error=f"cannot start {args[0]}: {error.strerror}")
        with self._lock:
            self._running.add(process)
            if self._stopped:
                _kill_group(process)
        timed_out = False
        try:
            stdout, stderr = process.communicate(timeout=allowed)
        except subprocess.TimeoutExpired:
            timed_out = True
            stdout, stderr = _kill_and_collect(process)
        except BaseException:
            _kill_and_collect(process)
            raise
        finally:
            with self._lock:
                self._running.discard(process)
        return Completed(
            argv=args,
            returncode=None if timed_out else process.returncode,
            stdout=decode_output(stdout or b""),
            stderr=decode_output(stderr or b""),
            duration_s=round(time.monotonic() - started, 3),
            timed_out=timed_out,
        )


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def _kill_and_collect(process: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    """Kill the child's process group and return what it had printed so far."""
    _kill_group(process)
    try:
        stdout, stderr = process.communicate(timeout=_KILL_GRACE_S)
    except subprocess.TimeoutExpired:
        # A grandchild that left the group still holds the pipes: give up on the rest.
        process.kill()
        return b"", b""
    return stdout or b"", stderr or b""
