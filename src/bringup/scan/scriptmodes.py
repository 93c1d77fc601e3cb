"""A step that runs a repo script by its path (``./run_parallel.sh``) needs the file's executable
bit: without it (git mode 100644, thu-ml/SageAttention@d1a57a54 example/run_parallel.sh, run as
``./run_parallel.sh`` by example/README.md:58) the shell refuses it ("Permission denied"). Such a
step runs the script through the interpreter its shebang names (``sh`` for ``#!/bin/sh``), else
``bash`` (what the shell runs a script without one with), and a note says why."""

from __future__ import annotations

import os
import posixpath
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Scope, Step
from bringup.scan.extraction import Finding

_SHEBANG = lazyre.compile(r"#![ \t]*(\S+)(?:[ \t]+(\S+))?")
_INTERPRETERS = frozenset({"sh", "bash", "dash", "python", "python3"})
"""The interpreters a step may name for a script; any other shebang leaves the step as written."""
_SCRIPT = lazyre.compile(r"[\w.+-]{1,100}\.(?:sh|bash)")


def runnable(steps: Sequence[Step], root: Path) -> tuple[list[Step], list[Finding]]:
    """``steps`` with each one running a repo file that lacks its executable bit run through
    its interpreter, and a note per such step."""
    out: list[Step] = []
    notes: list[Finding] = []
    for step in steps:
        run_with = _interpreter(step, root)
        if run_with is None:
            out.append(step)
            continue
        interpreter = " ".join(run_with)
        path = posixpath.normpath(step.argv[0])
        argv = (*run_with, path, *step.argv[1:])
        out.append(msgspec.structs.replace(step, argv=argv))
        where = posixpath.normpath(posixpath.join(step.cwd, path))
        notes.append(
            Finding(
                kind="note",
                message=f"{where} has no executable bit in the checkout, so `{step.argv[0]}` "
                f"would be refused (Permission denied): the step runs `{interpreter} {path}`",
                sources=(step.source,),
            )
        )
    return out, notes


def _interpreter(step: Step, root: Path) -> Optional[tuple[str, ...]]:
    """The interpreter to run the step's program with, and the flag its first line gives it
    (``#!/bin/bash -e``: stop at the first failing command; review36), when it is a repo file
    without an executable bit; None otherwise."""
    program = step.argv[0] if step.argv else ""
    if "/" not in program or program.startswith(("/", "~")) or ".." in program.split("/"):
        return None
    path = root / step.cwd / program
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode) or info.st_mode & 0o111:
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as stream:
            first = stream.readline(200).decode("utf-8", "replace")
    except OSError:
        return None
    said = _SHEBANG.match(first)
    if said is None:
        return ("bash",) if _SCRIPT.fullmatch(posixpath.basename(program)) else None
    name, flag = posixpath.basename(said.group(1)), said.group(2)
    if name == "env" and flag:
        name, flag = flag, None
    if name not in _INTERPRETERS:
        return None
    return (name, flag) if flag and flag.startswith("-") else (name,)


def runnable_scopes(scopes: Sequence[Scope], root: Path) -> tuple[tuple[Scope, ...], list[Finding]]:
    """``runnable`` over the steps of each scope beside the repo's."""
    out: list[Scope] = []
    notes: list[Finding] = []
    for scope in scopes:
        steps, said = runnable(scope.steps, root)
        out.append(msgspec.structs.replace(scope, steps=tuple(steps)) if said else scope)
        notes += said
    return tuple(out), notes
