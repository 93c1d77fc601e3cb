"""A guide's words that the build needs the network ("the build downloads its dependencies",
``netprose``'s ``internet``) say again what the build files state library by library
(rapidsai/raft docs/source/build.md:111 beside cmake/RAPIDS.cmake:35 and
cpp/cmake/thirdparty/get_rmm.cmake:10): one need, not two. Where a scope's build states a
download of its own, the words are cited beside the first such download. The libraries a CANN
build has cann-cmake download (``cannthird``) are cited beside the configure's fetch of
cann-cmake, the need they restate (hicann/ge cmake/fetch_cann_cmake.cmake:32 beside
cmake/find_3rd_party_packages.cmake:12-18); where the scope fetches no cann-cmake, each is
its own need, one a downloaded library."""

from __future__ import annotations

from bringup.model import Requirement
from bringup.scan.cannthird import downloaded_by_cann_cmake, fetches_cann_cmake
from bringup.scan.placesbeside import with_places_of

GENERIC = "internet"


def fold_generic_network(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each generic network need cited beside the first named download
    of its scope and feature, where there is one, and each library cann-cmake downloads
    beside the scope's fetch of cann-cmake, where it has one."""
    named: dict[tuple[str, str], Requirement] = {}
    fetch: dict[tuple[str, str], Requirement] = {}
    for library in (False, True):
        for requirement in requirements:
            scope = (requirement.component, requirement.feature)
            if _named(requirement) and downloaded_by_cann_cmake(requirement) == library:
                named.setdefault(scope, requirement)
            if not library and fetches_cann_cmake(requirement):
                fetch.setdefault(scope, requirement)
    beside: dict[int, list[Requirement]] = {}
    kept = []
    for requirement in requirements:
        scope = (requirement.component, requirement.feature)
        generic = requirement.subject == "network" and requirement.spec == GENERIC
        first = (
            named.get(scope)
            if generic
            else fetch.get(scope)
            if downloaded_by_cann_cmake(requirement)
            else None
        )
        if first is not None and first is not requirement:
            beside.setdefault(id(first), []).append(requirement)
        else:
            kept.append(requirement)
    return [with_places_of(r, beside.get(id(r), [])) for r in kept]


def _named(requirement: Requirement) -> bool:
    """A hard download of a named thing, not the guide's words."""
    return requirement.subject == "network" and requirement.spec != GENERIC and requirement.hard
