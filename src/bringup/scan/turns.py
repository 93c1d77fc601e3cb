"""Work dealt to a process and its forked copies as each asks for more, not in shares fixed
before they start.

A share fixed in advance rests on a guess of what each file costs, and the guess is off by
several times from one repo to the next (a shell script cost 340 ns a byte in MindIE-LLM's
scripts, 2,500 in others'): the process that forked then waited on its copies, or they on it.
Here each process takes the next item when it is free, so all finish within about one item of
each other whatever the guess. The items are numbers written to a file that the copies share
with the process that forked them: a read of a shared file moves the one offset they all
share, and the kernel moves it for one reader at a time, so every number is read by exactly one
process, with no lock that a copy killed while holding it would leave held.
"""

from __future__ import annotations

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
                data = os.read(self._files[which], _WIDTH)
                if len(data) < _WIDTH:
                    break
                yield int.from_bytes(data, "little")

    def close(self) -> None:
        """This process's side closed (each copy holds its own until it exits)."""
        for fd in self._files:
            os.close(fd)
        self._files = []


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
