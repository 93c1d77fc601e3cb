"""A small tmpfs for the tests of full and read-only state folders (root only; skipped
elsewhere): the outside testers' cases were run on one."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_tmpfs(where: Path, options: str) -> Iterator[Path]:
    """A tmpfs mounted at ``where`` with ``options`` (``size=64k``, ``size=1m,ro``), unmounted
    after."""
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount = ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)]
    made = subprocess.run(mount, check=False, capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr!r}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)
