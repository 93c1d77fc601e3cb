"""A Python package named as a subject the same scope states is a statement of that subject.

A ``pyproject.toml`` build requirement ``cmake>=3.18`` (NVIDIA/cudnn-frontend pyproject.toml:2)
beside ``cmake_minimum_required(VERSION 3.23)`` (its CMakeLists.txt:1); ``cmake>=4.1.2`` in
fbgemm-ascend's requirements.txt:6 beside its CMakeLists' 3.18: pip's cmake is the cmake the
build runs. One need, so the package's statement takes the subject's name and folds with the
others (``repeats.merge_repeats``: the strictest floor, the others also stated). A package no
other statement names keeps its own subject.
"""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.model import Requirement

_PYPI = "pypi:"
_SEPARATORS = lazyre.compile(r"[-_.]+")


def _bare(name: str) -> str:
    """``name`` as a package index compares names (PEP 503)."""
    return _SEPARATORS.sub("_", name.lower())


def as_stated_subjects(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` with each ``pypi:`` package named as another statement's subject
    (``pypi:cmake`` beside ``cmake``) stated under that subject."""
    subjects = {_bare(r.subject): r.subject for r in requirements if ":" not in r.subject}
    out = []
    for requirement in requirements:
        named = requirement.subject[len(_PYPI) :] if requirement.subject.startswith(_PYPI) else ""
        twin = subjects.get(_bare(named)) if named else None
        out.append(msgspec.structs.replace(requirement, subject=twin) if twin else requirement)
    return out
