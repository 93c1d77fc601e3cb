"""A package list a guide installs from a project it has just cloned: not a file of the repo.

``git clone -b v0.9.1 https://github.com/vllm-project/vllm.git`` then ``pip install -r
vllm/requirements/build.txt`` (pillumina/verl_npu@2faa869 README.md:6-7, whose comment has the
reader delete ``torch==2.7`` from that file first) reads a file only the clone holds: it runs
after the clone, which no step of the plan makes, and after the reader's edit. Such a step
needs the user's input, the clone (outsider17 D11), as a file the guide has the reader create
does (``guidecreated``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

import msgspec

from bringup.model import Step
from bringup.scan.clones import clone_dir
from bringup.scan.commands import Command, pip_install_targets


def cloned_folders(commands: Sequence[Command]) -> dict[str, tuple[str, int]]:
    """Each folder a ``git clone`` of ``commands`` makes, with its URL and line."""
    found: dict[str, tuple[str, int]] = {}
    for command in commands:
        if command.argv[:2] != ("git", "clone"):
            continue
        folder = clone_dir(command.argv[2:])
        urls = [a for a in command.argv[2:] if "://" in a or a.startswith("git@")]
        if folder and urls and folder not in (".", ".."):
            found.setdefault(folder, (urls[0], command.line))
    return found


def after_clone(step: Step, cloned: dict[str, tuple[str, int]]) -> Step:
    """``step`` needing the clone as its input when it pip-installs a list (``-r``) inside a
    folder a ``git clone`` on an earlier line of its block made."""
    targets = pip_install_targets(step.argv)
    if targets is None or not cloned:
        return step
    made = []
    for listed in targets[1]:
        head = posixpath.normpath(posixpath.join(step.cwd or ".", listed)).split("/", 1)[0]
        url, line = cloned.get(head, ("", 0))
        if url and line < (step.source.line or 0):
            made.append(f"{listed}, from the clone of {url} (line {line})")
    if not made:
        return step
    inputs = (*step.needs.inputs, *made)
    return msgspec.structs.replace(step, needs=msgspec.structs.replace(step.needs, inputs=inputs))
