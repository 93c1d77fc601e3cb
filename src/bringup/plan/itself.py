"""A guide's install of the project itself from elsewhere: another copy than the checkout.

A README offers its users ways to get the project: "Install with PyPI" (``pip install
mindpose``) or "Install from Source" (``pip install git+https://github.com/mindspore-lab/
mindpose.git``), mindspore-lab/mindpose@85b42778 README.md:55-66. They are alternatives to
each other and to the checkout that ``up`` brings up: run one after another, each replaces the
last, both need the network, and the tests then import a released or upstream copy, not the
code under test (outsider10 D12). A step whose every target is the project's own name, or a
URL of a repository of that name, is listed and not run."""

from __future__ import annotations

import re
from posixpath import basename

from packaging.requirements import InvalidRequirement
from packaging.requirements import Requirement as Pep508

from bringup.model.plan import Reason
from bringup.model.requirements import Component, Step
from bringup.scan.commands import _PIP_VALUE_OPTIONS, pip_install_targets

_URL = re.compile(r"^(?:git\+|hg\+|svn\+|bzr\+)?(?:https?|ssh|git)://", re.IGNORECASE)


def _normal(name: str) -> str:
    """A distribution or repository name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _from_elsewhere(target: str, own: str) -> str:
    """Where ``target`` gets the project named ``own`` from ("the package index", its URL),
    or "" when it is something else (another package, a local path such as ``.``)."""
    if _URL.match(target):
        path = target.split("#", 1)[0].split("@", 2)
        url = "@".join(path[:2]) if target.lower().startswith("git+ssh") else path[0]
        repo = basename(url.rstrip("/"))
        repo = repo[: -len(".git")] if repo.endswith(".git") else repo
        return url if _normal(repo) == own else ""
    try:
        requirement = Pep508(target)
    except InvalidRequirement:
        return ""
    if requirement.url:
        return _from_elsewhere(requirement.url, own) if _normal(requirement.name) == own else ""
    return "the package index" if _normal(requirement.name) == own else ""


def _urls(argv: tuple[str, ...]) -> list[str]:
    """The URLs a ``pip install`` installs from (``pip_install_targets`` leaves out what holds
    a slash), not the values of its options (``--index-url``, ``-f``)."""
    found: list[str] = []
    value = False
    for arg in argv[argv.index("install") + 1 :] if "install" in argv else ():
        if value:
            value = False
        elif arg in _PIP_VALUE_OPTIONS or arg in ("-r", "--requirement"):
            value = True
        elif _URL.match(arg):
            found.append(arg)
    return found


def installs_itself(step: Step, component: Component) -> Reason | None:
    """Why ``step`` is not run: it installs the project itself (``component``'s name) from the
    package index or its upstream repository, and nothing else."""
    targets = pip_install_targets(step.argv)
    if targets is None or targets[1]:
        return None
    own = _normal(component.name)
    places = [_from_elsewhere(t, own) for t in [*targets[0], *_urls(step.argv)]]
    if not places:
        return None
    if not all(places):
        return None
    return Reason(kind="itself", subject=component.name, need=places[0], sources=(step.source,))
