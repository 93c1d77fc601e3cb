"""Release lists of many projects from one package index: fetched in parallel through a
fetcher passed in (``bringup.index.http.fetch_page`` for real, recorded pages in tests),
each request under a timeout and all of them under one budget, kept in bringup's cache for
a day. Nothing here raises for the network: a project that could not be fetched is listed
with the reason, and the caller falls back to the knowledge base and this machine.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Optional

import msgspec

from bringup import cache
from bringup.errors import InputError
from bringup.index.simple import NotJson, Project, offered, parse_project
from bringup.index.url import split_url
from bringup.model.rules import Rule
from bringup.model.source import Source
from bringup.redaction import redact_secrets
from bringup.solve.catalogue import Release

Fetcher = Callable[[str, float], Optional[bytes]]
"""GET ``url`` within ``timeout`` seconds: the body, None for no such project (404); raises
``OSError`` when the index cannot be reached."""

DEFAULT_URL = "https://pypi.org/simple"
REQUEST_TIMEOUT_S = 5.0
BUDGET_S = 20.0
WORKERS = 8
MAX_AGE_S = 24 * 3600.0
CACHE_KIND = cache.Kind("index", "json", keep=4096)
REASON_CHARS = 200
FALLBACK = "versions from the KB and this machine only"


def index_url(given: str, chosen: str) -> str:
    """``--index=URL``; a bare ``--index``: ``chosen``, the index ``up`` installs from
    (``run.indexes``: uv's variables, then pip's variable and config files, else PyPI). A URL
    given that is not http(s) is an input error: ``--index`` takes its value only when it
    follows at once, so ``--index PATH`` reads the path as the URL (and the stack as ``.``).
    A configured URL is not refused here: if it is unusable, the index is unreachable (one
    warning), as it would be for the installer that reads it."""
    if given:
        try:
            split_url(given)
        except ValueError as error:
            raise InputError(
                f"--index {redact_secrets(given)}: {error}",
                hint="use `--index=URL`, or put the path before `--index`",
            ) from None
    return (given or chosen).rstrip("/")


def project_name(subject: str) -> str:
    """The PEP 503 name of a distribution subject (``pypi:Foo_Bar``, a catalogued package subject
    such as ``torch``)."""
    bare = subject.split(":", 1)[1] if subject.startswith("pypi:") else subject
    return re.sub(r"[-_.]+", "-", bare).lower()


class _Entry(msgspec.Struct, frozen=True):
    project: Project
    fetched: float


@dataclass(frozen=True)
class Fetched:
    """One project's list, and when the index gave it (seconds since the epoch)."""

    project: Project
    fetched: float

    @property
    def date(self) -> str:
        return datetime.fromtimestamp(self.fetched, timezone.utc).strftime("%Y-%m-%d")


@dataclass(frozen=True)
class IndexAnswer:
    """What the index said per subject; what it could not be asked (``failed``) and what
    it answered but not as PEP 691 JSON (``unreadable``, an HTML-only PEP 503 index), each
    with why; and how many requests went out (the rest came from the cache)."""

    url: str
    found: Mapping[str, Fetched]
    failed: Mapping[str, str]
    requests: int
    unreadable: Mapping[str, str] = field(default_factory=dict)

    @property
    def shown_url(self) -> str:
        return redact_secrets(self.url)

    def warnings(self) -> list[str]:
        """One line per kind of failure (unreachable, not JSON): for all the projects when
        none was read, else naming those that were not; and one naming the projects the
        index does not have."""
        url = self.shown_url
        fallback = f"their {FALLBACK}" if self.found else FALLBACK
        lines = []
        if self.failed:
            what = f"fetch {_names(self.failed)} from" if self.found else "reach"
            lines.append(f"could not {what} {url}: {_first(self.failed)}; {fallback}")
        if self.unreadable:
            asked = f" for {_names(self.unreadable)}" if self.found else ""
            lines.append(
                f"{url} answered{asked}, but not as PEP 691 JSON "
                f"({_first(self.unreadable)}); {fallback}"
            )
        absent = sorted(s for s, f in self.found.items() if not f.project.found)
        if absent:
            lines.append(f"not on {url}: {', '.join(absent)}")
        return lines


def _names(failures: Mapping[str, str]) -> str:
    return ", ".join(sorted(failures))


def _first(failures: Mapping[str, str]) -> str:
    return failures[min(failures)]


def fetch_projects(
    subjects: Iterable[str],
    url: str,
    fetcher: Fetcher,
    *,
    cache_dir: Optional[Path],
    now: Optional[float] = None,
    timeout: float = REQUEST_TIMEOUT_S,
    budget: float = BUDGET_S,
    workers: int = WORKERS,
) -> IndexAnswer:
    """The release list of each subject from the index at ``url``: from the cache when
    fetched less than ``MAX_AGE_S`` ago, else through ``fetcher`` on a small thread pool.
    A request still running when ``budget`` is spent is given up (its thread ends within
    ``timeout``)."""
    clock = time.time() if now is None else now
    found: dict[str, Fetched] = {}
    failed: dict[str, str] = {}
    unreadable: dict[str, str] = {}
    wanted: dict[str, str] = {}
    for subject in sorted(set(subjects)):
        kept = _cached(url, subject, cache_dir, clock)
        if kept is not None:
            found[subject] = kept
        else:
            wanted[subject] = project_name(subject)
    if not wanted:
        return IndexAnswer(url, found, failed, 0)
    pool = ThreadPoolExecutor(min(workers, len(wanted)), "index")
    running: dict[Future[Optional[bytes]], str] = {
        pool.submit(fetcher, f"{url}/{name}/", timeout): subject for subject, name in wanted.items()
    }
    done, pending = wait(running, timeout=budget)
    pool.shutdown(wait=False, cancel_futures=True)
    for future in done:
        subject = running[future]
        try:
            data = future.result()
            project = (
                Project(name=wanted[subject], found=False)
                if data is None
                else parse_project(wanted[subject], data)
            )
        except OSError as error:
            failed[subject] = _reason(error)
            continue
        except NotJson as error:
            unreadable[subject] = _reason(error)
            continue
        found[subject] = Fetched(project, clock)
        _keep(url, subject, cache_dir, found[subject])
    for future in pending:
        failed[running[future]] = f"no answer within the {budget:g} s budget"
    return IndexAnswer(url, found, failed, len(running), unreadable)


def _reason(error: Exception) -> str:
    """Why, on one line of at most ``REASON_CHARS``, free of secrets: it may quote what a
    server sent (a status line that is not HTTP)."""
    reason = getattr(error, "reason", None)
    text = redact_secrets(" ".join(str(reason if reason is not None else error).split()))
    return text[:REASON_CHARS] or type(error).__name__


def _key(url: str, subject: str) -> str:
    return cache.fingerprint(parts=(url, subject))


def _cached(url: str, subject: str, where: Optional[Path], now: float) -> Optional[Fetched]:
    if where is None:
        return None
    kept = cache.load(
        CACHE_KIND,
        _key(url, subject),
        where,
        lambda data: msgspec.json.decode(data, type=_Entry),
        (msgspec.DecodeError,),
    )
    if kept is None or not 0 <= now - kept.fetched < MAX_AGE_S:
        return None
    return Fetched(kept.project, kept.fetched)


def _keep(url: str, subject: str, where: Optional[Path], fetched: Fetched) -> None:
    if where is not None:
        entry = _Entry(fetched.project, fetched.fetched)
        cache.store(CACHE_KIND, _key(url, subject), where, msgspec.json.encode(entry))


@dataclass(frozen=True)
class IndexSource:
    """``--index``: the index to read, the fetcher that reads it (recorded pages in tests)
    and the cache directory (None: no cache)."""

    url: str
    fetcher: Fetcher
    cache_dir: Optional[Path]


def index_releases(
    answer: IndexAnswer, specs: Mapping[str, Iterable[str]]
) -> dict[str, list[Release]]:
    """Per subject, the versions an installer would consider for the repos' ``specs``
    (``offered``), each citing the index and the day it was read."""
    found: dict[str, list[Release]] = {}
    for subject, fetched in answer.found.items():
        page = f"{answer.shown_url}/{fetched.project.name}/"
        source = Source(
            kind="derived",
            ref=f"package index {answer.shown_url} (fetched {fetched.date})",
            url=page,
        )
        versions = offered(fetched.project, specs.get(subject, ()))
        found[subject] = [Release(version, source) for version in versions]
    return found


def wheel_rows(answer: IndexAnswer, specs: Mapping[str, Iterable[str]]) -> list[Rule]:
    """A recommendation per offered version whose wheels name their CPython versions: the
    Pythons it installs on as a binary, elsewhere built from its sdist, if it builds
    (``opencv-python<=4.5.4.60`` on Python 3.11: outsider10 #6). A row the environment
    breaks is a caveat, and the solver prefers a Python that keeps it."""
    rows = []
    for subject, fetched in answer.found.items():
        project = fetched.project
        limited = dict(project.wheel_pythons)
        page = f"{answer.shown_url}/{project.name}/"
        for version in offered(project, specs.get(subject, ())):
            pythons = limited.get(version)
            if not pythons:
                continue
            rows.append(
                Rule(
                    id=f"index/{project.name}-{version}-wheels",
                    subject=subject,
                    spec=f"=={version}",
                    then_subject="python",
                    then_spec=" || ".join(f"=={p}.*" for p in pythons),
                    source=page,
                    topic="index",
                    hard=False,
                    note=f"wheels for CPython {pythons[0]}..{pythons[-1]} only "
                    f"(read {fetched.date}); another Python builds it from source",
                )
            )
    return rows
