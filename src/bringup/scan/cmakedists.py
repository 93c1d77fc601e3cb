"""A CMake package the repo's Python build installs as a distribution of the same name.

``find_package(SWIG REQUIRED COMPONENTS python)`` (facebookresearch/faiss@02dbb4e4
faiss/python/CMakeLists.txt:15) finds the ``swig`` that ``pip`` puts on the path when the
repo's build asks for the distribution (pyproject.toml:7, ``requires = [..., "swig>=4.2,<5"]``):
the two lines state one need, the distribution's, as ``find_package(pybind11)`` is the
``pybind11`` distribution (``cmakewords``). Only what the build system requires is installed
before CMake runs: a runtime dependency of the same name is another thing (``protobuf`` in
MindIE-LLM's requirements is the Python runtime, ``find_package(Protobuf)`` in
CMakeLists.txt:36 the C++ library). A CMake package no build requirement names stays a
library the machine provides.
"""

from __future__ import annotations

import msgspec

from bringup.model import Requirement
from bringup.subjects import canonical_subject

_CMAKE = "cmake:"
_BUILD = "build: "
"""How a requirement of the build system's reads (``pyproject.toml``'s ``[build-system]``)."""


def as_distributions(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each ``cmake:X`` whose build system requires the Python
    distribution ``X`` given that distribution's subject (and no version of its own: the
    distribution's requirement says which)."""
    distributions = {
        canonical_subject(r.subject): r.subject
        for r in requirements
        if r.subject.startswith("pypi:") and (r.text or "").startswith(_BUILD)
    }
    if not distributions:
        return requirements
    out = []
    for requirement in requirements:
        subject = requirement.subject
        named = (
            distributions.get(canonical_subject(subject[len(_CMAKE) :]))
            if subject.startswith(_CMAKE)
            else None
        )
        out.append(
            requirement
            if named is None
            else msgspec.structs.replace(requirement, subject=named, spec="")
        )
    return out
