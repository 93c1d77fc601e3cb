"""The compiled knowledge base, kept as msgpack in the user cache dir.

Each file is named by the fingerprint of the data files it was compiled from (their paths,
sizes and modification times), so an edited file is simply a cache miss. The cache is an
optimisation only: an unreadable, corrupt or unwritable cache is ignored, never an error.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Optional

import msgspec

from bringup.kb.paths import user_cache_dir
from bringup.kb.schema import Compiled

KEEP = 8
"""How many compiled files (different overlay sets) to keep before pruning the oldest."""

_decoder = msgspec.msgpack.Decoder(Compiled)
_encoder = msgspec.msgpack.Encoder()


def cache_file(key: str, env: Optional[Mapping[str, str]] = None) -> Path:
    return user_cache_dir(env) / f"kb-{key[:24]}.msgpack"


def read(key: str, env: Optional[Mapping[str, str]] = None) -> Optional[Compiled]:
    """The compiled knowledge base for ``key``, or ``None`` when absent or unusable."""
    try:
        data = cache_file(key, env).read_bytes()
        compiled = _decoder.decode(data)
    except (OSError, msgspec.DecodeError):
        return None
    return compiled if compiled.key == key else None


def write(compiled: Compiled, env: Optional[Mapping[str, str]] = None) -> bool:
    """Store ``compiled``; ``False`` when the cache dir cannot be written."""
    target = cache_file(compiled.key, env)
    return store(target, _encoder.encode(compiled), pattern="kb-*.msgpack", keep=KEEP)


def store(target: Path, data: bytes, *, pattern: str, keep: int) -> bool:
    """Write ``data`` to ``target`` atomically (readers see the old file or the new one,
    never half of one), then keep only the ``keep`` newest files of its directory matching
    ``pattern``. ``False`` when the directory cannot be written: a cache is an optimisation,
    never an error. Shared by every cache bringup keeps (this one, triage's Hyperscan
    database)."""
    import tempfile

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, target)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    except OSError:
        return False
    _prune(target.parent, pattern, keep)
    return True


def _prune(directory: Path, pattern: str, keep: int) -> None:
    """Keep the ``keep`` most recently written files; others may vanish under us, fine."""

    def age(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    for stale in sorted(directory.glob(pattern), key=age, reverse=True)[keep:]:
        with contextlib.suppress(OSError):
            stale.unlink()
