"""What an environment holds now: its installed distributions, name -> version, read from the
names of its ``site-packages`` entries (one listdir, no metadata file opened).

A step that passed records what its environment held when it ended; it is reused only while the
environment still holds all of that. Its inputs (tree, argv, the environment's pins) say nothing
of what happened to the environment since: a package removed by hand (``pip uninstall``), or
replaced, leaves the inputs the same and the step's work gone, and the run said "passed" without
running the tests that would have failed (outsider13 D1: cmake_example uninstalled from env-1,
``up`` "reused" both steps, the test then failed by hand)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Optional

_METADATA = (".dist-info", ".egg-info")
"""A distribution installed by pip or uv (``{name}-{version}.dist-info``, the installed-project
spec) or by setuptools (``{name}-{version}-py3.X.egg-info``)."""

_LINK = ".egg-link"
"""``setup.py develop``'s pointer to a source tree (``{name}.egg-link``): no version in it."""


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _site_packages(env: Path) -> list[Path]:
    """The ``site-packages`` folders of the virtual environment at ``env`` (POSIX and
    Windows layouts)."""
    found = sorted(env.glob("lib/python*/site-packages"))
    windows = env / "Lib" / "site-packages"
    return found + ([windows] if windows.is_dir() else [])


def held(env: Path) -> Optional[dict[str, str]]:
    """The distributions installed in the environment at ``env``, name -> version (``""`` for
    one with no version in its entry's name); None when it has no ``site-packages`` to read (not
    a virtual environment, or gone)."""
    folders = _site_packages(env)
    if not folders:
        return None
    found: dict[str, str] = {}
    for folder in folders:
        try:
            entries = sorted(os.listdir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.endswith(_LINK):
                found.setdefault(_normalise(entry[: -len(_LINK)]), "")
                continue
            suffix = next((s for s in _METADATA if entry.endswith(s)), None)
            if suffix is None:
                continue
            name, _, version = entry[: -len(suffix)].partition("-")
            found.setdefault(_normalise(name), version.split("-py")[0])
    return found


def gone(recorded: Mapping[str, str], present: Mapping[str, str]) -> list[str]:
    """What ``recorded`` held that ``present`` lacks or holds at another version, as
    ``name version`` (sorted)."""
    return sorted(
        f"{name} {version}".strip()
        for name, version in recorded.items()
        if present.get(name) != version
    )


RECORD_FILE = ".bringup-held"
"""What an environment held when ``up`` made it (JSON, name -> version), in its folder."""


def record(env: Path) -> None:
    """Keep what the environment at ``env`` holds now, as it was made."""
    from bringup.utf8text import json_bytes

    (env / RECORD_FILE).write_bytes(json_bytes(held(env) or {}))


def recorded(env: Path) -> Optional[dict[str, str]]:
    """What the environment at ``env`` held when it was made; None when it was not kept."""
    import msgspec

    try:
        return msgspec.json.decode((env / RECORD_FILE).read_bytes(), type=dict[str, str])
    except (OSError, msgspec.DecodeError):
        return None


def removed(env: Path, kept: Optional[Mapping[str, str]] = None) -> list[str]:
    """The distributions the environment at ``env`` held when it was made and holds no longer,
    whatever their version (a step may upgrade what the making installed: ``pip install .``
    after a requirements list): reused as it is, the steps would run without them (outsider15
    D13: tqdm uninstalled by hand, ``up`` said "environment 1: reused"). ``kept``: what the
    last step in it recorded; one that lacks a distribution too had it removed by a step of the
    plan (``pip uninstall -y opencv-python`` before the headless build), not by hand."""
    made = recorded(env)
    if made is None:
        return []
    now = held(env) or {}
    return sorted(
        f"{name} {version}".strip()
        for name, version in made.items()
        if name not in now and (kept is None or name in kept)
    )


def listed(names: list[str]) -> str:
    """The first three of ``names``, and how many more."""
    more = f" and {len(names) - 3} more" if len(names) > 3 else ""
    return ", ".join(names[:3]) + more
