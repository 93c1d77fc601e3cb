"""A system package named again is a place of the need that names it, not a need of its own.

An install line names several packages ("apt-get install ... bash ccache", hixl
docs/en/build.md:139); a list item below names one of them again ("ccache (optional, ...)",
:147), a script runs a tool an install line installs, a table names a package a release
floor states elsewhere ("patch" beside "patch >= 2.7", opbase docs/QUICKSTART.md:20). Each
is the same package told twice: the later one joins the need naming every package it names
(at the release it gives, if any), and its places follow. Lines of different package managers
(``yum install dkms`` beside ``zypper install dkms rpmbuild``) are each distribution's own
install and stay apart, as does a hard mention beside a soft need naming more packages (it
would make them bind). A hard mention beside a soft need that only adds a release joins it,
and the need binds: the build runs ``make`` (Ascend/VisionSDK@f156edcf build_all.sh:92) whose
release the guide's table advises ("make | 不低于3.82", docs/zh/installation_guide.md:26), one
tool the build needs at that release, as the truth writes it (``make>=3.82``, hard).
"""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.hosttools import HOST_TOOLS, headers_package

_SUBJECT = "system_package"
_ITEM = lazyre.compile(r"(?P<name>[A-Za-z0-9@][^\s<>=!~]{0,200}?)(?P<spec>[<>=!~]=?\d\S{0,60})?")
_MANAGER = lazyre.compile(r"^(\S{1,40}) install \(")


def _items(requirement: Requirement) -> dict[str, str]:
    """Each package ``requirement`` names, with the release it gives ("" for none)."""
    found = {}
    for word in requirement.spec.split():
        item = _ITEM.fullmatch(word)
        name, spec = (item.group("name"), item.group("spec") or "") if item else (word, "")
        found[name.lower()] = spec
    return found


def _manager(requirement: Requirement) -> str:
    named = _MANAGER.match(requirement.text or "")
    return named.group(1) if named else ""


def _names_again(mention: Requirement, need: Requirement) -> bool:
    """Whether ``need`` names every package of ``mention`` (at the releases it gives) and
    says more: more packages, or a release where ``mention`` gives none; within one feature
    (a main build's cmake is no place of the tests' "cmake googletest")."""
    mine, theirs = _items(mention), _items(need)
    if mention.feature != need.feature or not mine or not set(mine) <= set(theirs):
        return False
    if any(spec and theirs[name] != spec for name, spec in mine.items()):
        return False
    more = len(theirs) > len(mine) or any(theirs[n] and not s for n, s in mine.items())
    managers = {_manager(mention), _manager(need)} - {""}
    # a hard mention joins a soft need only where the need adds releases alone: the tool the
    # build runs is the one the guide advises a release of, and that need binds
    releases_only = set(theirs) == set(mine)
    return more and len(managers) < 2 and (need.hard or not mention.hard or releases_only)


def fold_named_packages(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each system package named again cited as a place of the need
    naming it with more (the first such, followed to the need that names the most)."""
    packages = [r for r in requirements if r.subject == _SUBJECT]
    into: dict[int, Requirement] = {}
    for mention in packages:
        need = next((n for n in packages if n is not mention and _names_again(mention, n)), None)
        if need is not None:
            into[id(mention)] = need
    if not into:
        return requirements
    places: dict[int, list[Requirement]] = {}
    for mention in packages:
        need = into.get(id(mention))
        while need is not None and id(need) in into:
            need = into[id(need)]
        if need is not None:
            places.setdefault(id(need), []).append(mention)
    out = []
    for requirement in requirements:
        if id(requirement) in into:
            continue
        joined = places.get(id(requirement), [])
        more = (s for r in joined for s in (r.source, *r.also_at) if s != requirement.source)
        also = tuple(dict.fromkeys((*requirement.also_at, *more)))
        hard = requirement.hard or any(r.hard for r in joined)
        changed = msgspec.structs.replace(requirement, also_at=also, hard=hard)
        out.append(changed if joined else requirement)
    return out


def fold_listed_tools(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` (one document's) with each run of tools listed on consecutive lines
    one need: "- dos2unix", "- make", "- patch" (hicann/ops-blas docs/zh/install/
    quick_install.md:138-140) are one list of what the build needs, as the truth briefs
    write it ("any_of when a list of required tools"), its spec every tool (with the release
    each gives), cited at the first line, the others in ``also_at``. Only the same hardness
    and feature run on (an optional ``pigz`` or the tests' ``googletest`` beside them is
    its own), only the host tools build guides list (``hosttools.HOST_TOOLS``, a headers
    package), not Python distributions an item names ("- starlette 0.49.1"), and only tools
    not read from a package manager's install (whose lines are each distribution's own)."""
    out: list[Requirement] = []
    last: int | None = None  # the line of ``out[-1]``'s latest tool, when it may go on
    for requirement in requirements:
        line = requirement.source.line
        listed = (
            requirement.subject == _SUBJECT
            and all(name in HOST_TOOLS or headers_package(name) for name in _items(requirement))
            and not requirement.also_at
            and not requirement.any_of
            and line is not None
            and not _manager(requirement)
        )
        previous = out[-1] if out and last is not None else None
        if (
            listed
            and previous is not None
            and line == (last or 0) + 1
            and (previous.hard, previous.feature) == (requirement.hard, requirement.feature)
        ):
            also = (*previous.also_at, requirement.source)
            spec = f"{previous.spec} {requirement.spec}"
            out[-1] = msgspec.structs.replace(previous, spec=spec, also_at=also)
        else:
            out.append(requirement)
        last = line if listed else None
    return out
