"""Items dealt in turns (``turns``) to a process and its forked copies: each item is taken by
exactly one of them, each process asks first for the list it prefers."""

from __future__ import annotations

import os

import pytest

from bringup.scan.turns import Turns


def test_one_process_takes_its_list_first_then_the_other() -> None:
    turns = Turns([[3, 1, 2], [7, 5]])
    try:
        assert list(turns.taken(first=1)) == [7, 5, 3, 1, 2]
        assert list(turns.taken(first=0)) == []  # nothing is taken twice
    finally:
        turns.close()


def test_each_item_is_taken_by_exactly_one_of_the_processes() -> None:
    kept, rest = list(range(3000)), list(range(3000, 6000))
    turns = Turns([kept, rest])
    children = []
    for _ in range(3):
        reading, writing = os.pipe()
        pid = os.fork()
        if pid == 0:  # a copy: what it took, as text, then out
            code = 1
            try:
                os.close(reading)
                taken = ",".join(str(item) for item in turns.taken(first=1))
                with os.fdopen(writing, "w") as out:
                    out.write(taken)
                code = 0
            finally:
                os._exit(code)
        os.close(writing)
        children.append((pid, reading))
    mine = list(turns.taken(first=0))
    turns.close()
    theirs: list[int] = []
    for pid, reading in children:
        with os.fdopen(reading) as stream:
            text = stream.read()
        assert os.waitpid(pid, 0)[1] == 0
        theirs.extend(int(item) for item in text.split(",") if item)
    assert sorted(mine + theirs) == kept + rest


def test_a_lock_the_system_refuses_ends_the_turns_without_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """review30: where ``lockf`` fails (ENOLCK: a temporary file on a file system without
    record locks) the OSError ended the scan with a traceback; the files left untaken are the
    ordered pass's to read."""
    import errno
    import fcntl

    def refused(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    turns = Turns([[1, 2], [3]])
    try:
        monkeypatch.setattr(fcntl, "lockf", refused)
        assert list(turns.taken(first=0)) == []
    finally:
        turns.close()
