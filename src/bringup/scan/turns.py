"""Work dealt to a process and its forked copies as each asks for more, not in shares fixed
before they start.

A share fixed in advance rests on a guess of what each file costs, and the guess is off by
several times from one repo to the next (a shell script cost 340 ns a byte in MindIE-LLM's
scripts, 2,500 in others'): the process that forked then waited on its copies, or they on it.
Here each process takes the next item when it is free, so all finish within about one item of
each other whatever the guess. The items are numbers written to a file that the copies share
with the process that forked them, read four bytes at a time from the one offset they all
share, under a record lock (``lockf``): the kernel does not move a shared offset for one reader
at a time for every file (a memfd's readers raced: 42 of 6,000 items read twice), and a record
lock is let go by the kernel when its holder dies, so a copy killed while holding it leaves
nothing held.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator, Sequence

_WIDTH = 4
"""Bytes of each number (little-endian): four billion items at most."""


class Turns:
    """Two lists of items (numbers), each taken in its order by whichever process asks first;
    a process asks first from the list it prefers, then from the other."""

    def __init__(self, lists: Sequence[Sequence[int]]) -> None:
        self._files: list[int] = []
        try:
            for items in lists:
                self._files.append(_written(items))
        except BaseException:
            self.close()
            raise

    def taken(self, first: int) -> Iterator[int]:
        """The items this process takes, list ``first`` before the others, until all are taken."""
        order = [first, *(i for i in range(len(self._files)) if i != first)]
        for which in order:
            while True:
                try:
                    data = _next(self._files[which])
                except OSError:  # no record lock here (ENOLCK): the ordered pass reads the rest
                    return
                if len(data) < _WIDTH:
                    break
                yield int.from_bytes(data, "little")

    def close(self) -> None:
        """This process's side closed (each copy holds its own until it exits)."""
        for fd in self._files:
            os.close(fd)
        self._files = []


def _next(fd: int) -> bytes:
    """The next number's bytes from ``fd``, read by one process at a time."""
    fcntl.lockf(fd, fcntl.LOCK_EX)
    try:
        return os.read(fd, _WIDTH)
    finally:
        fcntl.lockf(fd, fcntl.LOCK_UN)


def _written(items: Sequence[int]) -> int:
    """A file holding ``items``, open and read from its start: in memory where the system
    offers it (Linux's ``memfd_create``), else an unnamed temporary file."""
    data = memoryview(b"".join(item.to_bytes(_WIDTH, "little") for item in items))
    fd = _unnamed()
    try:
        while data:
            data = data[os.write(fd, data) :]
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _unnamed() -> int:
    if hasattr(os, "memfd_create"):
        try:
            return os.memfd_create("bringup-turns", os.MFD_CLOEXEC)
        except OSError:  # refused (a sandbox's seccomp filter): a temporary file does the same
            pass
    import tempfile

    with tempfile.TemporaryFile() as file:
        return os.dup(file.fileno())
