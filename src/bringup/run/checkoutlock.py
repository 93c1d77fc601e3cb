"""One ``bringup up`` at a time per checkout, whatever its state folder: the state's own locks
(``run.lock``) keep two runs with one ``--state`` apart, but two runs of one repo with two
state folders ran its steps at once in the same tree and wrote each other's ``build/``
(outsider15 D10: two ``up`` of libdeflate, ``--state A`` and ``--state B``, both failed). The
lock is the kernel's ``flock`` on the checkout's directory itself: nothing is written into the
repo, every state folder and every user sees it, and it goes with the processes that hold it.

Nested checkouts (``up /a`` beside ``up /a/sub``: a submodule, a vendored tree) write into one
tree, so a run holds each of its checkouts exclusively and every folder above one shared: the
two refuse each other, while runs of sibling checkouts under one folder go on. Every folder
above, not the git top-level: a submodule is a top-level of its own, and a tree need not be git.

The locks outlive an ``up`` killed with SIGKILL as long as what it started runs: ``up`` hands
their descriptors to every command (``SubprocessRunner(keep_fds=...)``), and a ``flock`` belongs
to the open file description, so a step left running in its own session keeps the checkout held
until it ends (before, a second ``up`` with another state folder started beside it: review34).
An ``up`` that ends releases them itself (``LOCK_UN`` acts on the description, for each process
sharing it): a server a step left behind with the descriptor (a build daemon) holds nothing
after a run that ended; after a kill it does, and the refusal names it (``run.lockholders``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator, Sequence
from typing import Optional

from bringup.errors import ExitCode, StackError
from bringup.run.lockholders import file_key, holders, locks_on


class CheckoutBusy(StackError):
    """Another ``bringup up``, or a command one left running, holds one of this run's
    checkouts, or a checkout inside or around one."""

    exit_code = ExitCode.PROBLEMS


@contextlib.contextmanager
def checkouts_held(repos: Sequence[str]) -> Iterator[tuple[int, ...]]:
    """Hold each repo's checkout (its directory) exclusively and the folders above it shared,
    for the run; yield the descriptors the run's commands inherit. Raise ``CheckoutBusy``,
    naming who holds it, when another run (or what it left running) holds one. A directory
    that cannot be opened or locked (a file system without ``flock``) is not held."""
    checkouts = {os.path.realpath(r) for r in repos}
    held_for = {c: c for c in checkouts}  # a folder -> the checkout it is held for
    for checkout in sorted(checkouts):
        for folder in _above(checkout) if os.path.isdir(checkout) else ():
            held_for.setdefault(folder, checkout)
    with contextlib.ExitStack() as locks:
        opened = [locks.enter_context(_folder(f, held_for[f])) for f in sorted(held_for)]
        yield tuple(d for d in opened if d is not None)


def _above(path: str) -> Iterator[str]:
    parent = os.path.dirname(path)
    while parent != path:
        yield parent
        path, parent = parent, os.path.dirname(parent)


@contextlib.contextmanager
def _folder(folder: str, checkout: str) -> Iterator[Optional[int]]:
    """Lock ``folder``: exclusively where it is the checkout, shared where it is above it."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield None  # not a directory, gone, or not readable: the scan said so already
        return
    try:
        mode = fcntl.LOCK_EX if folder == checkout else fcntl.LOCK_SH
        try:
            fcntl.flock(descriptor, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            raise _refusal(folder, checkout, descriptor) from None
        except OSError:
            yield None  # no flock on this file system: not held
            return
        try:
            yield descriptor
        finally:
            # for every process sharing the description: what a step left running keeps nothing
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def _refusal(folder: str, checkout: str, descriptor: int) -> CheckoutBusy:
    key = file_key(os.fstat(descriptor))
    taken = locks_on(key)
    writing = [lock for lock in taken if lock.mode == "WRITE"]
    lock = next(iter(writing or taken), None)
    if folder != checkout:
        where, why = f"in {folder}, which {checkout} is inside", "one tree"
    elif lock is not None and lock.mode == "READ":
        where, why = f"in a checkout inside {folder}", "one tree"
    else:
        where, why = f"in {folder}", "one checkout"
    living = holders(key, None if lock is None else lock.pid)
    if lock is None or not living or living[0].pid == lock.pid:
        by = "" if lock is None else f" (process {lock.pid})"
        state = ", with another state folder" if why == "one checkout" else ""
        return CheckoutBusy(
            f"another `bringup up`{by} is running {where}{state}: two runs in {why} write "
            "over each other's build",
            hint="wait for it to finish (or stop it), then run again; "
            "runs of other repos are not held up",
        )
    first = next((h for h in living if h.pid == h.group), living[0])  # a step's leader first
    more = f" (and {len(living) - 1} more)" if len(living) > 1 else ""
    return CheckoutBusy(
        f"a command started by an earlier `bringup up` (process {lock.pid}, which ended "
        f"without stopping it) still runs {where}: process {first.pid} ({first.name}), "
        f"process group {first.group}{more}",
        hint=f"wait for it to end, or stop it (kill -- -{first.group}), then run again; a "
        "server a step started (a build daemon) holds it until it exits",
    )
