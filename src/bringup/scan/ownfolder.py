"""Paths a guide writes from the folder above a clone of the repo itself.

A guide that starts with ``git clone URL`` names the clone's folder in the commands after it
(``bash easyr1-npu/src/x.sh``, ``pip install ./cmake_example``): run in the checkout, each is
the checkout's own path, the clone's folder left off. The repo's names (``own``) are its
component's, its checkout's and its distribution's.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import pip_install_targets

_BUILD_FILES = ("setup.py", "pyproject.toml", "setup.cfg")


def own_names(component: str, root: Path, provides: Sequence[str]) -> tuple[str, ...]:
    """The names of the folder a guide clones the repo into: component, checkout, dist."""
    built = [name.partition(":")[2] for name in provides if name.startswith("pypi:")]
    return (component, root.resolve().name, *built)


def own_clone(
    step: Step, script: str, scripts: Collection[str], own: Collection[str]
) -> Optional[str]:
    """The checkout's path of ``script`` when it is written from the folder a guide cloned
    the repo itself into: its first folder is the repo's name and the rest is the
    checkout's. ``git clone https://github.com/zhshgmail/easyr1-npu.git`` then ``bash
    easyr1-npu/src/scripts/run-npu-container.sh`` (easyr1-npu@28fc2d6e ONBOARDING.md:15-16)
    runs src/scripts/run-npu-container.sh, which the repo has (outsider10 #4)."""
    if step.cwd not in ("", "."):
        return None
    head, _, rest = posixpath.normpath(script).partition("/")
    names = {name.lower() for name in own}
    if not rest or head.lower() not in names:
        return None
    return rest if rest in scripts else None


_NAMED_FOLDER = lazyre.compile(r"^(?:\./)?([\w.-]{1,200}?)/?(\[[\w,. -]{0,80}\])?$")
"""A folder ``pip install`` names by its name (``./cmake_example``, ``cmake_example/``),
extras and all (``./x[test]``)."""


def own_folder_install(
    step: Step, read: Callable[[str], Optional[str]], own: Collection[str]
) -> Step:
    """``step`` with a ``pip install`` of the repo's own folder by its name, written from the
    folder above the clone, made the install of the checkout (``.``): ``git clone --recursive
    https://github.com/pybind/cmake_example.git`` then ``pip install ./cmake_example``
    (pybind/cmake_example@7a94877f README.md:56-57, outsider13 D3) installs the checkout's
    top, which has the build, not a folder ``cmake_example/`` in it, which has none."""
    targets = pip_install_targets(step.argv)
    if targets is None or step.cwd not in ("", ".") or not own:
        return step
    names = {_plain(name) for name in own}
    argv = list(step.argv)
    for index, word in enumerate(argv):
        match = _NAMED_FOLDER.match(word)
        pathlike = word.startswith("./") or "/" in word or _named_as_folder(argv, index)
        if match is None or not pathlike or word.startswith("-"):
            continue
        folder = match.group(1)
        if _plain(folder) not in names or _has_build(read, f"{folder}/"):
            continue
        if _has_build(read, ""):
            argv[index] = "." + (match.group(2) or "")
    if tuple(argv) == step.argv:
        return step
    return msgspec.structs.replace(step, argv=tuple(argv))


def _named_as_folder(argv: Sequence[str], index: int) -> bool:
    """Whether the bare word at ``index`` is a folder (``-e x``), not a distribution."""
    return index > 0 and argv[index - 1] in ("-e", "--editable")


def _has_build(read: Callable[[str], Optional[str]], inside: str) -> bool:
    return any(read(f"{inside}{name}") is not None for name in _BUILD_FILES)


def _plain(name: str) -> str:
    """A name as package names are compared: case, ``-``, ``_`` and ``.`` aside."""
    return re.sub(r"[-_.]+", "", name.lower())


def in_own_clone(step: Step, own: Collection[str], scripts: Collection[str]) -> Step:
    """``step`` run in the checkout's top (or the folder under it) when a guide ran it in the
    folder it cloned the repo itself into, a folder the checkout has not: ``git clone
    https://github.com/hiyouga/LlamaFactory.git``, ``cd LlamaFactory``, ``pip install -e .``
    (hiyouga/LLaMA-Factory@ff6d4d12 README.md:525-528, "Installation is mandatory") is the
    install of the checkout, whatever its folder is called (outsider14 D3)."""
    if step.cwd in ("", ".") or not own:
        return step
    head, _, rest = posixpath.normpath(step.cwd).partition("/")
    if _plain(head) not in {_plain(name) for name in own}:
        return step
    if any(rel.startswith(f"{head}/") for rel in scripts):
        return step
    return msgspec.structs.replace(step, cwd=rest or ".")
