"""How many processes read a big repo's files (``readahead.copies``): what the user asks for
(``scan --jobs``, ``BRINGUP_JOBS``), else the cores nothing else keeps busy, weighed by the load
average and by the tasks runnable now (the average still counts scans that have ended); and a
scan stopped by a signal to its own process alone ends its copies instead of waiting for them
to read the rest of the repo."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Optional

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.scan import readahead
from bringup.scan.repo import scan_repo
from bringup.scan.turns import Turns

SIX = Path(__file__).resolve().parents[2] / "examples" / "six-repos"


@pytest.fixture
def one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the CLI's process: no thread beside the main one (pytest may run one)."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.delenv(readahead.JOBS_VARIABLE, raising=False)


@pytest.mark.parametrize(
    ("cores", "load", "running", "forks"),
    [
        # two cores, a benchmark's scans one after another: the average near 1 counts the
        # scans that ended; only this process runs now (it counts itself)
        (2, 0.9, 1, 1),
        (2, 9.4, 9, 0),  # this workplace's shared machine: every core taken, now and before
        (2, 0.2, 6, 1),  # a burst now on an idle machine: the average still says idle
        (4, 3.0, 3, 1),  # two others running now, three on average: the fewer count
        (8, 0.0, 1, readahead.MOST_COPIES),
    ],
)
@pytest.mark.usefixtures("one_thread")
def test_the_cores_others_keep_busy_are_the_fewer_of_the_average_and_now(
    monkeypatch: pytest.MonkeyPatch, cores: int, load: float, running: int, forks: int
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(cores)), raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(readahead, "_running_now", lambda: running)
    assert readahead.copies() == forks


def test_the_tasks_running_now_are_read_from_proc_loadavg() -> None:
    running = readahead._running_now()
    if not Path("/proc/loadavg").exists():
        assert running is None
    else:
        assert running is not None
        assert running >= 1  # this process, reading it


@pytest.mark.parametrize(
    ("value", "forks"),
    [
        ("1", 0),
        ("3", 2),
        (" 16 ", 15),
        ("", 3),  # unset or empty: the idle four cores' three copies
        ("1000", 3),  # a typo forks no more copies than the cores can run
    ],
)
@pytest.mark.usefixtures("one_thread")
def test_bringup_jobs_says_how_many_processes(
    monkeypatch: pytest.MonkeyPatch, value: str, forks: int
) -> None:
    cores = 16 if value.strip() == "16" else 4
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(cores)), raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    monkeypatch.setattr(readahead, "_running_now", lambda: 1)
    monkeypatch.setenv(readahead.JOBS_VARIABLE, value)
    assert readahead.copies() == forks


@pytest.mark.parametrize("value", ["0", "two", "-1", "2.5", "\u00b2"])
@pytest.mark.usefixtures("one_thread")
def test_bringup_jobs_that_is_no_number_of_processes_is_refused(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(readahead.JOBS_VARIABLE, value)
    with pytest.raises(InputError, match="BRINGUP_JOBS"):
        readahead.copies()


@pytest.mark.usefixtures("one_thread")
def test_jobs_given_wins_over_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(8)), raising=False)
    monkeypatch.setenv(readahead.JOBS_VARIABLE, "4")
    assert readahead.copies(1) == 0
    assert readahead.copies(2) == 1


def test_a_thread_beside_this_one_forks_no_copy_whatever_was_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert readahead.copies(4) == 0


@pytest.mark.parametrize("argv", [["--jobs", "0"], ["-j", "x"]])
def test_scan_jobs_that_is_no_number_of_processes_is_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scan", *argv, str(SIX / "ascend-ops")]) == 2


@pytest.mark.usefixtures("one_thread")
def test_scan_jobs_changes_who_reads_not_what_is_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(readahead, "AT_LEAST", 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: set(range(4)), raising=False)
    forked: list[int] = []
    fork = readahead._fork

    def counted(*args: object) -> Optional[tuple[int, int]]:
        child = fork(*args)  # type: ignore[arg-type]
        forked.append(0 if child is None else child[0])
        return child

    monkeypatch.setattr(readahead, "_fork", counted)
    outputs = []
    for jobs in ("1", "3"):
        assert main(["scan", "--json", "-j", jobs, str(SIX / "ascend-ops")]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert len(forked) == 2  # -j 1: none; -j 3: two copies


def _forked_pids(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The copies ``read_ahead`` forks, as they are forked."""
    pids: list[int] = []
    fork = readahead._fork

    def kept(*args: object) -> Optional[tuple[int, int]]:
        child = fork(*args)  # type: ignore[arg-type]
        if child is not None:
            pids.append(child[0])
        return child

    monkeypatch.setattr(readahead, "_fork", kept)
    return pids


def _gone(pid: int) -> bool:
    """Whether ``pid`` was waited for (no such child left, not even a zombie)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def _slow_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file of a copy takes three seconds: copies waited for to the end take several
    times the bound the tests set (each copy of ascend-ops reads five files or so)."""
    here, read_one = os.getpid(), readahead.read_one

    def slow(*args: object) -> readahead.Read:
        if os.getpid() != here:
            time.sleep(3)
        return read_one(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(readahead, "read_one", slow)


def test_interrupted_in_its_own_turns_the_copies_are_ended_not_waited_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(readahead, "AT_LEAST", 1)
    _slow_copies(monkeypatch)
    pids = _forked_pids(monkeypatch)
    here, taken = os.getpid(), Turns.taken

    def interrupted(self: Turns, first: int) -> Iterator[int]:
        if os.getpid() == here:  # ``kill -INT`` of this process alone
            raise KeyboardInterrupt
        return taken(self, first)

    monkeypatch.setattr(Turns, "taken", interrupted)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        scan_repo(SIX / "ascend-ops", "ascend-ops", forks=2)
    assert time.monotonic() - start < 5  # not three seconds a file of the copies'
    assert len(pids) == 2
    assert all(_gone(pid) for pid in pids)


def test_interrupted_while_waiting_the_copies_left_are_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(readahead, "AT_LEAST", 1)
    _slow_copies(monkeypatch)
    pids = _forked_pids(monkeypatch)

    def interrupted(pid: int, reading: int) -> dict[tuple[str, str], readahead.Read]:
        os.close(reading)  # as ``_collect``'s ``with`` does, however it ends
        raise KeyboardInterrupt

    monkeypatch.setattr(readahead, "_collect", interrupted)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        scan_repo(SIX / "ascend-ops", "ascend-ops", forks=2)
    assert time.monotonic() - start < 5
    assert len(pids) == 2
    assert all(_gone(pid) for pid in pids)
