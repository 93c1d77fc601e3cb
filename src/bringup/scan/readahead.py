"""A big repo's files read on the machine's other cores before the scan's ordered pass.

What a file states depends on no file read before it, except a shell script's: whether the
repo's build runs it (``run_by_build``) is known only once the files before it are read. So
the files the walk found are read ahead by this process and forked copies of it, each taking
the next file when it is free, each script read as one the build does not run; the ordered
pass (``repo.scan_repo``, through ``Reader``) takes each file's reading from here and reads
again only a script the build turned out to run and the files the walk did not find
(includes, linked guides). Only who reads a file changes, so the scan's output is the same as
reading every file in order. A copy that fails hands back nothing, and the ordered pass reads
the files it took itself.
"""

from __future__ import annotations

import gc
import os
import signal
import threading
from collections.abc import Callable, Sequence
from typing import NamedTuple, Optional

import msgspec

from bringup import patterncache
from bringup.errors import InputError
from bringup.scan.clitests import command_line_only
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.fileextract import extract_file
from bringup.scan.reading import read_text
from bringup.scan.shell import read_alike_if_run
from bringup.scan.turns import Turns
from bringup.scan.walk import RepoFile

AT_LEAST = 256
"""Files the walk must find before copies are forked, unless they are costly to read
(``AT_LEAST_NS``): a fork and the hand back of what a copy read cost a few milliseconds, a
small repo's whole scan takes a few tens."""
AT_LEAST_NS = 150_000_000
"""What reading the walk's files is expected to cost (``_cost``, summed) that has copies forked
however few the files are: a repo of a few heavy files (long guides, build scripts) reads as
long as one of hundreds of light ones. FlagScale (107 files, 0.60 s expected) read by this
process alone: its CPU 0.61-0.62 s; with one copy 0.53-0.54 (the copy 0.09). InfiniCore (492
files, 0.19 s expected, forked by its count): 0.43-0.44 alone, 0.38-0.40 with a copy. Half the
evaluation checkouts (108 of 237) have fewer than ``AT_LEAST`` files and more than this."""

MOST_COPIES = 7
"""Forked copies at most, whatever the number of cores: what one process does before and after
them (start-up, the walk, the ordered pass and what follows it) takes most of the time left
past a few. MindIE-LLM (3,455 files), CPU seconds of this process's path (before the copies,
its own turns, after them) with 1, 3, 5 and 7 copies: 1.3-1.45, 1.0, 0.9-0.98, 0.89; each copy
costs ~0.03 s more CPU in all."""

_NS_PER_BYTE = {"tests": 15, "cmake": 500, "shell": 2500}
"""What reading a byte costs by kind (ns), roughly, measured on five operator, inference and
tool repos (MindIE-LLM, ops-cv, ops-transformer, msmodelslim, akg): a test file is searched for
a few markers only; Markdown, setup.py and the manifests cost ~2,000 (``_OTHER``), a script
400-3,500. Only the order the files are taken in rests on it (the costliest first, so that
the last turns are short ones): who reads what is settled by who is free (``turns``)."""
_OTHER = 2000
_NS_PER_FILE = 100_000
"""What reading any file costs beside its bytes (opening, decoding, the extractor's set-up)."""
_KEPT_HERE = ("shell", "cmake")
"""Kinds this process takes first and its copies last: what their parsing leaves in its caches
(``commands._parsed``, ``cmakelex._lexed``) is read again after the ordered pass (the steps'
recipes, the CMake functions nothing calls)."""


class Read(NamedTuple):
    """One file's reading: its text (None when unreadable), what went wrong reading it, what
    its extractor found, as for a script the build does not run, and for a Python test file
    whether it is a command-line script (``clitests``; None for any other file)."""

    text: Optional[str]
    problems: list[Finding]
    extraction: Optional[Extraction]
    script: Optional[bool] = None


def read_one(entry: RepoFile, ref: str, collection: bool) -> Read:
    """``entry`` read as the ordered pass reads it, cited as ``ref``; a Python test file also
    told apart from a command-line script here, on the core that read it, not after every
    file is read (``clitests.test_files``: flashinfer's 93 candidates, ~0.1 s)."""
    text, problems = read_text(entry.path, ref)
    if text is None:
        return Read(None, problems, None)
    source = SourceFile(ref=ref, rel=entry.rel, text=text)
    extraction = extract_file(entry.kind, source, collection)
    return Read(text, problems, extraction, _script(entry, text))


def _script(entry: RepoFile, text: str) -> Optional[bool]:
    """Whether ``entry`` (its ``text``) is a command-line script named like a test; None for
    a file ``clitests.test_files`` does not ask about."""
    if entry.kind != "tests" or not entry.rel.endswith(".py"):
        return None
    return command_line_only(text)


JOBS_VARIABLE = "BRINGUP_JOBS"
"""The processes a scan reads a big repo's files in, this one included, where ``scan --jobs``
does not say: 1 reads every file here, in order (no copy)."""


def copies(jobs: Optional[int] = None) -> int:
    """How many copies to fork: ``jobs`` less one where the user said how many processes
    (``scan --jobs``, else ``JOBS_VARIABLE``), no more than the cores this process may run on
    allow; else one less than those cores that nothing else keeps busy (``_busy``), at most
    ``MOST_COPIES``. None on a machine whose cores are all taken: copies only share the same
    cores then and cost more than they save (two cores at load 9: each of the five speed
    repos' scans 4-10 % more CPU, no sooner done); none where a thread besides this one runs
    (a fork copies only the calling thread, and a lock another holds stays held in the copy)."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return 0
    asked = jobs if jobs is not None else _jobs_set()
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    if asked is not None:  # no more than the cores: a copy beyond them only waits its turn
        return min(asked, cores) - 1
    return max(0, min(round(cores - _busy()) - 1, MOST_COPIES))


def _jobs_set() -> Optional[int]:
    """The processes ``JOBS_VARIABLE`` asks for; None where it is unset or empty."""
    value = os.environ.get(JOBS_VARIABLE, "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit()) or int(value) < 1:
        raise InputError(
            f"{JOBS_VARIABLE}={value!r} is not a number of processes",
            hint=f"set {JOBS_VARIABLE} to 1 or more (1: no copies), or unset it",
        )
    return int(value)


def _busy() -> float:
    """The cores others keep busy: the last minute's load average (as ``make -l`` weighs it),
    but no more than the tasks runnable now beside this one (``/proc/loadavg``'s fourth field
    counts this process too). The average still counts the scans that ran just before this one
    and have ended (a benchmark's, a script's): two cores, a scan every few seconds, the
    average near 1 and no copy forked although nothing else ran."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        load = 0.0
    running = _running_now()
    return load if running is None else min(load, float(max(running - 1, 0)))


def _running_now() -> Optional[int]:
    """The tasks runnable at this moment, this one included (Linux); None elsewhere."""
    try:
        with open("/proc/loadavg", encoding="ascii") as stream:
            return int(stream.read().split()[3].split("/")[0])
    except (OSError, ValueError, IndexError):
        return None


def read_ahead(
    files: Sequence[tuple[RepoFile, str]],
    collection: bool,
    forks: int,
    meanwhile: Callable[[], object] = lambda: None,
) -> dict[tuple[str, str], Read]:
    """The reading of each of ``files`` (each with its ref), by repo path and kind, shared
    between this process and ``forks`` copies, each taking the next file when it is free
    (``turns``); empty without copies, or below ``AT_LEAST`` files that cost less than
    ``AT_LEAST_NS`` to read (the ordered pass then reads every file). ``meanwhile`` is work
    of this process's own that needs none of the readings: run once the copies are forked,
    before this process takes its turns, so the copies read more of the files meanwhile (with
    one copy, X seconds of it lengthen the scan by about X/2, not X); at once without copies."""
    if forks < 1:
        meanwhile()
        return {}
    costs = [_cost(entry) for entry, _ in files]
    if len(files) < AT_LEAST and sum(costs) < AT_LEAST_NS:
        meanwhile()
        return {}
    done: dict[tuple[str, str], Read] = {}
    for index in _cheapest_of_each_kind(files, costs):
        entry, ref = files[index]
        done[(entry.rel, entry.kind)] = read_one(entry, ref, collection)
    rest = sorted(
        (i for i, (entry, _) in enumerate(files) if (entry.rel, entry.kind) not in done),
        key=lambda i: -costs[i],
    )
    try:
        turns = Turns(
            [
                [i for i in rest if files[i][0].kind in _KEPT_HERE],
                [i for i in rest if files[i][0].kind not in _KEPT_HERE],
            ]
        )
    except OSError:  # no file to deal the turns from (no memory, no temporary directory)
        meanwhile()
        return done
    # the objects made so far moved out of the collector's reach while the copies are forked:
    # a collection in a copy would otherwise touch every one of them, and the kernel copy
    # each page it touches (MindIE-LLM: the copy's CPU 0.65 s, 0.61 s frozen)
    gc.freeze()
    try:
        children = [_fork(turns, files, collection) for _ in range(forks)]
    finally:
        gc.unfreeze()
    interrupted = False
    try:
        meanwhile()
        for index in turns.taken(first=0):
            entry, ref = files[index]
            done[(entry.rel, entry.kind)] = read_one(entry, ref, collection)
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (``Terminated``)
        interrupted = True
        raise
    finally:  # however this process's turns end, each copy is waited for (none left blocked)
        turns.close()
        _gather([child for child in children if child is not None], done, interrupted)
    return done


class Reader:
    """The ordered pass's reading of each file: what was read ahead (``read_ahead``), else
    read now; and what ``meanwhile`` found, run while the copies read (``found_meanwhile``)."""

    def __init__(
        self,
        files: Sequence[tuple[RepoFile, str]],
        collection: bool,
        forks: int,
        meanwhile: Callable[[], list[Finding]] = list,
    ) -> None:
        self.collection = collection
        self.found_meanwhile: list[Finding] = []

        def run() -> None:
            self.found_meanwhile = meanwhile()

        self.done = read_ahead(files, collection, forks, run)

    def text(self, entry: RepoFile, ref: str) -> tuple[Optional[str], list[Finding]]:
        """``entry``'s text (None when unreadable) and what went wrong reading it."""
        done = self.done.get((entry.rel, entry.kind))
        return read_text(entry.path, ref) if done is None else (done.text, done.problems)

    def extraction(self, entry: RepoFile, ref: str, text: str, *, run_by_build: bool) -> Extraction:
        """What ``entry`` (its ``text``) states; read again when the build runs it, if that
        changes its reading (only a script's, and not every script's: ``read_alike_if_run``)."""
        done = self.done.get((entry.rel, entry.kind))
        alike = not run_by_build or entry.kind != "shell" or read_alike_if_run(entry.rel)
        if done is not None and done.extraction is not None and alike:
            return done.extraction
        source = SourceFile(ref=ref, rel=entry.rel, text=text, run_by_build=run_by_build)
        return extract_file(entry.kind, source, self.collection)

    def script(self, entry: RepoFile, text: str) -> bool:
        """Whether the Python test file ``entry`` (its ``text``) is a command-line script
        (``clitests.command_line_only``), as told when it was read ahead, else now."""
        done = self.done.get((entry.rel, entry.kind))
        if done is not None and done.script is not None:
            return done.script
        return command_line_only(text)


def _cheapest_of_each_kind(files: Sequence[tuple[RepoFile, str]], costs: list[int]) -> list[int]:
    """The cheapest file of each kind (its index): read before the copies are forked, so what
    a kind's first reading builds (markdown-it-py imported and its parser made, the
    vocabulary's tables) is built once and inherited, not again in every copy."""
    cheapest: dict[str, int] = {}
    for index, (entry, _) in enumerate(files):
        known = cheapest.get(entry.kind)
        if known is None or costs[index] < costs[known]:
            cheapest[entry.kind] = index
    return sorted(cheapest.values())


def _cost(entry: RepoFile) -> int:
    """What reading ``entry`` is expected to cost (ns): ``_NS_PER_FILE`` and its bytes'."""
    try:
        size = entry.path.stat().st_size
    except OSError:
        size = 0
    return _NS_PER_FILE + size * _NS_PER_BYTE.get(entry.kind, _OTHER)


_HANDED = msgspec.msgpack.Decoder(tuple[list[tuple[str, str, Read]], dict[str, patterncache.Entry]])
"""What a copy hands back: its readings and the patterns it compiled. Decoded by type, not
unpickled: a field that held its default is left out and comes back as that very object, so
``omit_defaults`` leaves it out of the scan's output as it would have (``confidence="high"``
unpickled is an equal string, not the default, and would be written)."""


def _fork(
    turns: Turns, files: Sequence[tuple[RepoFile, str]], collection: bool
) -> Optional[tuple[int, int]]:
    """A copy of this process reading the ``files`` it takes its turn at (``turns``, the list
    of the kinds this process keeps last): its process id and the pipe it writes its readings
    to (with the patterns it compiled, ``patterncache.grown``); None when no copy could be
    made. The copy never returns: it leaves by ``os._exit``, skipping the exit handlers and the
    buffers that are this process's."""
    try:
        reading, writing = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid:
        os.close(writing)
        return pid, reading
    code = 1
    try:
        os.close(reading)
        done = []
        for index in turns.taken(first=1):
            entry, ref = files[index]
            done.append((entry.rel, entry.kind, read_one(entry, ref, collection)))
        data = msgspec.msgpack.encode((done, patterncache.grown()))
        with os.fdopen(writing, "wb") as out:
            out.write(data)
        code = 0
    finally:
        os._exit(code)


def _gather(children: list[tuple[int, int]], done: dict[tuple[str, str], Read], stop: bool) -> None:
    """What each copy read (``_collect``), into ``done``, each copy waited for. Where the user
    stopped the scan (``stop``), or stops it while this process waits, the copies not yet
    waited for are ended first: a Ctrl-C at a terminal reaches them too, but a signal to this
    process alone (``kill -INT``, a parent's) does not, and they would read the rest of the
    repo before this process could leave (MindIE-LLM: 3.7 s after the signal)."""
    for number, (pid, reading) in enumerate(children):
        if stop:
            os.close(reading)
            _end(pid)
            continue
        try:
            done.update(_collect(pid, reading))
        except KeyboardInterrupt:
            _end(pid)  # its pipe closed by ``_collect``
            for other, unread in children[number + 1 :]:
                os.close(unread)
                _end(other)
            raise


def _end(pid: int) -> None:
    """The copy ``pid`` ended (it holds nothing to leave tidy: its readings go only to its
    pipe) and waited for; nothing where it was waited for already."""
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == 0:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    except ChildProcessError:  # waited for already (interrupted after ``_collect``'s wait)
        pass


def _collect(pid: int, reading: int) -> dict[tuple[str, str], Read]:
    """What the copy ``pid`` read, from its pipe; empty when it failed."""
    with os.fdopen(reading, "rb") as stream:
        data = stream.read()
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        return {}
    try:
        done, compiled = _HANDED.decode(data)
    except msgspec.DecodeError:  # a copy cut short: the ordered pass reads its files
        return {}
    patterncache.adopt(compiled)
    return {(rel, kind): read for rel, kind, read in done}
