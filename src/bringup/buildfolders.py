"""The build files of each checkout folder a repo's steps install (``plan.buildfolder``),
read from disk here, at the edge, so that ``plan`` stays pure: the plan notes the home paths
a setup.py names and turns off build isolation from what it is given."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from bringup.errors import InputError
from bringup.model.requirements import Component
from bringup.plan.buildfolder import BuildFolder, step_folder
from bringup.scan.reading import read_text
from bringup.tomlfile import read_toml


def build_folders(component: Component) -> dict[str, BuildFolder]:
    """Each folder a step of ``component`` installs (``step_folder``), read once."""
    root = Path(component.path)
    found: dict[str, BuildFolder] = {}
    for step in component.steps:
        folder = step_folder(step)
        if folder and folder not in found:
            found[folder] = read_build_folder(root / folder)
    return found


def read_build_folder(folder: Path) -> BuildFolder:
    """What ``folder`` holds for its build: setup.py, the build table, its top's names."""
    return BuildFolder(setup=_setup(folder), requires=build_table(folder), modules=_names(folder))


def _setup(folder: Path) -> Optional[str]:
    """``folder``'s setup.py's text; None for none, or a FIFO or device (a read would block),
    read by the scan's reader (regular files only, size-capped)."""
    text, _ = read_text(folder / "setup.py", "setup.py")
    return text


def build_table(folder: Path) -> Optional[tuple[str, ...]]:
    """The entries of ``folder``'s ``pyproject.toml`` ``build-system.requires``; None when it
    lists none (no file, no table, unreadable)."""
    manifest = folder / "pyproject.toml"
    try:
        _, document = read_toml(manifest) if manifest.is_file() else ("", {})
    except InputError:
        return None
    build = document.get("build-system")
    requires = build.get("requires") if isinstance(build, dict) else None
    if not isinstance(requires, list):
        return None
    return tuple(entry for entry in requires if isinstance(entry, str))


def _names(folder: Path) -> frozenset[str]:
    """The ``X.py`` files (as ``X``) and folders at ``folder``'s top; none when unreadable."""
    try:
        with os.scandir(folder) as entries:
            return frozenset(
                entry.name.removesuffix(".py") if entry.name.endswith(".py") else entry.name
                for entry in entries
                if entry.is_dir() or (entry.name.endswith(".py") and entry.is_file())
            )
    except OSError:
        return frozenset()
