"""A version shown on a line a hard unversioned need already cites is that need's preference,
not a second requirement.

Fuser's build runs ``import torch`` (NVIDIA/Fuser cmake/deps/handle_torch.cmake:15), a hard
need of torch that cites README.md:69 "PyTorch >= 2.9" beside it; the same line read as prose
is a soft ``torch>=2.9`` of its own. pyasc's guide says to install PyTorch and torch_npu
(docs/quick_start.md:343) and shows ``pip3 install torch_npu-2.7.1.post2-...whl`` (:372),
which the need cites too. Each pair is one statement of one need told twice: the soft version
joins the need as a release it prefers (the solver weighs it as the soft requirement it was,
``solve.judge``), its places beside the need's. Releases shown as alternatives (a CI
matrix's torch versions, ``==2.6.0 || ==2.7.1 || ...``, test_scan_ci_images) stay a
requirement of their own: the matrix says which of them the wheels are built for.
"""

from __future__ import annotations

import msgspec

from bringup.model import Alternative, Requirement
from bringup.scan.placesbeside import with_places_of


def _places(requirement: Requirement) -> set[object]:
    return {requirement.source, *requirement.also_at}


def _need_citing(shown: Requirement, needs: list[Requirement]) -> int | None:
    """The index of the hard unversioned need of ``shown``'s subject and feature that cites
    ``shown``'s own place, if any."""
    for index, need in enumerate(needs):
        if (
            need.subject == shown.subject
            and need.feature == shown.feature
            and need.hard
            and not need.spec
            and not need.any_of
            and shown.source in _places(need)
        ):
            return index
    return None


def fold_shown_versions(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each soft version shown on a line that a hard unversioned need of
    its subject cites folded into that need as a preferred release."""
    out = list(requirements)
    folded: set[int] = set()
    for index, shown in enumerate(requirements):
        if shown.hard or not shown.spec or shown.any_of or "||" in shown.spec:
            continue
        need = _need_citing(shown, requirements)
        if need is None:
            continue
        preferred = Alternative(value=shown.spec, source=shown.source)
        merged = with_places_of(out[need], [shown])
        out[need] = msgspec.structs.replace(
            merged, prefers=tuple(dict.fromkeys((*merged.prefers, preferred)))
        )
        folded.add(index)
    return [r for index, r in enumerate(out) if index not in folded]
