"""Reading host files under a sysroot, so probes can read a recorded host as if it were ``/``.

Every path a probe uses is a *host* path (``/usr/local/<vendor>/driver/version.info``); the
sysroot maps it under its root and follows symbolic links *inside* that root, so a fixture's
absolute link (``latest -> /usr/local/<vendor>/<toolkit>/8.0.RC1``) resolves in the
fixture, never on the machine running the tests.
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
from pathlib import Path
from typing import Callable, Optional, Protocol

DEFAULT_READ_LIMIT = 1 << 20
"""Probed files are small text files; a larger one is truncated, never read whole."""

_MAX_LINK_HOPS = 40


class HostFiles(Protocol):
    """Read-only access to a host's files by host path. Reads raise ``OSError`` subclasses
    (``FileNotFoundError``, ``PermissionError``) that collectors turn into facts."""

    def read_bytes(self, path: str, *, limit: int = DEFAULT_READ_LIMIT) -> bytes: ...

    def read_text(self, path: str, *, limit: int = DEFAULT_READ_LIMIT) -> str: ...

    def exists(self, path: str) -> bool: ...

    def is_dir(self, path: str) -> bool: ...

    def is_file(self, path: str) -> bool: ...

    def list_dir(self, path: str) -> list[str]: ...

    def readlink(self, path: str) -> Optional[str]: ...

    def resolve(self, path: str) -> str: ...

    def glob(self, pattern: str) -> list[str]: ...


def follow_links(
    root: Path, path: str, on_link: Optional[Callable[[str, str], None]] = None
) -> str:
    """``path`` with every link followed, each read under ``root`` and absolute targets taken
    as host paths; ``on_link(host path, raw target)`` sees every link on the way (recording
    keeps them as links)."""
    pending = [part for part in path.split("/") if part]
    done: list[str] = []
    hops = 0
    while pending:
        part = pending.pop(0)
        if part == ".":
            continue
        if part == "..":
            if done:
                done.pop()
            continue
        local = root.joinpath(*done, part)
        if local.is_symlink():
            hops += 1
            if hops > _MAX_LINK_HOPS:
                raise OSError(f"too many levels of symbolic links: {path}")
            target = os.readlink(local)
            if on_link is not None:
                on_link("/" + "/".join([*done, part]), target)
            if target.startswith("/"):
                done = []
            pending = [p for p in target.split("/") if p] + pending
            continue
        done.append(part)
    return "/" + "/".join(done)


class Sysroot:
    """Host files under ``root`` (``/`` for the live machine)."""

    def __init__(self, root: str | os.PathLike[str] = "/") -> None:
        self.root = Path(root).resolve()

    def _local(self, host_path: str) -> Path:
        resolved = self.resolve(host_path)
        return self.root / resolved.lstrip("/")

    def resolve(self, path: str) -> str:
        """The host path with every link followed, links read relative to this root.

        ``..`` never climbs above the root. Dangling links resolve to their target path, so
        the caller's read fails with ``FileNotFoundError`` as it would on the host."""
        if not path.startswith("/"):
            raise ValueError(f"host paths are absolute: {path!r}")
        if self.root == Path("/"):
            return os.path.realpath(path)
        return follow_links(self.root, path)

    def read_bytes(self, path: str, *, limit: int = DEFAULT_READ_LIMIT) -> bytes:
        with open(self._local(path), "rb") as handle:
            return handle.read(limit)

    def read_text(self, path: str, *, limit: int = DEFAULT_READ_LIMIT) -> str:
        return self.read_bytes(path, limit=limit).decode("utf-8", errors="replace")

    def exists(self, path: str) -> bool:
        try:
            return self._local(path).exists()
        except OSError:
            return False

    def is_dir(self, path: str) -> bool:
        try:
            return self._local(path).is_dir()
        except OSError:
            return False

    def is_file(self, path: str) -> bool:
        try:
            return self._local(path).is_file()
        except OSError:
            return False

    def list_dir(self, path: str) -> list[str]:
        """Entry names, sorted; empty when ``path`` is not a readable directory."""
        try:
            return sorted(os.listdir(self._local(path)))
        except OSError:
            return []

    def readlink(self, path: str) -> Optional[str]:
        """The raw target of a link at ``path`` (its parent resolved), or None."""
        parent, name = posixpath.split(path.rstrip("/"))
        try:
            local = self._local(parent or "/") / name
            return os.readlink(local) if local.is_symlink() else None
        except OSError:
            return None

    def glob(self, pattern: str) -> list[str]:
        """Host paths matching an absolute pattern whose wildcards sit in the last parts
        (``/usr/local/<toolkit>-*/version.json``), sorted."""
        parts = [p for p in pattern.split("/") if p]
        found = ["/"]
        for part in parts:
            nxt: list[str] = []
            for base in found:
                if any(ch in part for ch in "*?["):
                    names = fnmatch.filter(self.list_dir(base), part)
                    nxt.extend(posixpath.join(base, n) for n in names)
                else:
                    candidate = posixpath.join(base, part)
                    if self.exists(candidate) or self.readlink(candidate) is not None:
                        nxt.append(candidate)
            found = nxt
        return sorted(found)
