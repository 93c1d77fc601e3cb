"""The device architectures a build targets, in each backend's words
(``Vocabulary.architecture_variables`` and ``architecture_flags``): a variable listing them
(``CMAKE_CUDA_ARCHITECTURES 80;90``) or a compiler flag naming one (``sm_80``). The oldest
one is the least the backend's device kind subject must be, and what the build embeds for
each says how far up it runs (``lowest_architecture``)."""

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


_CODE = lazyre.compile(r"\bcode\s*=", prefilter=True)
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


def lowest_architecture(archs: list[tuple[str, int]]) -> tuple[str, int, list[str]] | None:
    """For device architectures a build targets (``("80", line)``, marked as
    ``architectures.listed`` marks them): the compute capability spec they cover, the oldest
    one's line, and every architecture, sorted. What a build embeds decides where it runs
    (CUDA C++ Programming Guide, "Binary Compatibility" and "PTX Compatibility"): PTX for 8.0
    runs on 8.0 and newer (JIT); machine code for sm_80 only on 8.x from 8.0 (a cubin for X.y
    runs on X.z, z >= y, never on another major); sm_90a on 9.0 alone. An sm_89-only build is
    ``>=8.9,<9.0``, no H100 (outsider8 #2); ``80 90`` (CMake: both kinds) stays ``>=8.0``."""
    if not archs:
        return None
    _oldest, line = min(archs, key=lambda item: int(arch_number(item[0])))
    names = sorted({a for a, _ in archs}, key=lambda a: (int(arch_number(a)), a))
    spans = sorted((_span(a) for a, _ in archs), key=lambda span: (span[0], span[1] or (999, 0)))
    merged: list[tuple[tuple[int, int], tuple[int, int] | None]] = []
    for low, high in spans:
        if merged and (merged[-1][1] is None or merged[-1][1] >= low):
            last_low, last_high = merged[-1]
            wider = None if last_high is None or high is None else max(last_high, high)
            merged[-1] = (last_low, wider)
        else:
            merged.append((low, high))
    spec = " || ".join(_spec(low, high) for low, high in merged)
    return spec, line, [_shown(a) for a in names]


def _span(arch: str) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The compute capabilities one marked architecture runs on, [low, high)."""
    number = arch_number(arch)
    major, minor = int(number[:-1]), int(number[-1])
    if arch.endswith("a"):
        return (major, minor), (major, minor + 1)
    if arch.endswith("-real"):
        return (major, minor), (major + 1, 0)
    return (major, minor), None


def _spec(low: tuple[int, int], high: tuple[int, int] | None) -> str:
    floor = f">={low[0]}.{low[1]}"
    if high is None:
        return floor
    if high == (low[0], low[1] + 1):
        return f"=={low[0]}.{low[1]}"
    return f"{floor},<{high[0]}.{high[1]}"


def _shown(arch: str) -> str:
    """An architecture as nvcc names what it embeds: ``sm_89`` (machine code), ``compute_89``
    (PTX), ``sm_90a``; ``80`` for both."""
    number = arch_number(arch)
    if arch.endswith(("-real", "a")):
        return f"sm_{number}" + ("a" if arch.endswith("a") else "")
    if arch.endswith("-virtual"):
        return f"compute_{number}"
    return number
