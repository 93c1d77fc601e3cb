"""Replaying a recorded host (``tests/fixtures/hosts/<name>/``): its commands through a
``ReplayRunner``, its files through a ``Sysroot`` on ``files/``, its recorded environment; the
same collectors then produce the snapshot the live probe produced when it was recorded."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.errors import InputError, ProbeError
from bringup.inputs import read_input
from bringup.model import Snapshot
from bringup.probe.files import Sysroot
from bringup.probe.live import DEFAULT_BUDGET_S, take_snapshot
from bringup.probe.recording import portable_argv
from bringup.process import DEFAULT_TIMEOUT_S, Completed, EnvOverrides, PathArg, decode_output
from bringup.scan.tomlpos import locate, parse_path
from bringup.tomlfile import read_toml


class RecordedHost(msgspec.Struct, frozen=True, kw_only=True):
    """A recorded host, loaded: its commands by argv, its environment, where it was taken."""

    directory: str
    recorded_at: str
    env: dict[str, str]
    commands: dict[tuple[str, ...], Completed]
    notes: tuple[str, ...] = ()


class ReplayRunner:
    """Answers each command with its recorded output (written to ``log_path`` when one is
    given, as a live run would); a command that was never recorded answers as a failure that
    says so (never a guess)."""

    def __init__(self, commands: dict[tuple[str, ...], Completed]) -> None:
        self._commands = commands

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed:
        recorded = self._commands.get(portable_argv(argv))
        if recorded is None:
            return Completed(argv=tuple(argv), error="not recorded in this host fixture")
        if log_path is None:
            return msgspec.structs.replace(recorded, argv=tuple(argv))
        Path(log_path).write_text(recorded.stdout + recorded.stderr, encoding="utf-8")
        return msgspec.structs.replace(recorded, argv=tuple(argv), log_path=str(log_path))


class _RecordedCommand(msgspec.Struct, frozen=True, kw_only=True):
    """One ``[[command]]`` of ``host.toml`` as ``bringup.probe.recording`` writes it."""

    argv: tuple[str, ...]
    stdout: Optional[str] = None
    stderr: Optional[str] = None
    exit_code: Optional[int] = None
    duration_s: float = 0.0
    timed_out: bool = False
    error: Optional[str] = None


class _HostHeader(msgspec.Struct, frozen=True, kw_only=True):
    recorded_at: str = ""
    recorded_with: str = ""
    notes: tuple[str, ...] = ()


class _HostFile(msgspec.Struct, frozen=True, kw_only=True):
    host: _HostHeader = _HostHeader()
    env: dict[str, str] = {}
    command: tuple[_RecordedCommand, ...] = ()


def read_host(directory: str | os.PathLike[str]) -> RecordedHost:
    """Load ``host.toml`` and the outputs it names; ``ProbeError`` when the fixture is broken."""
    root = Path(directory)
    manifest = root / "host.toml"
    if not manifest.is_file():
        raise ProbeError(f"{root} is not a recorded host: no host.toml")
    text, document = read_toml(manifest)
    try:
        recorded = msgspec.convert(document, type=_HostFile)
    except msgspec.ValidationError as error:
        raise _broken(manifest, text, str(error)) from None
    commands: dict[tuple[str, ...], Completed] = {}
    for entry in recorded.command:
        if not entry.argv:
            raise ProbeError(f"{manifest}: a [[command]] without argv")
        commands[entry.argv] = Completed(
            argv=entry.argv,
            returncode=entry.exit_code,
            stdout=_output(root, entry.stdout, "stdout"),
            stderr=_output(root, entry.stderr, "stderr"),
            duration_s=entry.duration_s,
            timed_out=entry.timed_out,
            error=entry.error,
        )
    return RecordedHost(
        directory=str(root),
        recorded_at=recorded.host.recorded_at,
        env=recorded.env,
        commands=commands,
        notes=recorded.host.notes,
    )


class _BrokenHost(ProbeError, InputError):
    """A ``host.toml`` that is no recorded host, at the line of the value at fault."""


_AT = lazyre.compile(r"\s*- at `(\$[^`]*)`$")
"""Where msgspec says the value at fault is (``- at `$.command[0].exit_code```)."""


def _broken(manifest: Path, text: str, error: str) -> ProbeError:
    """The error of a ``host.toml`` whose values are not a recorded host's, at the line and
    column of the value msgspec names (as a repo's ``bringup.toml`` is told), so that a host
    recorded by hand or edited is fixed where it is wrong."""
    at = _AT.search(error)
    where = locate(text, parse_path(at.group(1))) if at is not None else None
    message = f"not a recorded host: {error[: at.start()] if at is not None else error}"
    if where is None:
        return ProbeError(f"{manifest}: {message}")
    return _BrokenHost(
        message,
        path=str(manifest),
        line=where.line,
        column=where.column or None,
        excerpt=where.excerpt,
        width=max(where.width, 1),
    )


def _output(root: Path, relative: Optional[str], name: str) -> str:
    if not relative:
        return ""
    path = (root / relative).resolve()
    if root.resolve() not in path.parents:
        raise ProbeError(f"{root}/host.toml: {name} file {relative!r} is outside the fixture")
    try:
        # a FIFO, a device or a huge file is refused; bytes that are not UTF-8 read as the
        # live runner reads a command's output
        return decode_output(read_input(str(path)))
    except InputError as error:
        raise ProbeError(f"{root}/host.toml: {name} file {relative}: {error.message}") from None


def load_host(directory: str | os.PathLike[str]) -> Snapshot:
    """The snapshot of a recorded host, as the probe saw it when it was recorded."""
    host = read_host(directory)
    return take_snapshot(
        runner=ReplayRunner(host.commands),
        files=Sysroot(Path(directory) / "files"),
        env=host.env,
        budget_s=DEFAULT_BUDGET_S,
        taken_at=host.recorded_at or None,
        origin="replay",
    )
