"""A package list a guide installs from a project it has just cloned: not a file of the repo.

``git clone -b v0.9.1 https://github.com/vllm-project/vllm.git`` then ``pip install -r
vllm/requirements/build.txt`` (pillumina/verl_npu@2faa869 README.md:6-7, whose comment has the
reader delete ``torch==2.7`` from that file first) reads a file only the clone holds: it runs
after the clone, which no step of the plan makes, and after the reader's edit. Such a step
needs the user's input, the clone (outsider17 D11), as a file the guide has the reader create
does (``guidecreated``). The comment of its line, which says what to do to the file first
(the edit above), is said with the input.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

import msgspec

from bringup.model import Step
from bringup.scan.clones import clone_dir
from bringup.scan.commands import Command, pip_install_targets
from bringup.scan.extraction import SourceFile


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


_COMMENT = re.compile(r"\s#+\s*([^#\n]{1,200})$")
"""A shell comment closing a command's line: blank, ``#``, then its words."""


def _line_comment(file: SourceFile, line: int) -> str:
    """The words of the comment closing ``line`` of ``file``, "" for none."""
    lines = file.text.split("\n", line)
    found = _COMMENT.search(lines[line - 1]) if 0 < line <= len(lines) else None
    return found.group(1).strip() if found else ""


def after_clone(step: Step, cloned: dict[str, tuple[str, int]], file: SourceFile) -> Step:
    """``step`` needing the clone as its input when it pip-installs a list (``-r``) inside a
    folder a ``git clone`` on an earlier line of its block made (``file``: where the step is,
    whose line's comment is said with it)."""
    targets = pip_install_targets(step.argv)
    if targets is None or not cloned:
        return step
    made = []
    said = ""
    for listed in targets[1]:
        head = posixpath.normpath(posixpath.join(step.cwd or ".", listed)).split("/", 1)[0]
        url, line = cloned.get(head, ("", 0))
        if url and line < (step.source.line or 0):
            said = said or _line_comment(file, step.source.line or 0)
            note = f" (its line says: {said})" if said else ""
            made.append(f"{listed}{note}, from the clone of {url} (line {line})")
    if not made:
        return step
    inputs = (*step.needs.inputs, *made)
    return msgspec.structs.replace(step, needs=msgspec.structs.replace(step.needs, inputs=inputs))
