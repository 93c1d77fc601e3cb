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
    """Each architecture a compiler flag in ``text`` names, with the backend's words, marked
    with what the build embeds for it (``marked``). Kept: CMake repeats its arguments
    (``${CMAKE_CURRENT_SOURCE_DIR}``; MindIE-LLM: 10,800 of 15,700 were seen before)."""
    code = _CODE.search(text)
    found = []
    for target in targets():
        if target.flags is None:
            continue
        for match in target.flags.finditer(text):
            if code is not None and match.start() < code.start():
                continue  # ``arch=compute_89`` of a ``-gencode``: compiled through, not embedded
            found.append((target, marked(match.group(0), match.group(1), code is not None)))
    return tuple(found)


_CODE = lazyre.compile(r"\bcode\s*=")
"""Where nvcc's list of what a build embeds starts (``-gencode arch=compute_89,code=sm_89``,
``--gpu-code=sm_80``): the names after it are the binaries the build carries."""


def marked(flag: str, number: str, embedded: bool) -> str:
    """An architecture as ``listed`` marks it, from a flag: in a ``code=`` list, ``sm_89`` is
    machine code only (``89-real``) and ``compute_89`` PTX only (``89-virtual``); elsewhere
    ``-arch=sm_80`` embeds both (``80``: nvcc's shorthand for
    ``-gencode arch=compute_80,code=[sm_80,compute_80]``) and ``compute_80`` PTX only. An
    ``a`` suffix (``sm_90a``) is that architecture alone, whatever the list."""
    if flag.endswith("a"):
        return number + "a"
    if flag.startswith("compute"):
        return number + "-virtual"
    return number + ("-real" if embedded else "")


def listing(variable: str) -> Optional[Targets]:
    """The backend whose architecture list ``variable`` is, if any."""
    return next((t for t in targets() if variable in t.variables), None)


def architecture_version(arch: str) -> str:
    """The device kind subject's version an architecture number stands for: its digits but the
    last, a dot, the last (``80`` -> ``8.0``, ``120`` -> ``12.0``), the numbering of the
    backends whose builds list architectures (``listed``)."""
    return f"{arch[:-1]}.{arch[-1]}"


_LISTED = lazyre.compile(r"(\d+)(\.)?(\d)?(a|\+PTX|-real|-virtual)?")


def listed(value: str) -> list[str]:
    """The architectures a list names, as numbers marked with what the build embeds: ``80``
    machine code and PTX (CMake's CUDA_ARCHITECTURES default, torch's ``8.0+PTX``), ``80-real``
    machine code only (CMake's ``-real``, and torch's TORCH_CUDA_ARCH_LIST notation ``8.0``:
    "+PTX" is what asks for PTX there), ``80-virtual`` PTX only, ``90a`` that architecture
    alone (``"8.0;9.0+PTX"`` -> 80-real, 90; ``80 90a`` -> 80, 90a)."""
    found: list[str] = []
    for part in re.split(r"[;,\s]+", value.strip("\"'")):
        number = _LISTED.fullmatch(part.strip("\"'"))
        if number:
            suffix = number.group(4) or ""
            if suffix == "+PTX":
                suffix = ""
            elif not suffix and number.group(2):
                suffix = "-real"  # torch's dotted notation: machine code unless +PTX
            found.append(number.group(1) + (number.group(3) or "") + suffix)
    return found


def arch_number(arch: str) -> str:
    """The number of a marked architecture (``89-real`` -> ``89``)."""
    return re.sub(r"\D.*$", "", arch)
