"""Libraries a build links and what provides them, in the backends' words
(``Vocabulary.libraries``: a ``-l<name>`` whose library a toolkit ships is that toolkit). Each is an
unversioned requirement on the provider, cited where the library is named; a version stated
elsewhere in the repo supersedes it."""

from __future__ import annotations

import re

from bringup import backends, lazyre
from bringup.backends.base import Backend

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
