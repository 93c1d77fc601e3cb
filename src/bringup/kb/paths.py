"""Where knowledge-base data is read from, in order.

The built-in tables ship inside the package. ``--kb DIR`` (``kb_dir``) or ``BRINGUP_KB_DIR``
replaces them; the user config dir (``$XDG_CONFIG_HOME/bringup/kb``, ``~/.config/bringup/kb``
by default), ``BRINGUP_KB_EXTRA_DIR`` (one or more directories, ``:``-separated) and
``extra_dirs`` extend them, in that order. Only ``*.toml`` directly inside each directory is
read: ``failures/`` (error signatures, read by triage) is not a compatibility table.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Optional

from bringup.errors import InputError
from bringup.kb.schema import Problem

ENV_KB_DIR = "BRINGUP_KB_DIR"
ENV_KB_EXTRA_DIR = "BRINGUP_KB_EXTRA_DIR"


def builtin_dir() -> Path:
    """The knowledge base shipped with bringup."""
    return Path(__file__).resolve().parent / "data"


def user_config_dir(env: Optional[Mapping[str, str]] = None) -> Path:
    """``$XDG_CONFIG_HOME/bringup/kb``, else ``~/.config/bringup/kb``."""
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME") or Path.home()) / ".config")
    return Path(base) / "bringup" / "kb"


def resolve_dirs(
    kb_dir: str | Path | None = None,
    extra_dirs: Sequence[str | Path] = (),
    env: Optional[Mapping[str, str]] = None,
) -> tuple[list[Path], list[Problem]]:
    """The directories to read, base first, and the overlay directories that are missing.

    A base directory the user named (``kb_dir``, ``BRINGUP_KB_DIR``) or an ``extra_dirs``
    entry that does not exist is an ``InputError``; a missing ``BRINGUP_KB_EXTRA_DIR`` entry
    is a problem (a warning), and a missing user config dir is simply not used."""
    env = os.environ if env is None else env
    if kb_dir is not None:
        base = _existing(Path(kb_dir), "--kb")
    elif env.get(ENV_KB_DIR):
        base = _existing(Path(env[ENV_KB_DIR]), ENV_KB_DIR)
    else:
        base = builtin_dir()
    dirs = [base]
    problems: list[Problem] = []
    config = user_config_dir(env)
    if config.is_dir():
        dirs.append(config)
    for raw in filter(None, env.get(ENV_KB_EXTRA_DIR, "").split(os.pathsep)):
        path = Path(raw)
        if path.is_dir():
            dirs.append(path)
        else:
            problems.append(Problem(path=raw, message=f"{ENV_KB_EXTRA_DIR}: no such directory"))
    dirs.extend(_existing(Path(extra), "extra knowledge-base directory") for extra in extra_dirs)
    unique: list[Path] = []
    for path in dirs:
        if path.resolve() not in {seen.resolve() for seen in unique}:
            unique.append(path)
    return unique, problems


def data_dirs(
    kb_dir: str | Path | None = None,
    extra_dirs: Sequence[str | Path] = (),
    env: Optional[Mapping[str, str]] = None,
) -> list[Path]:
    """The built-in data directory (or its replacement) followed by the overlays."""
    return resolve_dirs(kb_dir, extra_dirs, env)[0]


def _existing(path: Path, what: str) -> Path:
    if not path.is_dir():
        raise InputError(f"{what}: no such directory", path=str(path))
    return path
