"""Recording a live probe into a host fixture: every command's output and every host file a
collector looked at, written so that ``bringup.probe.replay`` serves them back unchanged.

Layout (STYLE.md 5.9): ``host.toml`` (argv -> output file and exit status, environment, notes),
``out/NNN-<program>.txt`` (stdout, ``.err`` for stderr), ``files/...`` (host files re-rooted,
links kept as links). Only what the probe touched is written; binary files keep only their
symbol-version strings (``GLIBCXX_3.4.30``), which is all a probe reads from them.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import shutil
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Optional

from bringup.probe.collectors.distro import DPKG_STATUS, dpkg_as_read
from bringup.probe.files import DEFAULT_READ_LIMIT, Sysroot, follow_links
from bringup.probe.redact import Redactor
from bringup.process import DEFAULT_TIMEOUT_S, CommandRunner, Completed, EnvOverrides, PathArg

_VERSION_TAG = re.compile(rb"[A-Za-z][A-Za-z0-9]*_[0-9]+(?:\.[0-9]+)*")


class RecordingRunner:
    """Runs commands through ``inner`` and remembers every answer."""

    def __init__(self, inner: CommandRunner) -> None:
        self._inner = inner
        self._lock = threading.Lock()
        self.calls: list[Completed] = []

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed:
        done = self._inner.run(argv, timeout=timeout, env=env, cwd=cwd, log_path=log_path)
        with self._lock:
            self.calls.append(done)
        return done


class RecordingFiles:
    """The live filesystem (``/``), remembering what was read, what was found to exist, and
    the links followed on the way."""

    def __init__(self) -> None:
        self._inner = Sysroot("/")
        self._lock = threading.Lock()
        self.contents: dict[str, bytes] = {}
        self.dirs: set[str] = set()
        self.files: set[str] = set()
        self.links: dict[str, str] = {}

    def _follow(self, path: str) -> str:
        """Resolve ``path`` on the live host, remembering every link on the way."""
        try:
            return follow_links(Path("/"), path, self._note_link)
        except OSError:
            return path

    def _note_link(self, link: str, target: str) -> None:
        with self._lock:
            self.links[link] = target

    def _seen(self, path: str) -> None:
        real = self._follow(path)
        with self._lock:
            if os.path.isdir(real):
                self.dirs.add(real)
            elif os.path.exists(real):
                self.files.add(real)

    def read_bytes(self, path: str, *, limit: int = DEFAULT_READ_LIMIT) -> bytes:
        real = self._follow(path)
        data = self._inner.read_bytes(path, limit=limit)
        with self._lock:
            self.contents[real] = data
        return data

    def read_text(self, path: str, *, limit: int = DEFAULT_READ_LIMIT) -> str:
        return self.read_bytes(path, limit=limit).decode("utf-8", errors="replace")

    def exists(self, path: str) -> bool:
        found = self._inner.exists(path)
        if found:
            self._seen(path)
        else:
            self._follow(path)
        return found

    def is_dir(self, path: str) -> bool:
        found = self._inner.is_dir(path)
        self._seen(path) if found else self._follow(path)
        return found

    def is_file(self, path: str) -> bool:
        found = self._inner.is_file(path)
        self._seen(path) if found else self._follow(path)
        return found

    def list_dir(self, path: str) -> list[str]:
        names = self._inner.list_dir(path)
        if names or self._inner.is_dir(path):
            self._seen(path)
            for name in names:
                entry = posixpath.join(path, name)
                if os.path.islink(self._follow(path) + "/" + name):
                    self._follow(entry)
                else:
                    self._seen(entry)
        return names

    def readlink(self, path: str) -> Optional[str]:
        self._follow(posixpath.dirname(path.rstrip("/")) or "/")
        target = self._inner.readlink(path)
        if target is not None:
            self._follow(path)
        return target

    def resolve(self, path: str) -> str:
        self._follow(path)
        return self._inner.resolve(path)

    def glob(self, pattern: str) -> list[str]:
        found = self._inner.glob(pattern)
        for path in found:
            self._seen(path)
        return found


def portable_argv(argv: Sequence[str]) -> tuple[str, ...]:
    """``argv`` with this machine's copy of bringup's scripts named portably, so a recorded
    command matches on any machine that replays it."""
    from bringup.probe.collectors.pythons import inspect_script_path

    script = inspect_script_path()
    return tuple("{bringup}/probe/scripts/inspect_env.py" if a == script else a for a in argv)


def write_host(
    directory: str | os.PathLike[str],
    *,
    runner: RecordingRunner,
    files: RecordingFiles,
    env: Mapping[str, str],
    redactor: Redactor,
    recorded_at: str,
    recorded_with: str,
) -> Path:
    """Write the recorded host under ``directory`` (created; must be empty or absent)."""
    root = Path(directory)
    if root.exists() and any(root.iterdir()):
        raise FileExistsError(f"{root} is not empty")
    (root / "out").mkdir(parents=True, exist_ok=True)
    tree = root / "files"
    tree.mkdir(exist_ok=True)
    commands = []
    for number, done in enumerate(runner.calls, start=1):
        program = re.sub(r"[^A-Za-z0-9_.+-]", "_", posixpath.basename(done.argv[0]))[:40]
        stem = f"out/{number:03d}-{program}"
        entry: dict[str, object] = {"argv": [redactor.path(a) for a in portable_argv(done.argv)]}
        if done.stdout:
            (root / f"{stem}.txt").write_text(redactor.text(done.stdout), encoding="utf-8")
            entry["stdout"] = f"{stem}.txt"
        if done.stderr:
            (root / f"{stem}.err").write_text(redactor.text(done.stderr), encoding="utf-8")
            entry["stderr"] = f"{stem}.err"
        if done.returncode is not None:
            entry["exit_code"] = done.returncode
        if done.timed_out:
            entry["timed_out"] = True
        if done.error is not None:
            entry["error"] = redactor.text(done.error)
        entry["duration_s"] = done.duration_s
        commands.append(entry)
    _write_tree(tree, files, redactor)
    notes = [
        "hostname, user name, serial numbers, UUIDs and MAC addresses replaced",
        "only variables about the stack kept from the environment",
        "binary files kept as their symbol-version strings only",
    ]
    text = _host_toml(recorded_at, recorded_with, notes, redactor.environment(env), commands)
    (root / "host.toml").write_text(text, encoding="utf-8")
    return root


def _write_tree(tree: Path, files: RecordingFiles, redactor: Redactor) -> None:
    for directory in sorted(files.dirs):
        (tree / redactor.path(directory).lstrip("/")).mkdir(parents=True, exist_ok=True)
    for link, raw_target in sorted(files.links.items()):
        local = tree / redactor.path(link).lstrip("/")
        target = redactor.path(raw_target)
        local.parent.mkdir(parents=True, exist_ok=True)
        if local.is_dir() and not local.is_symlink():
            shutil.rmtree(local)
        if not local.is_symlink():
            os.symlink(target, local)
    for path in sorted(files.files | set(files.contents)):
        local = tree / redactor.path(path).lstrip("/")
        if local.is_symlink() or local.is_dir():
            continue
        local.parent.mkdir(parents=True, exist_ok=True)
        data = files.contents.get(path, b"")
        if path == DPKG_STATUS:  # what the probe reads of it (``dpkg_as_read``)
            data = dpkg_as_read(data.decode("utf-8", errors="replace")).encode("utf-8")
        if b"\x00" in data:
            data = b"\x00".join(dict.fromkeys(_VERSION_TAG.findall(data)))
        else:
            data = redactor.text(data.decode("utf-8", errors="replace")).encode("utf-8")
        local.write_bytes(data)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value))


def _host_toml(
    recorded_at: str,
    recorded_with: str,
    notes: list[str],
    env: Mapping[str, str],
    commands: list[dict[str, object]],
) -> str:
    lines = [
        "# A host recorded by `bringup probe --record`; replayed by bringup.probe.replay.",
        "[host]",
        f"recorded_at = {_toml_value(recorded_at)}",
        f"recorded_with = {_toml_value(recorded_with)}",
        f"notes = {_toml_value(notes)}",
        "",
        "[env]",
    ]
    lines += [f"{name} = {_toml_value(value)}" for name, value in env.items()]
    for entry in commands:
        lines += ["", "[[command]]"]
        lines += [f"{key} = {_toml_value(value)}" for key, value in entry.items()]
    return "\n".join(lines) + "\n"
