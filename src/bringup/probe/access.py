"""How collectors reach the host: find a program on the probed host's PATH, read a file, run
a command, and turn each way of failing into the fact that says so (absent, timed out,
failed), so collectors only handle the good case."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from bringup.model import Fact, Source, command_source, file_source
from bringup.probe.context import ProbeContext
from bringup.probe.files import DEFAULT_READ_LIMIT
from bringup.process import Completed


def search_path(ctx: ProbeContext) -> list[str]:
    """The probed host's PATH directories, in order, without duplicates."""
    seen: list[str] = []
    for directory in ctx.env.get("PATH", "").split(":"):
        if directory.startswith("/") and directory not in seen:
            seen.append(directory)
    return seen


def which(ctx: ProbeContext, name: str) -> str | None:
    """The first ``name`` on the probed host's PATH, as a host path, or None."""
    for directory in search_path(ctx):
        candidate = posixpath.join(directory, name)
        if ctx.files.is_file(candidate):
            return candidate
    return None


def read_text(
    ctx: ProbeContext, path: str, key: str, *, limit: int = DEFAULT_READ_LIMIT
) -> tuple[str | None, Fact | None]:
    """The text of ``path``, or None and the fact explaining why (``absent`` when missing)."""
    try:
        return ctx.files.read_text(path, limit=limit), None
    except FileNotFoundError:
        return None, Fact(
            key=key, source=file_source(path), status="absent", reason=f"{path} does not exist"
        )
    except OSError as error:
        reason = f"cannot read {path}: {error.strerror or error}"
        return None, Fact(key=key, source=file_source(path), status="failed", reason=reason)


def run(
    ctx: ProbeContext, argv: Sequence[str], key: str, *, timeout: float | None = None
) -> tuple[Completed, Fact | None]:
    """Run ``argv``; when it gave no usable answer, also the fact saying why: ``absent`` for a
    program that is not there, ``timed_out``, or ``failed`` with its exit status and last
    line of output."""
    done = ctx.runner.run(list(argv), timeout=timeout if timeout is not None else ctx.timeout_s)
    return done, failure_fact(done, key)


def failure_fact(done: Completed, key: str) -> Fact | None:
    """The fact for a command that did not answer, or None when it did."""
    if done.ok:
        return None
    source = command_source(done.argv)
    if done.not_found:
        return Fact(key=key, source=source, status="absent", reason=done.describe())
    if done.timed_out:
        return Fact(key=key, source=source, status="timed_out", reason=done.describe())
    return Fact(key=key, source=source, status="failed", reason=done.describe())


def distinct_dirs(ctx: ProbeContext, paths: list[str]) -> list[str]:
    """The existing directories among ``paths``, resolved, each once (a toolkit's version-less
    link and the versioned directory it points at are one toolkit)."""
    resolved: dict[str, str] = {}
    for path in paths:
        if path.startswith("/") and ctx.files.is_dir(path):
            resolved.setdefault(ctx.files.resolve(path), path)
    return list(resolved)


def absent(key: str, source: Source, reason: str) -> Fact:
    """Looked for and not there: the fact, with what was looked at."""
    return Fact(key=key, source=source, status="absent", reason=reason)


def not_on_path(key: str, program: str) -> Fact:
    """The fact for a program that the probed host's PATH does not have."""
    return absent(key, Source(kind="env", ref="PATH"), f"{program} not found on PATH")
