"""The device architectures a build targets, in each backend's words
(``Vocabulary.architecture_variables`` and ``architecture_flags``): a variable listing them
(``CMAKE_CUDA_ARCHITECTURES 80;90``) or a compiler flag naming one (``sm_80``). The oldest
one is the least the backend's device kind subject must be (``prose.lowest_architecture``)."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.subjects import display_name


class Targets(NamedTuple):
    """One backend's words: ``subject`` is its device kind subject, ``label`` its toolkit's
    display name (for "<label> architectures 80, 90")."""

    subject: str
    label: str
    variables: frozenset[str]
    flags: Optional[re.Pattern[str]]


def _compile(registered: tuple[Backend, ...]) -> tuple[Targets, ...]:
    found: list[Targets] = []
    for backend in registered:
        words = backend.vocabulary
        named = words.architecture_variables or words.architecture_flags
        if backend.devices is None or not named:
            continue
        found.append(
            Targets(
                subject=backend.devices.kind_subject,
                label=display_name(words.toolkit_subject or backend.name),
                variables=frozenset(words.architecture_variables),
                flags=patterncache.compile(words.architecture_flags)
                if words.architecture_flags
                else None,
            )
        )
    return tuple(found)


targets = backends.per_registry(_compile)


def capability_subject() -> Optional[str]:
    """What a "compute capability" is a version of: the device kind subject of the first
    backend whose builds name architectures (None: no backend does)."""
    found = targets()
    return found[0].subject if found else None


@backends.remembering(4096)
def flagged(text: str) -> tuple[tuple[Targets, str], ...]:
    """Each architecture a compiler flag in ``text`` names, with the backend's words. Kept:
    CMake repeats its arguments (``${CMAKE_CURRENT_SOURCE_DIR}``; MindIE-LLM: 10,800 of 15,700
    were seen before)."""
    return tuple(
        (target, match.group(1))
        for target in targets()
        if target.flags is not None
        for match in target.flags.finditer(text)
    )


def listing(variable: str) -> Optional[Targets]:
    """The backend whose architecture list ``variable`` is, if any."""
    return next((t for t in targets() if variable in t.variables), None)


def architecture_version(arch: str) -> str:
    """The device kind subject's version an architecture number stands for: its digits but the
    last, a dot, the last (``80`` -> ``8.0``, ``120`` -> ``12.0``), the numbering of the
    backends whose builds list architectures (``listed``)."""
    return f"{arch[:-1]}.{arch[-1]}"


_LISTED = lazyre.compile(r"(\d+)\.?(\d)?(?:a|\+PTX|-real|-virtual)?")


def listed(value: str) -> list[str]:
    """The architectures a list names, as numbers (``"8.0;9.0+PTX"``, ``80 90a`` -> 80, 90);
    CMake's ``70-real`` and ``70-virtual`` (SASS only, PTX only: CMake's CUDA_ARCHITECTURES)
    are 70 as well."""
    found: list[str] = []
    for part in re.split(r"[;,\s]+", value.strip("\"'")):
        number = _LISTED.fullmatch(part.strip("\"'"))
        if number:
            found.append(number.group(1) + (number.group(2) or ""))
    return found
