"""The one way bringup runs a command: the probe's collectors now, the step runner later.

- argv lists only, never a shell string;
- each command in its own session (``setsid``), so stopping it stops everything it spawned,
  with SIGINT at its default even where bringup ignores it (``spawn``);
- a timeout on every call and a total budget shared by the calls of one job;
- stopping escalates: interrupt (on Ctrl-C) or terminate (on a timeout), a grace period to
  exit, then kill, always to the whole process group;
- output read as it comes: with a log file, all of it goes to the file and only a bounded tail
  stays in memory; without one, up to a cap is kept (the probe's outputs are small);
- a per-call environment (``None`` removes a variable) and working directory;
- never raises for a failing command: not found, a timeout, a non-zero exit are a
  ``Completed``, so a hung vendor tool becomes a fact, never a hang.

Tests and recorded hosts inject another ``CommandRunner`` (recording, replay).
"""

from __future__ import annotations

import contextlib
import logging
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import BinaryIO, Callable, Literal, Optional, Protocol, Union

import msgspec

from bringup.commandmessages import clipped, last_message
from bringup.groupstop import RUNNING, Stopping, signal_group, stop_now
from bringup.spawn import start

DEFAULT_TIMEOUT_S = 5.0
"""Per-command default: the vendors' device query tools answer in well under a second when
healthy."""

GRACE_S = 2.0
"""How long a command has to exit after each polite signal before the next one."""

CAPTURE_CAP = 8 << 20
"""Without a log file, bytes kept per stream; beyond it only the last ``CAPTURE_CAP``."""

LOG_TAIL = 64 << 10
"""With a log file, bytes kept in memory per stream (the tail shown when a step fails)."""

_CHUNK = 64 << 10
_POLL_S = 0.1
"""Longest wait between checks for a stop request while a command runs quietly."""

REFUSED_STOPPED = "not run: interrupted"
"""``Completed.error`` of a command refused because the runner was stopped: it never started."""

_Why = Literal["timed out", "interrupted"]

PathArg = Union[str, "os.PathLike[str]"]


class Completed(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What a command did. ``returncode`` is None when it never ran or was stopped; ``error``
    says why in words (``not found``, ``permission denied``, ``budget spent``,
    ``interrupted``). ``truncated``: ``stdout``/``stderr`` hold only the last bytes (all of
    them are in ``log_path`` when one was given)."""

    argv: tuple[str, ...]
    returncode: Optional[int] = None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    timed_out: bool = False
    error: Optional[str] = None
    log_path: Optional[str] = None
    truncated: bool = False

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
            tail = (self.stderr or self.stdout).rstrip().splitlines()
            last = clipped(last_message(tail), 300) if tail else "no output"
            return f"exit status {self.returncode}: {last}"
        return "ok"


def debug_line(done: Completed) -> str:
    """A command's debug line (``-v``, ``BRINGUP_DEBUG=1``): what ran, how it ended, how long
    it took; secrets in the argv redacted. When a probe command hangs in CI, this is how to
    see which one."""
    import shlex

    from bringup.redaction import shortened

    command = shortened(shlex.join(done.argv), 300)
    ended = "exit 0" if done.ok else shortened(done.describe(), 200)
    return f"ran {command}: {ended} ({done.duration_s:.2f} s)"


LOG = logging.getLogger(__name__)

EnvOverrides = Mapping[str, Optional[str]]
"""Per-call variables; ``None`` removes a variable from the child's environment."""


class CommandRunner(Protocol):
    """Runs one command. Implementations never raise for a failing command: not found,
    timeouts and non-zero exits all come back as a ``Completed``. ``log_path``: write all
    output there as it comes, keeping only a tail in memory."""

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed: ...


def decode_output(data: bytes) -> str:
    """UTF-8; undecodable bytes (or a character cut by a tail) become U+FFFD, never raise."""
    return data.decode("utf-8", errors="replace")


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
    """A total time allowance shared by every command of one job (thread-safe)."""

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


class Tail:
    """The last ``limit`` bytes of a stream, in memory bounded by about twice that."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._buffer = bytearray()
        self.dropped = False

    def add(self, data: bytes) -> None:
        self._buffer += data
        if len(self._buffer) > 2 * self._limit:
            del self._buffer[: len(self._buffer) - self._limit]
            self.dropped = True

    def value(self) -> bytes:
        if len(self._buffer) > self._limit:
            self.dropped = True
            return bytes(self._buffer[-self._limit :])
        return bytes(self._buffer)


class SubprocessRunner:
    """Runs commands on this machine. Being in its own session, a child never sees the
    terminal's Ctrl-C: whoever is interrupted calls ``stop`` (from any thread), which stops
    what is running (interrupt, terminate, kill) and refuses what comes after."""

    def __init__(
        self,
        *,
        budget: Optional[Budget] = None,
        base_env: Optional[Mapping[str, str]] = None,
        grace_s: float = GRACE_S,
        capture_cap: int = CAPTURE_CAP,
        log_tail: int = LOG_TAIL,
        on_group: Optional[Callable[[int, bool], None]] = None,
        keep_fds: Sequence[int] = (),
    ) -> None:
        self._budget = budget or Budget(None)
        self._base_env = dict(os.environ if base_env is None else base_env)
        self._grace = grace_s
        self._capture_cap = capture_cap
        self._log_tail = log_tail
        self._stopped = threading.Event()
        self._on_group = on_group
        """Told each command's process group id as it starts (True) and ends (False): ``up``
        records them beside its lock, since a group outlives a bringup killed with SIGKILL."""
        self._keep_fds = tuple(keep_fds)
        """Descriptors each command inherits (``up``'s checkout locks: ``run.checkoutlock``)."""

    def stop(self) -> None:
        """Stop every command still running, with its process group, and refuse later ones:
        an interrupted probe (Ctrl-C) must not leave a hung vendor tool behind. Returns at
        once; each running ``run`` escalates on its own and returns."""
        self._stopped.set()

    @property
    def stopped(self) -> bool:
        """Whether ``stop`` was called: a command asked for now would not run."""
        return self._stopped.is_set()

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed:
        done = self._started(argv, timeout=timeout, env=env, cwd=cwd, log_path=log_path)
        if LOG.isEnabledFor(logging.DEBUG):
            LOG.debug("%s", debug_line(done))
        return done

    def _started(
        self,
        argv: Sequence[str],
        *,
        timeout: float,
        env: Optional[EnvOverrides],
        cwd: Optional[str],
        log_path: Optional[PathArg],
    ) -> Completed:
        args = tuple(argv)
        log = None if log_path is None else str(log_path)
        allowed = self._budget.clamp(timeout)
        if self._stopped.is_set():
            return Completed(argv=args, error=REFUSED_STOPPED, log_path=log)
        if allowed <= 0:
            return Completed(argv=args, error="not run: the time budget is spent", log_path=log)
        try:
            sink = _open_log(log)
        except OSError as error:
            return Completed(argv=args, error=f"cannot write the log {log}: {error.strerror}")
        try:
            child_env = merge_env(self._base_env, env)
            return self._run(args, allowed=allowed, env=child_env, cwd=cwd, sink=sink, log=log)
        finally:
            if sink is not None:
                sink.close()

    def _run(
        self,
        args: tuple[str, ...],
        *,
        allowed: float,
        env: dict[str, str],
        cwd: Optional[str],
        sink: Optional[BinaryIO],
        log: Optional[str],
    ) -> Completed:
        started = time.monotonic()
        try:
            process = start(args, env=env, cwd=cwd, keep_fds=self._keep_fds)
            RUNNING.add(process)
        except FileNotFoundError:
            return Completed(argv=args, error=f"not found: {args[0]}", log_path=log)
        except PermissionError:
            return Completed(argv=args, error=f"permission denied: {args[0]}", log_path=log)
        except OSError as error:
            message = f"cannot start {args[0]}: {error.strerror}"
            return Completed(argv=args, error=message, log_path=log)
        limit = self._capture_cap if sink is None else self._log_tail
        tails = (Tail(limit), Tail(limit))
        try:
            if self._on_group is not None:
                self._on_group(process.pid, True)
            stopping = self._pump(process, started + allowed, sink, tails)
        except BaseException:
            # Interrupted here (Ctrl-C in this thread): stop the command before leaving.
            stop_now(process, signal.SIGINT, self._grace)
            raise
        finally:
            _close_pipes(process)
            RUNNING.discard(process)
            if self._on_group is not None:
                self._on_group(process.pid, False)
        if stopping is None:
            process.wait()  # it has exited: this only reaps it
        else:
            # Killed; a child stuck in the kernel (a hung driver) dies only when it leaves
            # it, so it is not waited for: subprocess reaps it later.
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=self._grace)
        out, err = (tail.value() for tail in tails)
        return Completed(
            argv=args,
            returncode=None if stopping else process.returncode,
            stdout=decode_output(out),
            stderr=decode_output(err),
            duration_s=round(time.monotonic() - started, 3),
            timed_out=stopping == "timed out",
            error="interrupted" if stopping == "interrupted" else None,
            log_path=log,
            truncated=any(tail.dropped for tail in tails),
        )

    def _pump(
        self,
        process: subprocess.Popen[bytes],
        deadline: float,
        sink: Optional[BinaryIO],
        tails: tuple[Tail, Tail],
    ) -> Optional[_Why]:
        """Read both pipes as output comes until the command is done or stopped; returns why
        it was stopped (``timed out``, ``interrupted``) or None."""
        with selectors.DefaultSelector() as selector:
            for pipe, tail in zip((process.stdout, process.stderr), tails):
                if pipe is not None:
                    selector.register(pipe, selectors.EVENT_READ, tail)
            why: Optional[_Why] = None
            stopping: Optional[Stopping] = None
            while selector.get_map() or process.poll() is None:
                now = time.monotonic()
                if stopping is None and (now >= deadline or self._stopped.is_set()):
                    why = "timed out" if now >= deadline else "interrupted"
                    first = signal.SIGTERM if why == "timed out" else signal.SIGINT
                    stopping = Stopping(first, now, self._grace)
                if stopping is not None and not stopping.step(process, now):
                    break
                due = deadline if stopping is None else stopping.due
                wait = max(0.0, min(due - now, _POLL_S))
                if not selector.get_map():
                    # Output is done; wait for the exit itself (returns as soon as it comes).
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        process.wait(timeout=wait)
                    continue
                for key, _events in selector.select(wait):
                    data = os.read(key.fd, _CHUNK)
                    if not data:
                        selector.unregister(key.fileobj)
                        continue
                    key.data.add(data)
                    if sink is not None:
                        sink.write(data)
        if stopping is not None:
            signal_group(process, signal.SIGKILL)  # whatever of its group outlived the leader
        return why


def _open_log(log: Optional[str]) -> Optional[BinaryIO]:
    """The log file, unbuffered so each chunk is on disk as it comes; its folder is made."""
    if log is None:
        return None
    Path(log).parent.mkdir(parents=True, exist_ok=True)
    return open(log, "wb", buffering=0)


def _close_pipes(process: subprocess.Popen[bytes]) -> None:
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()
