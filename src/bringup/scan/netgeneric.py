"""A guide's words that the build needs the network ("the build downloads its dependencies",
``netprose``'s ``internet``) say again what the build files state library by library
(rapidsai/raft docs/source/build.md:111 beside cmake/RAPIDS.cmake:35 and
cpp/cmake/thirdparty/get_rmm.cmake:10): one need, not two. Where a scope's build states a
download of its own, the words are cited beside the first such download."""

from __future__ import annotations

import msgspec

from bringup.model import Requirement

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
    return [_cited(r, beside.get(id(r), [])) for r in kept]


def _cited(download: Requirement, words: list[Requirement]) -> Requirement:
    if not words:
        return download
    more = (s for r in words for s in (r.source, *r.also_at) if s != download.source)
    return msgspec.structs.replace(
        download, also_at=tuple(dict.fromkeys((*download.also_at, *more)))
    )
