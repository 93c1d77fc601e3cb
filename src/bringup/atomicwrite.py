"""Writing a file whole or not at all: the bytes go to a temporary file beside the target,
which then replaces it. A reader (or a Ctrl-C) never sees half a file, and a symlink at the
target is replaced itself: what it points to, maybe outside the repo, is never written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Optional


def replace_file(target: Path, data: bytes, mode: Optional[int] = None) -> None:
    """Write ``data`` to ``target`` atomically; ``OSError`` when the directory refuses.
    ``mode``: the new file's permissions (default: private to the user, as ``mkstemp``)."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as stream:
            if mode is not None:
                os.fchmod(stream.fileno(), mode)
            stream.write(data)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def user_file_mode() -> int:
    """The permissions ``open()`` gives a new file under the current umask (a file the user
    will edit and commit, not a private one). Reads the umask by setting it: call it from the
    main thread only."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask
