"""Questions about a repo's directory entries that never raise. A link loop (``a -> b -> a``,
``self -> self``) makes ``DirEntry.is_dir()`` raise ELOOP, and a directory without search
permission (mode 000, a root-owned build directory) makes ``Path.exists()`` of anything in it
raise EACCES; asked while finding the repos, either ended the scan with exit 3 (outsider o2
D1, D12). Paths themselves are asked through ``os.path`` (``exists``, ``isdir``, ``isfile``),
which answers False on any error; these are the same for ``os.DirEntry``, and what the walk
says of an entry it cannot follow."""

from __future__ import annotations

import errno
import os
from typing import Optional


def is_dir(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a directory or a link to one; False for a loop or a denied one."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def is_file(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a regular file or a link to one; False for a loop or a denied one."""
    try:
        return entry.is_file()
    except OSError:
        return False


def link_loop(entry: os.DirEntry[str]) -> bool:
    """Whether ``entry`` is a symbolic link that leads back to itself (a dangling one is not:
    a ``latest -> build-xyz`` left after a clean is ordinary and says nothing), or to the
    folder that holds it or one above: ``self -> ../loop`` inside ``loop/`` resolves, and
    followed it would walk the same tree forever; skipped without a word, "0 files read of 1"
    (outsider20 D21)."""
    if not entry.is_symlink():
        return False
    try:
        os.stat(entry.path)
    except OSError as error:
        return error.errno == errno.ELOOP
    target = os.path.realpath(entry.path)
    here = os.path.realpath(os.path.dirname(entry.path))
    return os.path.isdir(target) and (
        here == target or here.startswith(target.rstrip(os.sep) + os.sep)
    )


def unlisted(path: str) -> Optional[str]:
    """Why the directory ``path`` cannot be listed, or None when it can."""
    try:
        with os.scandir(path):
            return None
    except OSError as error:
        return error.strerror or str(error)
