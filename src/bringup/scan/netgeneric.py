"""A scope's downloads while building as one ``network`` need: a machine that builds that
scope needs the network, whatever and wherever the build downloads, and so one need says it,
its first download cited first and each other place beside it (``also_at``), the other URLs
named in its text.

A guide's words that the build needs the network ("the build downloads its dependencies",
``netprose``'s ``internet``) say again what the build files state library by library
(rapidsai/raft docs/source/build.md:111 beside cmake/RAPIDS.cmake:35 and
cpp/cmake/thirdparty/get_rmm.cmake:10), and so do the libraries a CANN build has cann-cmake
download (``cannthird``: hicann/ge cmake/find_3rd_party_packages.cmake:12-18 beside the fetch
of cann-cmake, cmake/fetch_cann_cmake.cmake:32); each URL a build file fetches is one more
place of the same need (microsoft/mscclpp python/csrc/CMakeLists.txt:6 nanobind and :10
dlpack; hicann/tensorflow cmake/tensorflow.cmake:22, cmake/secure_c.cmake:14,
cmake/nlohmann_json.cmake:14). The need cited first is the first hard download a build file
names; where there is none, the first library cann-cmake downloads; the guide's words alone
stay as they are. A soft download (a fallback the build may skip) stays its own."""

from __future__ import annotations

import msgspec

from bringup.model import Requirement
from bringup.scan.cannthird import WORDS
from bringup.scan.placesbeside import with_places_of

GENERIC = "internet"


def fold_network(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each scope's and feature's network needs folded into its first
    named download, where there is one."""
    named: dict[tuple[str, str], Requirement] = {}
    for restating in (False, True):
        for requirement in requirements:
            if _named(requirement) and _restates(requirement) == restating:
                named.setdefault((requirement.component, requirement.feature), requirement)
    beside: dict[int, list[Requirement]] = {}
    kept = []
    for requirement in requirements:
        first = named.get((requirement.component, requirement.feature))
        folded = requirement.spec == GENERIC or requirement.hard
        if requirement.subject == "network" and folded and first not in (None, requirement):
            beside.setdefault(id(first), []).append(requirement)
        else:
            kept.append(requirement)
    return [_with_others(r, beside.get(id(r), [])) for r in kept]


def _with_others(need: Requirement, others: list[Requirement]) -> Requirement:
    """``need`` citing ``others`` beside it, the URLs they name added to its text."""
    if not others:
        return need
    specs = [r.spec for r in others if r.spec not in (GENERIC, need.spec)]
    also = ", ".join(dict.fromkeys(specs))
    text = f"{need.text or need.spec}; also downloads: {also}"[:600] if also else need.text
    return with_places_of(msgspec.structs.replace(need, text=text), others)


def _named(requirement: Requirement) -> bool:
    """A hard download of a named thing, not the guide's words."""
    return requirement.subject == "network" and requirement.spec != GENERIC and requirement.hard


def _restates(requirement: Requirement) -> bool:
    """A library cann-cmake downloads (``cannthird``)."""
    return (requirement.text or "").startswith(WORDS)
