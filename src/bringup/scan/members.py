"""What every member of a collection states is the collection's own need.

A repo with no build at its root (``collection.rootless``) whose content is a set of sibling
projects built the same way (linnlh/ascendc-competition-s3: one msopgen operator project per
folder, ``basic/asinh``, ``basic/div`` … ``perf/nll_loss``, each with its own README, run.sh,
build.sh and CMakeLists.txt) puts every requirement in a member's scope, and its own scope
comes out empty: the repo "needs nothing". Bringing it up is bringing up its members, so a
requirement each member states alike (``cmake_minimum_required(VERSION 3.16.0)`` in all
eleven) is the repo's, cited at every member's place, when it is a need of the build (the
toolkit, a tool, the C++ standard, the interpreter, the device), not a package. A member's
chip, architecture or OS is kept when every member names one: the repo needs any of them
(``anyof.unite`` joins them).

Members are sub-project scopes in one folder, outside the repo's example, benchmark and tool
folders (``scopedirs.COLLECTIONS``: a demo beside the parts, MultimodalSDK ``examples/SCC``,
shows a use of the repo), whose build files are mostly the same lines (HCCL-Competition's
``Hccl_Broadcast_Final`` and ``Hccl_Broadcast_Preliminary``: 87 % of the smaller one's).
Different tools kept in one repo are not built alike (akg's ``akg_agents`` and ``mfusion``
each have a build.sh, CMakeLists.txt and setup.py, with 15 % of their lines alike) and recipes
with no build at all (``models/vggt``) are not built: what they share is each one's. A
requirement one member alone states, or one guarded by an option the build does not turn on
(``Requirement.feature``), stays the member's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from posixpath import dirname

from bringup.model import Requirement
from bringup.scan.anyof import ANY_OF_SUBJECTS
from bringup.scan.buildnames import BUILD_FILES
from bringup.scan.scopedirs import COLLECTIONS, TEST_DIRS
from bringup.scan.scopes import feature as is_feature
from bringup.subjects import scope_of

_BUILT_ALIKE = frozenset(
    {"toolkit", "driver", "hardware", "platform", "host", "system_tool", "setting"}
)
"""The catalogue scopes of what a shared build needs (the toolkit, the chip, CMake, the C++
standard, the interpreter): a package one member imports or pins is that member's own, even
where every member's script happens to import it (ascendc-competition-s3's test data scripts
each import numpy: the truth's ``tests`` scope)."""

_ASIDE = TEST_DIRS | COLLECTIONS
"""Folders whose build files build something beside the member (its tests, its examples)."""


def _member(scope: str) -> bool:
    """Whether ``scope`` is a sub-project of the repo's own, not a feature or an example."""
    return not is_feature(scope) and not any(
        folder.lower() in COLLECTIONS for folder in scope.split("/")
    )


def _shareable(requirement: Requirement, on: frozenset[str]) -> bool:
    """Whether ``requirement`` may be the repo's: a need of the build (``_BUILT_ALIKE``) no
    option the build leaves off guards."""
    unguarded = not requirement.feature or requirement.feature in on
    return unguarded and scope_of(requirement.subject) in _BUILT_ALIKE


def _key(requirement: Requirement) -> tuple[str, str]:
    """What makes two members' requirements one: the subject and spec, or the subject alone
    for a subject whose values are alternatives (a chip)."""
    if requirement.subject in ANY_OF_SUBJECTS:
        return requirement.subject, ""
    return requirement.subject, requirement.spec


def _documented(texts: Iterable[str]) -> frozenset[str]:
    """The folders of ``texts`` (paths) that hold a README of their own."""
    return frozenset(
        dirname(rel) for rel in texts if rel.rsplit("/", 1)[-1].lower().startswith("readme")
    )


def _build_lines(members: Iterable[str], texts: Mapping[str, str]) -> dict[str, set[str]]:
    """The lines of the build files (``buildnames.BUILD_FILES``) each of ``members`` holds
    at any depth, its tests and examples aside, and so the projects kept inside it with a
    README of their own: a copy of the whole operator folder, hansheng1001/AscendCContest@4904517
    10ScatterSub/FrameworkLaunch/ScatterSub_v1/ (README.md, FrameworkLaunch/, KernelLaunch/),
    made its FrameworkLaunch hold every line of the KernelLaunch beside it, and the two kinds
    of part "built alike" (outsider20 D4); ghhufue/HCCL-Competition@f88d382's
    Hccl_Broadcast_Final/references/hccl-broadcast-reference/README.md is the reference
    project it was written against, not its build. ``texts``: the repo's files read, by path."""
    wanted = set(members)
    documented = _documented(texts)
    found: dict[str, set[str]] = defaultdict(set)
    for rel, text in texts.items():
        parts = rel.split("/")
        if parts[-1].lower() not in BUILD_FILES or any(d.lower() in _ASIDE for d in parts[:-1]):
            continue
        for depth in range(1, len(parts)):
            if "/".join(parts[:depth]) in wanted:
                inner = range(depth + 1, len(parts))
                if not any("/".join(parts[:deeper]) in documented for deeper in inner):
                    found["/".join(parts[:depth])].update(
                        filter(None, map(str.strip, text.splitlines()))
                    )
                break
    return found


def _alike(one: set[str], other: set[str]) -> bool:
    """Whether two members' build files are mostly the same lines: one template (msopgen's
    CMakeLists.txt and build.sh in every operator of ascendc-competition-s3, all of their 194
    lines alike), not two tools that each have a build.sh (akg's ``akg_agents`` and
    ``mfusion``: 15 % of the smaller one's lines alike)."""
    return len(one & other) * 2 >= min(len(one), len(other))


def families(members: Iterable[str], texts: Mapping[str, str]) -> list[list[str]]:
    """``members`` grouped into families: in one folder, built alike (``_alike``)."""
    lines = _build_lines(members, texts)
    groups: list[list[str]] = []
    for member in sorted(lines):
        home = next(
            (
                group
                for group in groups
                if dirname(group[0]) == dirname(member) and _alike(lines[group[0]], lines[member])
            ),
            None,
        )
        if home is None:
            groups.append([member])
        else:
            home.append(member)
    return [group for group in groups if len(group) > 1]


def shared_by_members(
    others: Mapping[str, list[Requirement]],
    texts: Mapping[str, str],
    on: frozenset[str] = frozenset(),
) -> list[Requirement]:
    """The requirements of the member scopes in ``others`` (scope -> its requirements) that
    every member of the repo's family (``families``, of the repo's files read, ``texts``)
    states alike, when that family is most of the members: the repo is that set of siblings
    (ten of ascendc-competition-s3's eleven operators), not a repo of several kinds of part;
    ``on``: the options the build turns on, whose guarded requirements count as unguarded."""
    members = [scope for scope in others if _member(scope)]
    family = max(families(members, texts), key=len, default=[])
    if len(family) * 2 <= len(members):
        return []
    stated = [[r for r in others[m] if _shareable(r, on)] for m in family]
    shared = set.intersection(*({_key(r) for r in found} for found in stated))
    return [r for found in stated for r in found if _key(r) in shared]
