"""Python scripts that compile a toolkit's kernels when they start: a module of the repo
they import (at any depth, in a ``try`` or a branch too) calls
``torch.utils.cpp_extension.load`` on ``.cu`` sources, which runs nvcc and builds for the
GPU at hand. ashawkey/torch-ngp@b6e08046 main_nerf.py:87 imports nerf/network.py, whose
renderer reaches raymarching/backend.py:31-37 ``load(name='_raymarching', sources=[...
'raymarching.cu' ...])`` four imports on: every ``python main_nerf.py`` of its readme "needed
nothing" (outsider9 #6). Such a run
needs the toolkit and a device of its kind."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection
from typing import Optional

from bringup import backends, lazyre
from bringup.wordgate import line_matches

_IMPORT = lazyre.compile(
    r"^[ \t]*(?:from[ \t]+(?P<package>\.*[\w.]*)[ \t]+import[ \t]+\(?(?P<members>[\w \t,*]+)"
    r"|import[ \t]+(?P<names>[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))",
    re.MULTILINE,
)
"""An import statement: each starts its line, ends on it and holds ``import``
(``wordgate.line_matches``)."""
_JIT = lazyre.compile(r"\bcpp_extension\b", prefilter=True)
_LOAD = lazyre.compile(r"\bload\(")
_SOURCE = lazyre.compile(r"""\.(cu)['"]""")
"""A kernel source a ``load`` compiles; ``.cu`` is CUDA's (``build_languages``)."""
_MOST_FILES = 80
"""The repo files one script's imports are followed through, at most."""


def _language_kinds() -> dict[str, str]:
    """Each kernel language (lower case: ``cuda``) -> the device kind of the backend that
    builds it."""
    return {
        language.lower(): backend.device_kind
        for backend in backends.registered()
        for language in backend.vocabulary.build_languages
    }


def jit_kind(
    rel: str, scripts: Collection[str], read: Callable[[str], Optional[str]]
) -> Optional[str]:
    """The device kind of the kernels the script ``rel`` compiles as it starts (through the
    repo's modules it imports), None when it compiles none."""
    return JitBuilds(scripts, read).kind(rel)


class JitBuilds:
    """``jit_kind`` over one checkout (its files ``scripts``, read by ``read``), each script's
    answer and each module's reading kept: a repo's guides run the same scripts, whose
    imports reach the same modules (flashinfer: 10 scripts' imports were 326 readings)."""

    def __init__(self, scripts: Collection[str], read: Callable[[str], Optional[str]]) -> None:
        self.scripts = scripts
        self.read = read
        self._kinds: dict[str, Optional[str]] = {}
        self._files: dict[str, Optional[tuple[bool, list[str]]]] = {}

    def kind(self, rel: str) -> Optional[str]:
        """``jit_kind`` of the script ``rel``."""
        if rel not in self._kinds:
            self._kinds[rel] = self._followed(rel)
        return self._kinds[rel]

    def _followed(self, rel: str) -> Optional[str]:
        queue, seen = [rel], {rel}
        while queue and len(seen) <= _MOST_FILES:
            current = queue.pop(0)
            reading = self._file(current)
            if reading is None:
                continue
            compiles, imported = reading
            if compiles:
                return _language_kinds().get("cuda")
            for module in imported:
                if module not in seen:
                    seen.add(module)
                    queue.append(module)
        return None

    def _file(self, rel: str) -> Optional[tuple[bool, list[str]]]:
        """Whether the file ``rel`` compiles kernels, else the repo files it imports; None
        when it cannot be read."""
        if rel not in self._files:
            text = self.read(rel)
            if text is None:
                self._files[rel] = None
            elif _JIT.search(text) and _LOAD.search(text) and _SOURCE.search(text):
                self._files[rel] = (True, [])
            else:
                self._files[rel] = (False, _imported(rel, text, self.scripts))
        return self._files[rel]


def _imported(rel: str, text: str, scripts: Collection[str]) -> list[str]:
    """The repo files ``text`` (the file ``rel``) imports: a module or package by its dotted
    name from the file's folder, its package's top or the repo's top; ``from .x import y``
    from the file's own package."""
    here = posixpath.dirname(rel)
    found: list[str] = []
    for match in line_matches(_IMPORT, text, ("import",)):
        if match.group("names"):
            names = [(n.strip(), "") for n in match.group("names").split(",")]
        else:
            package = match.group("package")
            members = [m.split()[0] for m in match.group("members").split(",") if m.strip()]
            names = [(package, member) for member in members if member != "*"] or [(package, "")]
        for name, member in names:
            found.extend(_files(here, name, member, scripts))
    return found


def _files(here: str, name: str, member: str, scripts: Collection[str]) -> list[str]:
    """The repo files ``from name import member`` (or ``import name``) may load."""
    dots = len(name) - len(name.lstrip("."))
    path = name.lstrip(".").replace(".", "/")
    if dots:
        base = here
        for _ in range(dots - 1):
            base = posixpath.dirname(base)
        bases = [base]
    else:
        bases = list(dict.fromkeys([here, ""]))
    found: list[str] = []
    for base in bases:
        folder = posixpath.join(base, path) if path else base
        tries = [f"{folder}.py", f"{folder}/__init__.py"]
        if member:
            tries.append(f"{folder}/{member}.py")
        found.extend(posixpath.normpath(t) for t in tries if posixpath.normpath(t) in scripts)
    return found
