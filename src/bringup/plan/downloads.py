"""Whether a build or install step needs the network: the repo's downloads (``network``
requirements) that step's own project makes.

A download a script makes is made by the steps that run that script; one a build file
makes (CMake's FetchContent, a setup.py that clones) by the builds of the project that file
belongs to. uv-xiao/cuda-kernel-uv@2fe491e setup.sh:77 installs torch from
download.pytorch.org: ``cmake ..``/``make`` in chapters/01_introduction/build, whose
CMakeLists.txt fetches nothing, were skipped by ``up --offline`` as "needs the network"
(outsider11 #6). A download stated elsewhere (a README: "the build downloads X") stays the
whole repo's. A step runs a script by its path among its words, inside a shell string
(``sh -c "bash scripts/fetch_deps.sh && make"``) too, or by module (``python -m
tools.fetch``: tools/fetch.py) (review30 L7)."""

from __future__ import annotations

import posixpath

from bringup import lazyre
from bringup.model.requirements import Component, Requirement, Step

_SCRIPT = lazyre.compile(r"\.(?:sh|bash|zsh|py|ps1|bat|cmd)$")
_BUILD_FILE = lazyre.compile(
    r"(?:^|/)(?:CMakeLists\.txt|[^/]*\.cmake|setup\.py|setup\.cfg|pyproject\.toml|"
    r"(?:GNU)?[Mm]akefile|[^/]*\.mk|meson\.build|build\.gradle|package\.json|Cargo\.toml|"
    r"go\.mod|BUILD(?:\.bazel)?|WORKSPACE|MODULE\.bazel|configure(?:\.ac)?)$"
)

_BUILD_DIR = lazyre.compile(r"(?:^|/)(?:build|_build|out|cmake-build-[^/]*)$")
_SHELL_BREAK = lazyre.compile(r"[\s;&|()<>`'\"]+")
"""What separates the words of a shell string (``sh -c "cd x && bash y.sh"``)."""


def downloads_here(step: Step, component: Component) -> bool:
    """Whether ``step`` (a build or install) makes one of ``component``'s downloads."""
    if step.kind not in ("build", "install"):
        return False
    return any(
        r.subject == "network"
        and r.hard
        and any(_made_by(step, rel) for rel in _files(r, component))
        for r in component.requirements
    )


def _files(requirement: Requirement, component: Component) -> list[str]:
    """The requirement's file, and each build file it is also cited in (one that runs the
    script making the download, ``scan.buildruns``), relative to the repo (the scan cites a
    checkout given by its absolute path with absolute paths)."""
    root = component.path.rstrip("/") + "/"
    refs = [s.ref or "" for s in (requirement.source, *requirement.also_at)]
    rels = [ref[len(root) :] if ref.startswith(root) else ref for ref in refs]
    return rels[:1] + [rel for rel in rels[1:] if _BUILD_FILE.search(rel)]


def _made_by(step: Step, rel: str) -> bool:
    """Whether the download stated in ``rel`` is made by ``step``: a build file's by a step
    whose folder lies in that file's project or above it, a script's by a step that runs it,
    any other file's by every build."""
    if _BUILD_FILE.search(rel):
        project = posixpath.dirname(rel)
        here = posixpath.normpath(step.cwd or ".")
        if _BUILD_DIR.search(here):  # ``cmake ..`` in ``<project>/build`` builds <project>
            here = posixpath.dirname(here) or "."
        if here == "." or project == "":
            return True
        return _within(here, project) or _within(project, here)
    if _SCRIPT.search(rel):
        here = step.cwd or "."
        return any(posixpath.normpath(posixpath.join(here, p)) == rel for p in _paths_run(step))
    return True


def _paths_run(step: Step) -> list[str]:
    """The paths among ``step``'s words (each word of a shell string it passes) and the
    files of the modules it runs with ``-m``."""
    words = [w for arg in step.argv for w in _SHELL_BREAK.split(arg) if w]
    found = list(words)
    for at, word in enumerate(words[:-1]):
        if word == "-m":
            module = words[at + 1].replace(".", "/")
            found += [f"{module}.py", f"{module}/__main__.py"]
    return found


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")
