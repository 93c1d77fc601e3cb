"""A toolkit the build enables only where it finds the compiler: optional, prose and all.

dfm/extending-jax@371dca9 CMakeLists.txt:15-29 runs ``check_language(CUDA)`` and builds its GPU
ops ``if(CMAKE_CUDA_COMPILER)``, "Building without CUDA" otherwise (``cmake._languages`` reads
that ``enable_language(CUDA)`` as an optional feature); its README, a tutorial, says "C++
and, optionally, CUDA" (README.md:12) and, in the GPU section, "Since we need to compile and
link CUDA code" (README.md:440). That sentence names no version and is no need of the repo's
when its own build goes on without the toolkit: read beside the build, it is the optional
feature's (outsider23 D8: "cuda is required", CUDA 13.3.1 pinned, a driver and a compute
capability asked on a CPU-only project). A build line that needs the toolkit outright, or a
sentence that states a version, still decides.
"""

from __future__ import annotations

import msgspec

from bringup.model import Requirement
from bringup.scan.scopes import OPTIONAL

_PROBED = "enable_language("
"""The text ``cmake._languages`` gives a language's toolkit need."""


def probed_optional(
    own: list[Requirement], optional: list[Requirement]
) -> tuple[list[Requirement], list[Requirement]]:
    """``own`` less, and ``optional`` (the optional feature's) with, the unversioned
    low-confidence mentions of a toolkit the build enables only under its compiler probe
    and that nothing of the repo's own needs outright."""
    probed = {r.subject for r in optional if (r.text or "").startswith(_PROBED)}
    needed = {r.subject for r in own if r.subject in probed and (r.spec or r.confidence != "low")}
    moved = [r for r in own if r.subject in probed - needed]
    if not moved:
        return own, optional
    kept = [r for r in own if r.subject not in probed - needed]
    return kept, [*optional, *(msgspec.structs.replace(r, feature=OPTIONAL) for r in moved)]
