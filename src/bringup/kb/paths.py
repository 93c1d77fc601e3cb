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
    found, unreadable = _listable(config)
    if found:
        dirs.append(config)
    elif unreadable:
        message = f"cannot read the user knowledge base ({unreadable}); the shipped one is used"
        problems.append(Problem(path=str(config), message=message))
    for raw in filter(None, env.get(ENV_KB_EXTRA_DIR, "").split(os.pathsep)):
        path = Path(raw)
        found, unreadable = _listable(path)
        if found:
            dirs.append(path)
        else:
            why = f"cannot read ({unreadable})" if unreadable else "no such directory"
            problems.append(Problem(path=raw, message=f"{ENV_KB_EXTRA_DIR}: {why}"))
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
    """``path``, a directory the user named: one that is missing or cannot be read is bad
    input, not a warning."""
    found, unreadable = _listable(path)
    if not found:
        why = f"cannot read ({unreadable})" if unreadable else "no such directory"
        raise InputError(f"{what}: {why}", path=str(path))
    return path


def _listable(path: Path) -> tuple[bool, str]:
    """Whether ``path`` is a directory whose files can be listed, and if it may be one but
    cannot be read (a home directory not this user's: ``docker run --user``, ``sudo -u``
    keeping ``HOME``), why not; a missing directory is not a reason."""
    try:
        os.listdir(path)
    except (FileNotFoundError, NotADirectoryError):
        return False, ""
    except OSError as error:
        return False, error.strerror or type(error).__name__
    return True, ""
