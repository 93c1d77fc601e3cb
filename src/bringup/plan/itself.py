"""A guide's install of the project itself from elsewhere: another copy than the checkout.

A README offers its users ways to get the project: "Install with PyPI" (``pip install
mindpose``) or "Install from Source" (``pip install git+https://github.com/mindspore-lab/
mindpose.git``), mindspore-lab/mindpose@85b42778 README.md:55-66. They are alternatives to
each other and to the checkout that ``up`` brings up: run one after another, each replaces the
last, both need the network, and the tests then import a released or upstream copy, not the
code under test (outsider10 D12). A step whose every target is the project's own name, or a
URL of a repository of that name, is listed and not run. The project's names are its
component's and the distribution its ``pyproject.toml`` names: NVIDIA/nvmath-python@63409f5,
checked out as "nvmath python", names ``nvmath-python`` (pyproject.toml:22) and its guide
installs ``pip install nvmath-python[cu12]`` (DESCRIPTION.rst:18), the release, whose tests
then import the unbuilt checkout (outsider20 D3).

Then nothing may install the checkout (mindpose's guide has no ``pip install -e .``), and its
tests would import no copy at all, or whichever another step left (outsider10 #12). A repo
whose guide installs the project from elsewhere, and whose steps never install the checkout,
gets the checkout's install in its place (``with_checkout_install``) when the checkout is a
Python project (``setup.py`` or ``pyproject.toml`` at its top)."""

from __future__ import annotations

import posixpath
import re
from posixpath import basename
from typing import NamedTuple
from urllib.parse import urlsplit

import msgspec
from packaging.requirements import InvalidRequirement
from packaging.requirements import Requirement as Pep508

from bringup.model import StepNeeds, file_source
from bringup.model.plan import Reason
from bringup.model.requirements import Component, Step
from bringup.scan.commands import PIP_VALUE_OPTIONS, pip_install_targets, program_name
from bringup.scan.sourceinstalls import installs_here

_URL = re.compile(r"^(?:git\+|hg\+|svn\+|bzr\+)?(?:https?|ssh|git)://", re.IGNORECASE)

_EXTRAS = re.compile(r"\[[^\]]{0,80}\]$")
"""Extras after a folder (``.[dev]``)."""

_NAMED_URL = re.compile(r"^[A-Za-z0-9][\w.-]*\s*(?:\[[^\]]*\]\s*)?@\s*\S+://")
"""A PEP 508 direct reference (``name @ git+https://...``), one argument when quoted."""

MANIFESTS = ("pyproject.toml", "setup.py")
"""What makes the checkout a Python project pip can install."""

_PROJECT_INSTALLERS = {"uv": "sync", "poetry": "install", "pdm": "install"}
"""Tools whose command installs the project with its dependencies (unless told not to)."""
_NOT_THE_PROJECT = ("--no-root", "--no-install-project", "--no-self")


def _normal(name: str) -> str:
    """A distribution or repository name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


_INDEX = "the package index"
"""Where a bare name is installed from, unless pip is told to read no index (``--no-index``:
then from the folders ``--find-links`` names, such as the wheels the repo just built)."""


def _from_elsewhere(target: str, own: str) -> str:
    """Where ``target`` gets the project named ``own`` from ("the package index", its URL
    without a ref), or "" when it is something else (another package, a local path such as
    ``.``). A URL is split by ``urlsplit``: a user (``git@host``) and a port belong to its
    host; the ref comes after an ``@`` in the path (``.../x.git@v1``)."""
    if _URL.match(target):
        parts = urlsplit(target.split("#", 1)[0])
        path = parts.path.split("@", 1)[0]
        repo = basename(path.rstrip("/"))
        repo = repo[: -len(".git")] if repo.endswith(".git") else repo
        return f"{parts.scheme}://{parts.netloc}{path}" if _normal(repo) == own else ""
    try:
        requirement = Pep508(target)
    except InvalidRequirement:
        return ""
    if requirement.url:
        return _from_elsewhere(requirement.url, own) if _normal(requirement.name) == own else ""
    return _INDEX if _normal(requirement.name) == own else ""


def _urls(argv: tuple[str, ...]) -> list[str]:
    """The URLs a ``pip install`` installs from, bare or as a named direct reference
    (``pip_install_targets`` leaves out what holds a slash), not the values of its options
    (``--index-url``, ``-f``)."""
    found: list[str] = []
    value = False
    for arg in argv[argv.index("install") + 1 :] if "install" in argv else ():
        if value:
            value = False
        elif arg in PIP_VALUE_OPTIONS or arg in ("-r", "--requirement"):
            value = True
        elif _URL.match(arg) or _NAMED_URL.match(arg):
            found.append(arg)
    return found


class CheckoutTop(NamedTuple):
    """What the checkout's top folder holds that the plan asks about, read at the edge
    (``checkouttop.checkout_top``): the plan does no I/O."""

    distribution: str = ""
    """The distribution name its ``pyproject.toml`` declares (``[project] name``), or ""."""
    manifest: str = ""
    """The first of ``MANIFESTS`` there ("" for none): the checkout is a Python project."""


def _own_names(component: Component, distribution: str) -> tuple[str, ...]:
    """The project's names as PEP 503 compares them: its component's and its distribution's."""
    return tuple(dict.fromkeys(_normal(n) for n in (component.name, distribution) if n))


def installs_itself(step: Step, component: Component, distribution: str = "") -> Reason | None:
    """Why ``step`` is not run: it installs the project itself (``component``'s name or its
    ``distribution``) from the package index or its upstream repository, and nothing else."""
    targets = pip_install_targets(step.argv)
    if targets is None or targets[1]:
        return None
    names = _own_names(component, distribution)
    places = [
        next((p for p in (_from_elsewhere(t, own) for own in names) if p), "")
        for t in [*targets[0], *_urls(step.argv)]
    ]
    if "--no-index" in step.argv:
        places = ["" if place == _INDEX else place for place in places]
    if not places or not all(places):
        return None
    return Reason(kind="itself", subject=component.name, need=places[0], sources=(step.source,))


def _extras_asked(step: Step, component: Component, distribution: str) -> str:
    """The extras ``step`` asks of the project itself, as pip writes them after a folder
    (``[cu12]`` of ``pip install nvmath-python[cu12]``: the extra that brings its CUDA
    libraries, NVIDIA/nvmath-python pyproject.toml ``cu12 = { file = [...-cu12.txt] }``), or ""."""
    names = _own_names(component, distribution)
    extras: set[str] = set()
    for target in (pip_install_targets(step.argv) or ([], []))[0]:
        try:
            requirement = Pep508(target)
        except InvalidRequirement:
            continue
        if _normal(requirement.name) in names:
            extras |= requirement.extras
    return f"[{','.join(sorted(extras))}]" if extras else ""


def with_checkout_install(component: Component, top: CheckoutTop) -> Component:
    """``component`` with the install of its checkout (``pip install -e .`` at its top, with the
    extras that step asked of the project) added after the first step that installs the project
    from elsewhere, when none of its steps installs the checkout and the checkout is a Python
    project (``top``, what its top folder holds); else ``component`` itself."""
    elsewhere = [
        i for i, s in enumerate(component.steps) if installs_itself(s, component, top.distribution)
    ]
    if not elsewhere or any(installs_checkout(s) for s in component.steps) or not top.manifest:
        return component
    here = "." + _extras_asked(component.steps[elsewhere[0]], component, top.distribution)
    install = Step(
        name=f"pip install -e {here}",
        kind="install",
        argv=("python", "-m", "pip", "install", "-e", here),
        source=file_source(top.manifest),
        needs=StepNeeds(network=True),
    )
    steps = list(component.steps)
    steps.insert(elsewhere[0] + 1, install)
    return msgspec.structs.replace(component, steps=tuple(steps))


def installs_checkout(step: Step) -> bool:
    """Whether ``step`` installs (or builds in place) the repo's top folder: ``python setup.py
    develop``/``build_ext`` there, ``pip install -e .`` or ``pip install ".[dev]"`` there,
    ``pip install -e ..`` from a folder below, a wheel the repo built (``pip install
    dist/*.whl``), ``uv sync``, ``poetry install``."""
    here = posixpath.normpath(step.cwd)
    if installs_here(step.argv) and here == ".":
        return True
    if pip_install_targets(step.argv) is not None:
        for arg in step.argv:
            if arg.startswith("-") or not (arg.startswith(".") or "/" in arg):
                continue
            path = posixpath.normpath(posixpath.join(here, _EXTRAS.sub("", arg)))
            if path == "." or (posixpath.dirname(path) == "dist" and path.endswith(".whl")):
                return True
        return False
    verb = _PROJECT_INSTALLERS.get(program_name(step.argv))
    return (
        verb is not None
        and step.argv[1:2] == (verb,)
        and not any(a in _NOT_THE_PROJECT for a in step.argv)
    )
