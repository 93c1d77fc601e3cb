"""Libraries a build links and what provides them, in the backends' words
(``Vocabulary.libraries``: a ``-l<name>`` whose library a toolkit ships is that toolkit). Each is an
unversioned requirement on the provider, cited where the library is named; a version stated
elsewhere in the repo supersedes it. A vendor's wheel of one of its libraries
(``Vocabulary.library_wheels``) is that library too."""

from __future__ import annotations

import re
from collections.abc import Iterable

import msgspec

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import Requirement

_FLAG = lazyre.compile(r"(?<![\w-])-l:?(?:lib)?([A-Za-z][\w+-]*?)(?:\.so[\d.]*|\.a)?(?![\w.+-])")
"""A ``-l`` flag: the name runs to the flag's end, a hyphen included (``-lnvidia-ml`` is NVML,
not a library ``nvidia``)."""


def _providers(registered: tuple[Backend, ...]) -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}
    for item in registered:
        for name, known in item.vocabulary.libraries.items():
            found.setdefault(name.lower(), known)
    return found


providers = backends.per_registry(_providers)
"""Every backend's linked libraries -> (subject, why); the first backend wins."""


def provider(name: str) -> tuple[str, str] | None:
    """``(subject, why)`` for a library name as linked (``<name>``, ``lib<name>.so.2``)."""
    key = re.sub(r"^lib|\.(?:so[\d.]*|a)$", "", name.strip()).lower()
    return providers().get(key)


def linked_in(text: str) -> list[tuple[str, str, str]]:
    """``(subject, why, flag)`` for each ``-l`` flag in ``text`` naming a known library."""
    found: list[tuple[str, str, str]] = []
    for match in _FLAG.finditer(text):
        known = provider(match.group(1))
        if known is not None:
            found.append((known[0], known[1], match.group(0)))
    return found


def _wheels(registered: tuple[Backend, ...]) -> tuple[re.Pattern[str], ...]:
    return tuple(
        re.compile(item.vocabulary.library_wheels, re.IGNORECASE)
        for item in registered
        if item.vocabulary.library_wheels
    )


wheels = backends.per_registry(_wheels)
"""Every backend's ``library_wheels``, compiled."""


def _wheel_library(subject: str) -> str | None:
    """The library subject a distribution ``pypi:<name>`` ships, where ``<name>`` is a vendor's
    wheel of a library that is a subject of its own (cuDNN, NCCL, NVSHMEM: not cuBLAS, a part
    of the toolkit its wheel does not make whole)."""
    if not subject.startswith("pypi:"):
        return None
    for pattern in wheels():
        shipped = pattern.match(subject[len("pypi:") :])
        if shipped is not None:
            library = shipped.group("lib").lower()
            known = providers().get(library)
            if known is not None and known[0] == library:
                return library
    return None


def with_wheel_libraries(requirements: Iterable[Requirement]) -> list[Requirement]:
    """``requirements``, each vendor's wheel of a library followed by the need of that library
    at the same place and version: ``uv pip install nvidia-cudnn-cu12==9.7.1.26`` installs cuDNN
    9.7.1 (FlagOpen/FlagScale@da4935ec install/install-requirements.sh:100), ``pip3 install
    nvidia-nvshmem-cu12==3.3.9`` NVSHMEM (ByteDance-Seed/Triton-distributed@1512a811
    README.md:77, docs/build.md:55)."""
    out: list[Requirement] = []
    for requirement in requirements:
        out.append(requirement)
        library = _wheel_library(requirement.subject)
        if library is not None:
            name = requirement.subject[len("pypi:") :]
            text = f"{requirement.text or name}: the {library} library's wheel"
            out.append(msgspec.structs.replace(requirement, subject=library, text=text))
    return out
