"""A guide's words that the build needs the network ("the build downloads its dependencies",
``netprose``'s ``internet``) say again what the build files state library by library
(rapidsai/raft docs/source/build.md:111 beside cmake/RAPIDS.cmake:35 and
cpp/cmake/thirdparty/get_rmm.cmake:10): one need, not two. Where a scope's build states a
download of its own, the words are cited beside the first such download. So are the libraries
a CANN build has cann-cmake download (``cannthird``): the configure fetching cann-cmake is
the need they restate (hicann/ge cmake/fetch_cann_cmake.cmake:32 beside
cmake/find_3rd_party_packages.cmake:12-18), and where the scope fetches nothing else, the
first of them is."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.cannthird import WORDS
from bringup.scan.placesbeside import with_places_of

GENERIC = "internet"


def fold_generic_network(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each generic network need cited beside the first named download
    of its scope and feature, where there is one."""
    named: dict[tuple[str, str], Requirement] = {}
    for restating in (False, True):
        for requirement in requirements:
            if _named(requirement) and _restates(requirement) == restating:
                named.setdefault((requirement.component, requirement.feature), requirement)
    beside: dict[int, list[Requirement]] = {}
    kept = []
    for requirement in requirements:
        first = named.get((requirement.component, requirement.feature))
        restates = requirement.subject == "network" and (
            requirement.spec == GENERIC or _restates(requirement)
        )
        if restates and first is not None and first is not requirement:
            beside.setdefault(id(first), []).append(requirement)
        else:
            kept.append(requirement)
    return [with_places_of(r, beside.get(id(r), [])) for r in kept]


def _named(requirement: Requirement) -> bool:
    """A hard download of a named thing, not the guide's words."""
    return requirement.subject == "network" and requirement.spec != GENERIC and requirement.hard


def _restates(requirement: Requirement) -> bool:
    """A library cann-cmake downloads (``cannthird``)."""
    return (requirement.text or "").startswith(WORDS)
