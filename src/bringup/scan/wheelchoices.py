"""The wheel indexes one code block installs from are alternatives.

A package index per toolkit build (``--index-url https://download.pytorch.org/whl/cu126``)
says which toolkit the installed wheels were built for (``commands``: a soft need, one choice
among several). A guide that gives one command per build ("cuda 12.6 version", "cuda 12.8
version", "cuda 13.0 version", xformers README.md:30-36) offers a choice: any of them will
do, as in a support list, so they are one requirement whose spec joins theirs with ``||``,
cited where the first is and at the others (``also_at``), not one need per build, which
together no machine meets.
"""

from __future__ import annotations

import msgspec

from bringup.model import Requirement
from bringup.scan.commandneeds import WHEEL_INDEX


def one_choice(found: list[Requirement]) -> list[Requirement]:
    """``found`` (one block's requirements, in order) with the builds that wheel indexes of a
    subject choose merged into the first of them."""
    groups: dict[tuple[str, bool], list[Requirement]] = {}
    for requirement in found:
        if (requirement.text or "").startswith(WHEEL_INDEX):
            groups.setdefault((requirement.subject, requirement.hard), []).append(requirement)
    merged: dict[int, Requirement] = {}
    dropped: set[int] = set()
    for group in groups.values():
        specs = list(dict.fromkeys(r.spec for r in group))
        if len(specs) < 2:
            continue
        first = group[0]
        places = (s for r in group for s in (r.source, *r.also_at) if s != first.source)
        text = "; ".join(dict.fromkeys(r.text or "" for r in group))
        merged[id(first)] = msgspec.structs.replace(
            first, spec=" || ".join(specs), text=text, also_at=tuple(dict.fromkeys(places))
        )
        dropped.update(id(r) for r in group[1:])
    return [merged.get(id(r), r) for r in found if id(r) not in dropped]
