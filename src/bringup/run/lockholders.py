"""Who holds a checkout's ``flock`` (``run.checkoutlock``), for the refusal to say.

``/proc/locks`` names the process that took a lock, not those that hold it now: a lock belongs
to the open file description, which ``up`` hands to its steps, so after ``up`` is killed its
steps (and whatever of theirs kept the descriptor: a build server) hold the lock under the dead
``up``'s pid. The holders are the processes with a descriptor on that description: each one's
``/proc/PID/fdinfo/FD`` lists the description's locks (``lock:`` lines, as ``/proc/locks``
writes them)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import NamedTuple, Optional

_LISTED = 1_000_000
"""Bytes of ``/proc/locks`` read: thousands of locks."""


class Lock(NamedTuple):
    """One ``flock`` on the file: who took it and how (``READ``: shared, ``WRITE``)."""

    pid: int
    mode: str


class Holder(NamedTuple):
    """A living process holding the lock, its process group and name (``comm``)."""

    pid: int
    group: int
    name: str


def file_key(stat: os.stat_result) -> str:
    """The file as ``/proc/locks`` names it: device major:minor in hex, then inode."""
    return f"{os.major(stat.st_dev):02x}:{os.minor(stat.st_dev):02x}:{stat.st_ino}"


def locks_on(key: str) -> list[Lock]:
    """The ``flock`` locks on the file ``key`` from ``/proc/locks``; none where there is no
    ``/proc``."""
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as listed:
            lines = listed.read(_LISTED).splitlines()
    except OSError:
        return []
    found = (_parsed(line) for line in lines)
    return [lock for lock, on in filter(None, found) if on == key]


def holders(key: str, taker: Optional[int]) -> list[Holder]:
    """The living processes holding a lock on the file ``key``, the one that took it
    (``taker``) looked at first: where it still holds it, it alone is said."""
    if taker is not None and _holds(taker, key):
        return [h for h in [_holder(taker)] if h is not None]
    try:
        pids = sorted(int(name) for name in os.listdir("/proc") if name.isdigit())
    except OSError:
        return []
    found = (_holder(pid) for pid in pids if pid != os.getpid() and _holds(pid, key))
    return [h for h in found if h is not None]


def _holds(pid: int, key: str) -> bool:
    """Whether one of ``pid``'s descriptors holds a lock on ``key`` (False where it cannot be
    read: another user's process, or gone)."""
    folder = f"/proc/{pid}/fdinfo"
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return any(_has_lock(f"{folder}/{name}", key) for name in names)


def _has_lock(path: str, key: str) -> bool:
    try:
        with open(path, encoding="ascii", errors="replace") as info:
            lines: Iterable[str] = info.read(_LISTED).splitlines()
    except OSError:
        return False
    for line in lines:
        lock = _parsed(line[len("lock:") :]) if line.startswith("lock:") else None
        if lock is not None and lock[1] == key:
            return True
    return False


def _parsed(line: str) -> Optional[tuple[Lock, str]]:
    """``1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF`` -> (the lock, its file's key)."""
    fields = line.split()
    if len(fields) < 6 or fields[1] != "FLOCK" or not fields[4].isdigit():
        return None
    return Lock(int(fields[4]), fields[3]), fields[5]


def _holder(pid: int) -> Optional[Holder]:
    """The process ``pid`` with its group and name; None where it is gone or a zombie."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            head, _, rest = stat.read().rpartition(b")")
    except OSError:
        return None
    fields = rest.split()
    if len(fields) < 3 or fields[0] in (b"Z", b"X") or not fields[2].isdigit():
        return None
    name = head.partition(b"(")[2].decode("utf-8", "replace")
    return Holder(pid, int(fields[2]), name)
