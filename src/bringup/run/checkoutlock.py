"""One ``bringup up`` at a time per checkout, whatever its state folder: the state's own locks
(``run.lock``) keep two runs with one ``--state`` apart, but two runs of one repo with two
state folders ran its steps at once in the same tree and wrote each other's ``build/``
(outsider15 D10: two ``up`` of libdeflate, ``--state A`` and ``--state B``, both failed). The
lock is the kernel's ``flock`` on the checkout's directory itself: nothing is written into the
repo, every state folder and every user sees it, and it goes with the process that holds it.
Who holds it is read from ``/proc/locks``."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator, Sequence
from typing import Optional

from bringup.errors import ExitCode, StackError


class CheckoutBusy(StackError):
    """Another ``bringup up`` runs in one of this run's checkouts."""

    exit_code = ExitCode.PROBLEMS


@contextlib.contextmanager
def checkouts_held(repos: Sequence[str]) -> Iterator[None]:
    """Hold the lock of each repo's checkout (its directory) for the run; raise
    ``CheckoutBusy``, naming the process where ``/proc/locks`` tells it, when another run holds
    one. A directory that cannot be locked (a file system without ``flock``) is not held."""
    with contextlib.ExitStack() as locks:
        for repo in sorted({os.path.realpath(r) for r in repos}):
            locks.enter_context(_checkout(repo))
        yield


@contextlib.contextmanager
def _checkout(repo: str) -> Iterator[None]:
    try:
        descriptor = os.open(repo, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield  # not a directory, or gone: the scan said so already
        return
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(os.fstat(descriptor))
            by = f" (process {holder})" if holder else ""
            raise CheckoutBusy(
                f"another `bringup up`{by} is running in {repo}, with another state folder: "
                "two runs in one checkout write over each other's build",
                hint="wait for it to finish (or stop it), then run again; "
                "runs of other repos are not held up",
            ) from None
        except OSError:
            pass  # no flock on this file system: not held
        yield
    finally:
        os.close(descriptor)


def _holder(stat: os.stat_result) -> Optional[str]:
    """The pid that holds a ``flock`` on the file of ``stat``, from ``/proc/locks`` (``1: FLOCK
    ADVISORY WRITE 1234 08:01:5678 0 EOF``: pid, device major:minor in hex, inode); None where
    it is not listed or there is no ``/proc``."""
    device = f"{os.major(stat.st_dev):02x}:{os.minor(stat.st_dev):02x}:{stat.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            lines = locks.read(1_000_000).splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == device:
            return fields[4] if fields[4].isdigit() else None
    return None
