"""bringup's one cache: artefacts compiled from data files (the knowledge base, the failure
signatures' Hyperscan database, the checked built-in triage data, compiled regular expressions,
``--index`` answers), kept in the user cache dir (``directory``).

An entry is one file, ``<kind>-<key>.<suffix>``, whose key is the ``fingerprint`` of what it
was built from: bringup's version, the data files' paths, sizes and modification times, and
anything else that shapes it. An edited data file is simply a miss. Writes are atomic
(readers see the old file or the new one, never half of one); each kind keeps its newest few
files. The cache is an optimisation only: an unreadable, corrupt or unwritable entry is a miss
that the caller rebuilds, never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Callable, NamedTuple, Optional, TypeVar, Union

from bringup import __version__

T = TypeVar("T")


class Kind(NamedTuple):
    """One kind of entry: its file name prefix and suffix, and how many to keep (one per
    overlay set or signature set in use)."""

    name: str
    suffix: str
    keep: int

    @property
    def pattern(self) -> str:
        return f"{self.name}-*.{self.suffix}"


CACHE_VARIABLE = "BRINGUP_CACHE_DIR"
"""The variable that puts the cache elsewhere (a CI job's cache path, a read-only home):
``--state`` moves ``up``'s history, not this cache, which every command reads."""


def directory(env: Optional[Mapping[str, str]] = None) -> Path:
    """``$BRINGUP_CACHE_DIR``, else ``$XDG_CACHE_HOME/bringup``, else ``~/.cache/bringup``."""
    env = os.environ if env is None else env
    chosen = env.get(CACHE_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    base = env.get("XDG_CACHE_HOME") or str(Path(env.get("HOME") or Path.home()) / ".cache")
    return Path(base) / "bringup"


def fingerprint(paths: Iterable[Path] = (), parts: Iterable[Union[str, bytes]] = ()) -> str:
    """A key that changes with bringup's version, any of ``parts``, and any of ``paths``
    being added, removed, edited or touched (its path as given, size, modification time:
    give absolute paths, or the resolved directories among ``parts``)."""
    chunks = [__version__.encode()]
    chunks.extend(part if isinstance(part, bytes) else part.encode() for part in parts)
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            chunks.append(f"{path}\0missing".encode())
            continue
        chunks.append(f"{path}\0{stat.st_mtime_ns}\0{stat.st_size}".encode())
    return hashlib.sha256(b"\0".join(chunks)).hexdigest()


def entry(kind: Kind, key: str, where: Path) -> Path:
    return where / f"{kind.name}-{key[:24]}.{kind.suffix}"


def load(
    kind: Kind,
    key: str,
    where: Path,
    decode: Callable[[bytes], T],
    corrupt: tuple[type[Exception], ...],
) -> Optional[T]:
    """The entry for ``key`` decoded, or None when absent, unreadable, or ``decode`` raises
    one of ``corrupt`` (the caller rebuilds it and ``store`` replaces the bad file)."""
    try:
        data = entry(kind, key, where).read_bytes()
    except OSError:
        return None
    try:
        return decode(data)
    except corrupt:
        return None


def store(kind: Kind, key: str, where: Path, data: bytes) -> bool:
    """Write the entry for ``key`` atomically, then keep only the newest ``kind.keep`` files
    of its kind. ``False`` when the directory cannot be written."""
    from bringup.atomicwrite import replace_file  # only a miss writes (tempfile: ~8 ms)

    try:
        where.mkdir(parents=True, exist_ok=True)
        replace_file(entry(kind, key, where), data)
    except OSError:
        return False
    _prune(where, kind)
    return True


def _prune(where: Path, kind: Kind) -> None:
    """Keep the most recently written files of ``kind``; others may vanish under us, fine."""

    def age(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    for stale in sorted(where.glob(kind.pattern), key=age, reverse=True)[kind.keep :]:
        with contextlib.suppress(OSError):
            stale.unlink()
