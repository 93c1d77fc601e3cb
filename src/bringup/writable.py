"""Writing bringup's own state and outputs (``--state``, ``--logs``, ``--record``, ``scan
--write``): an ``OSError`` there (a read-only or full file system, a quota, a path through a
file) is the user's machine, not a bug in bringup. It is said as one line naming the path and
the operating system's reason, exit 2, by every command alike (outsider11 #3: ``up`` on a
read-only or full ``--state`` showed a traceback and "this is a bug", exit 3)."""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Union

from bringup.errors import InputError

STORAGE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG})
"""Errors about the file system itself: a write to an open descriptor (``os.pwrite``, a
flush) raises them without a file name, yet within the guarded writes they are the state's."""


_PLACE_ERRNOS = frozenset(
    {errno.EACCES, errno.EPERM, errno.ENOTDIR, errno.EISDIR, errno.EEXIST, errno.ENAMETOOLONG,
     errno.ELOOP}
)  # fmt: skip
"""Errors about the place the user gave: no permission, a path through a file, a folder
where a file goes, a name too long or looping (review30: any errno under ``--state`` was
taken for the user's, so a missing file bringup itself should have made looked like one)."""


def unwritable(error: OSError, path: Union[str, Path], verb: str = "cannot write") -> InputError:
    """``error`` as bad input at ``path``, the folder or file the user named (not a temporary
    file or lock under it that they never heard of), with the OS's words."""
    return InputError(f"{verb}: {error.strerror or error}", path=os.fsdecode(path))


def make_folder(path: Path) -> None:
    """``mkdir -p path``. Its parents made or there, a "no such file" can only be the file
    system refusing folders (``BRINGUP_STATE_DIR=/proc/self``: outsider12 #6, exit 3, "a bug"):
    said as the place's error (``ENOTDIR``), which ``writing`` gives as the user's path."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileNotFoundError as error:
        reason = f"no folder can be made in it ({error.strerror})"
        raise OSError(errno.ENOTDIR, reason, error.filename) from None


@contextlib.contextmanager
def writing(root: Union[str, Path], verb: str = "cannot write") -> Iterator[None]:
    """Turn an ``OSError`` on ``root`` (a file under it, it, or a folder above it being made)
    or on the file system under a write into ``unwritable``; any other ``OSError`` (a repo's
    file, a broken pipe) passes on unchanged."""
    try:
        yield
    except OSError as error:
        if not about(error, root):
            raise
        raise unwritable(error, root, verb) from None


def about(error: OSError, root: Union[str, Path]) -> bool:
    """Whether ``error`` concerns ``root``: its file is ``root``, under it or above it (a
    parent being made) and the error is the place's or the file system's (``_PLACE_ERRNOS``,
    ``STORAGE_ERRNOS``), or it has no file and is a file-system error."""
    named = [n for n in (error.filename, getattr(error, "filename2", None)) if n is not None]
    if not named:
        return error.errno in STORAGE_ERRNOS
    if error.errno not in STORAGE_ERRNOS | _PLACE_ERRNOS:
        return False  # a file of bringup's own missing under the state: a bug, said as one
    base = os.path.abspath(os.fsdecode(root))
    for name in named:
        if not isinstance(name, (str, bytes, os.PathLike)):
            continue
        path = os.path.abspath(os.fsdecode(name))
        with contextlib.suppress(ValueError):  # another drive: not related
            if os.path.commonpath([base, path]) in (base, path):
                return True
    return False
