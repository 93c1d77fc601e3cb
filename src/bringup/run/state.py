"""Where ``bringup up`` keeps what it made and remembers: the history database, the run logs
and the environments, under one state directory (``--state``, ``BRINGUP_STATE_DIR``, else
``$XDG_STATE_HOME/bringup``, else ``~/.local/state/bringup`` as the XDG spec says)."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from bringup.errors import InputError
from bringup.writable import unwritable


def state_dir(option: Optional[Path] = None, env: Optional[Mapping[str, str]] = None) -> Path:
    """The state directory the user asked for, or the XDG default, always absolute: the
    environments under it go on the steps' PATH and the steps run in the repos, so a relative
    ``--state .bringup`` would let ``python`` name the caller's own interpreter."""
    return Path(os.path.abspath(_chosen(option, os.environ if env is None else env)))


def _chosen(option: Optional[Path], environ: Mapping[str, str]) -> Path:
    if option is not None:
        return option
    if environ.get("BRINGUP_STATE_DIR"):
        return Path(environ["BRINGUP_STATE_DIR"])
    xdg = environ.get("XDG_STATE_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "state"
    return base / "bringup"


def stack_key(paths: Sequence[str]) -> str:
    """A short name for a stack (its repos' absolute paths): environments are per stack."""
    joined = "\0".join(sorted(str(Path(p).resolve()) for p in paths))
    return hashlib.sha256(joined.encode("utf-8", "surrogateescape")).hexdigest()[:12]


DATABASE = "history.sqlite3"
"""The history database's name, at the top of every state directory: what marks one for the
scan's walk, which never reads bringup's own state (``scan.walk``)."""


@dataclass(frozen=True)
class StateLayout:
    """The files under one state directory."""

    root: Path

    @property
    def database(self) -> Path:
        return self.root / DATABASE

    def recorded(self) -> bool:
        """Whether the history database is here. A state path that is no folder (a file,
        ``/dev/null``, a path through a file) is bad input, as ``up`` says of it, never "no runs
        yet" (outsider12 #20); a path not there yet has no runs."""
        try:
            info = os.stat(self.root)
        except FileNotFoundError:
            return False
        except OSError as error:
            raise unwritable(error, self.root, "cannot read") from None
        if not stat.S_ISDIR(info.st_mode):
            raise InputError("cannot read: Not a directory", path=os.fsdecode(self.root))
        return self.database.is_file()

    def run_logs(self, run_id: int) -> Path:
        return self.root / "runs" / f"{run_id:06d}"

    def environment(self, stack: str, index: int) -> Path:
        return self.root / "envs" / stack / f"env-{index}"
