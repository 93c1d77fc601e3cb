"""One ``bringup up`` at a time per stack and per repo in a state directory: two runs of the same
repo (two terminals, two CI jobs sharing ``$XDG_STATE_HOME``) would run the same step at once in
the same tree and environment, and the second would take the first's unfinished steps for an
interrupted run's (outsider10 D13). The lock is the kernel's (``flock``): it goes with the
process that holds it, however that process ends, so no stale lock is left to clear.

A step runs in its own session, so it outlives a ``bringup up`` killed with ``SIGKILL``; the
lock went with ``up``, and a second run would start on top of the orphaned step. So the lock
file also lists the process groups of the commands running now, each with its leader's start
time, and a run that takes the lock refuses while one of those groups still lives."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Optional

from bringup.errors import ExitCode, StackError
from bringup.run.checkoutlock import checkouts_held
from bringup.run.state import StateLayout
from bringup.writable import make_folder

_HEAD = 4096
"""Bytes of a lock file read back: the holder's pid and the groups of its running commands."""


class Busy(StackError):
    """Another ``bringup up`` holds the stack or one of its repos in this state directory, or a
    step an earlier one started still runs."""

    exit_code = ExitCode.PROBLEMS


class Holding:
    """The locks of one run, open; ``group`` keeps their lists of running process groups."""

    def __init__(self) -> None:
        self.descriptors: list[int] = []
        self.inherited: tuple[int, ...] = ()
        """The checkout locks, which the run's commands hold with it (``run.checkoutlock``)."""
        self._groups: dict[int, str] = {}
        self._lock = threading.Lock()
        pid = os.getpid()  # the first line, written once: this run's pid and start time
        self._holder = f"{pid} {_start_time(pid) or '-'}"

    def group(self, pgid: int, running: bool) -> None:
        """Note that the command leading process group ``pgid`` started (``running``) or ended;
        the runner calls it for each command (``SubprocessRunner(on_group=...)``)."""
        with self._lock:
            if running:
                self._groups[pgid] = _start_time(pgid) or "-"
            else:
                self._groups.pop(pgid, None)
            self._write()

    def claim(self) -> None:
        """Write this run's pid, and no group yet, into every lock file."""
        with self._lock:
            self._write()

    def _write(self) -> None:
        lines = [self._holder, *(f"{g} {t}" for g, t in sorted(self._groups.items()))]
        data = "\n".join(lines).encode("ascii") + b"\n"
        for descriptor in self.descriptors:
            # written over, then cut to its length: a reader (``up_lives``, unlocked) always
            # finds the first line, the same in each writing, never an empty file
            os.pwrite(descriptor, data, 0)
            os.ftruncate(descriptor, len(data))


def _lock_name(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return f"{kind}-{digest}.lock"


@contextlib.contextmanager
def held(layout: StateLayout, stack: str, repos: Sequence[str]) -> Iterator[Holding]:
    """Hold the locks of ``stack`` and of each repo (their absolute paths) for the run, and of
    each repo's checkout whatever the state folder (``run.checkoutlock``); raise
    ``Busy``, naming the process, when another run holds one or an earlier run's step still
    runs."""
    folder = layout.root / "locks"
    make_folder(folder)
    names = {_lock_name("stack", stack): "this stack"}
    names.update((_lock_name("repo", str(Path(r).resolve())), r) for r in repos)
    holding = Holding()
    with contextlib.ExitStack() as stack_of_locks:
        for name in sorted(names):
            descriptor = stack_of_locks.enter_context(_one(folder / name, names[name], layout.root))
            holding.descriptors.append(descriptor)
        # after this state's own: a run with this --state is said as that
        holding.inherited = stack_of_locks.enter_context(checkouts_held(repos))
        holding.claim()
        yield holding


@contextlib.contextmanager
def _one(path: Path, what: str, root: Path) -> Iterator[int]:
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder, _, _ = _read(descriptor)
            by = f" (process {holder})" if holder else ""
            raise Busy(
                f"another `bringup up`{by} is running {what} with the state in {root}",
                hint="wait for it to finish (or stop it), then run again; "
                "runs of other repos are not held up",
            ) from None
        holder, _, groups = _read(descriptor)
        living = next((g for g, start in groups if _lives(g, start)), None)
        if living is not None:
            by = f" (process {holder}, ended without stopping it)" if holder else ""
            raise Busy(
                f"a step of an earlier `bringup up`{by} still runs as process group {living} "
                f"on {what} with the state in {root}",
                hint=f"wait for it to finish, or stop it (kill -- -{living}), then run again",
            )
        yield descriptor
    finally:
        os.close(descriptor)


def up_lives(layout: StateLayout, stack: str) -> Optional[bool]:
    """Whether the ``bringup up`` that last held ``stack``'s lock still runs: a run recorded as
    running whose ``up`` is gone ended without writing its end (killed, or its state disk was
    full: outsider14 D10). Read without locking, so a reader never makes an ``up`` that starts
    meanwhile find the stack busy; None where the lock file cannot be read or there is no
    ``/proc`` to read the process table from."""
    path = layout.root / "locks" / _lock_name("stack", stack)
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    except OSError:
        return None
    try:
        holder, started, _ = _read(descriptor)
    finally:
        os.close(descriptor)
    if holder is None:
        return False
    if not os.path.isdir("/proc"):
        return None  # no process table to tell a live ``up`` from a gone one
    now = _start_time(int(holder))
    return now is not None and started in (None, "-", now)


def _read(descriptor: int) -> tuple[Optional[str], Optional[str], list[tuple[int, str]]]:
    """The pid of the run that wrote the lock file, its start time (None from a bringup that
    wrote the pid alone) and its running groups (leader start times)."""
    lines = os.pread(descriptor, _HEAD, 0).decode("ascii", "replace").splitlines()
    first = lines[0].split() if lines else []
    holder = first[0] if first and first[0].isdigit() else None
    started = first[1] if holder is not None and len(first) > 1 else None
    groups = []
    for line in lines[1:]:
        fields = line.split()
        if len(fields) == 2 and fields[0].isdigit():
            groups.append((int(fields[0]), fields[1]))
    return holder, started, groups


def _lives(pgid: int, start: str) -> bool:
    """Whether process group ``pgid`` still lives and is the one recorded: the kernel keeps a
    group's id from reuse while any member lives, so a process now holding that pid with
    another start time means the recorded group is gone."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    if _only_zombies(pgid):
        return False
    now = _start_time(pgid)
    return now is None or start in ("-", now)


def _only_zombies(pgid: int) -> bool:
    """Whether every process left in group ``pgid`` has ended and waits to be reaped: the
    kernel still signals a zombie, and the parent of an orphaned step may never reap it (a
    container whose first process reaps nothing), so a killed step would hold the lock for
    good. False where ``/proc`` cannot tell."""
    try:
        pids = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return False
    members = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if len(fields) > 2 and fields[2] == str(pgid).encode("ascii"):
            members += 1
            if fields[0] not in (b"Z", b"X"):
                return False
    return members > 0


def _start_time(pid: int) -> Optional[str]:
    """The process's start time in clock ticks since boot (``/proc/PID/stat`` field 22), or
    None where there is no such process or no ``/proc``."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[19].decode("ascii") if len(fields) > 19 else None
