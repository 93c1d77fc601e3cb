"""What a folder of the checkout that a step installs holds, as the plan asks it
(``homewrites``: the paths its setup.py names in the home; ``isolation``: what its build
imports and declares). Read at the edge (``buildfolders.build_folders``) and passed in, so
that the plan does no I/O (DESIGN.md, "Pure core, thin edges")."""

from __future__ import annotations

import posixpath
from typing import NamedTuple, Optional

from bringup.model.requirements import Step
from bringup.scan.sourceinstalls import installed_folder


class BuildFolder(NamedTuple):
    """One installed folder's build files."""

    setup: Optional[str] = None
    """Its ``setup.py``'s text; None when it has none (or it could not be read)."""
    requires: Optional[tuple[str, ...]] = None
    """Its ``pyproject.toml``'s ``build-system.requires``; None when it lists none (no file,
    no table, unreadable)."""
    modules: frozenset[str] = frozenset()
    """The names at its top a module import finds there: ``X.py`` files and folders
    (``versioneer``, a package beside setup.py)."""


def step_folder(step: Step) -> str:
    """The folder of the checkout ``step`` installs, normalised ("." for its top); "" for
    none or one outside the checkout (absolute, or above it)."""
    folder = installed_folder(step.cwd or ".", step.argv)
    if not folder or folder.startswith(("/", "..")):
        return ""
    folder = posixpath.normpath(folder)
    return "" if folder.startswith("..") else folder
