"""A guide's words that the build needs the network ("the build downloads its dependencies",
``netprose``'s ``internet``) say again what the build files state library by library
(rapidsai/raft docs/source/build.md:111 beside cmake/RAPIDS.cmake:35 and
cpp/cmake/thirdparty/get_rmm.cmake:10): one need, not two. Where a scope's build states a
download of its own, the words are cited beside the first such download."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.placesbeside import with_places_of

GENERIC = "internet"


def fold_generic_network(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each generic network need cited beside the first named download
    of its scope and feature, where there is one."""
    named: dict[tuple[str, str], Requirement] = {}
    for requirement in requirements:
        if requirement.subject == "network" and requirement.spec != GENERIC and requirement.hard:
            named.setdefault((requirement.component, requirement.feature), requirement)
    beside: dict[int, list[Requirement]] = {}
    kept = []
    for requirement in requirements:
        first = named.get((requirement.component, requirement.feature))
        if requirement.subject == "network" and requirement.spec == GENERIC and first:
            beside.setdefault(id(first), []).append(requirement)
        else:
            kept.append(requirement)
    return [with_places_of(r, beside.get(id(r), [])) for r in kept]
