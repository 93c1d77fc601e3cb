"""How much memory each device must have, as a clause states it.

"要求单NPU的片上内存为64GB及以上" (MindSpeed-LLM docs/zh/pytorch/training/quick_start.md:14),
"≥ 64GB per NPU", "at least 80GB of GPU memory", "显存 80GB 以上": the device kind comes
from the device word (``NPU``, ``GPU``, a backend's own) or, for "显存"/"HBM"/"VRAM"
alone, from the document's vendor; the subject is ``<kind>_memory`` with a floor in GB. The
"单NPU"/"per GPU" in such a clause is the unit of the memory, not a count of devices.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend

_DEVICE_MEMORY = r"显存|HBM|VRAM|device\s{1,3}memory|on-chip\s{1,3}memory|片上内存"
_MEMORY = rf"{_DEVICE_MEMORY}|内存|memory"
_ANY_MEMORY = lazyre.compile(r"显存|内存|HBM|VRAM|memory", re.IGNORECASE)
_HOST_MEMORY = (
    r"(?:of\s{1,3})?(?:(?:system|host|CPU)\s{0,3}(?:RAM|memory)|D?RAM\b|DDR\d?\b|(?:系统)?内存)"
)
_NOT_HOST = rf"(?!\s{{0,3}}(?:{_HOST_MEMORY})(?![^0-9A-Za-z]{{0,4}}\d))"
"""Not the size of the host's memory: "8GB VRAM + 16GB RAM" (ModelTC/lightx2v@0591c35e
README.md:57; "8GB显存 + 16GB内存", README_zh.md:55) gives the GPU 8 GB, not the 16 GB after
its word; a host word with its own size after it ("VRAM 24GB RAM 64GB") is another item."""
_SIZE = r"(?<![\d.])(?P<size>\d{1,6}(?:\.\d{1,3})?)\s{0,3}(?P<unit>[GT])(?:i?B)?(?![A-Za-z])"
"""Every run bounded: Python's re runs these on megabyte lines (an unbounded digit run took
46 s on "VRAM " and 20,000 digits)."""


class Memory(NamedTuple):
    """A floor of device memory: the device kind (empty when only the vendor can say), the
    floor in GB, and where its words start and end in the clause."""

    kind: str
    gigabytes: int
    start: int
    end: int


class _Patterns(NamedTuple):
    readers: tuple[re.Pattern[str], ...]
    kinds: dict[str, str]


def _compile(registered: tuple[Backend, ...]) -> _Patterns:
    kinds = {
        word.upper(): backend.device_kind
        for backend in registered
        for word in backend.vocabulary.device_words
    }
    devices = "|".join(sorted((re.escape(w) for w in kinds), key=len, reverse=True)) or "(?!)"
    device_first = (
        rf"(?:(?P<dev>{devices})|卡)\s{{0,3}}(?:的|'s)?\s{{0,3}}(?:片上)?(?:{_MEMORY})"
        rf"[^0-9。；;]{{0,16}}?{_SIZE}"
    )
    size_then_device_memory = rf"{_SIZE}\+?\s{{0,3}}(?:of\s{{1,3}})?(?:{_DEVICE_MEMORY})"
    memory_first = rf"(?:{_DEVICE_MEMORY})[^0-9。；;]{{0,16}}?{_SIZE}{_NOT_HOST}"
    size_then_memory = rf"{_SIZE}\s{{0,3}}(?:of\s{{1,3}})?(?P<dev>{devices})\s{{1,3}}(?:{_MEMORY})"
    size_per_device = (
        rf"{_SIZE}\s{{0,3}}(?:(?:{_MEMORY})\s{{0,3}})?(?:per|each|/|每)\s{{0,3}}"
        rf"(?:(?P<dev>{devices})|卡)"
    )
    readers = (
        device_first,
        size_then_device_memory,
        memory_first,
        size_then_memory,
        size_per_device,
    )
    return _Patterns(tuple(patterncache.compile(r, re.IGNORECASE) for r in readers), kinds)


_patterns = backends.per_registry(_compile)


def device_memory(clause: str) -> list[Memory]:
    """The device memory floors ``clause`` states."""
    if _ANY_MEMORY.search(clause) is None:  # most clauses: one cheap search
        return []
    patterns = _patterns()
    found: list[Memory] = []
    read: set[int] = set()  # the places earlier readings cover (each a few dozen characters)
    for pattern in patterns.readers:
        for match in pattern.finditer(clause):
            if match.start() in read:
                continue
            word = match.groupdict().get("dev") or ""
            size = float(match.group("size")) * (1024 if match.group("unit").upper() == "T" else 1)
            if size < 1:
                continue
            kind = patterns.kinds.get(word.upper(), "")
            found.append(Memory(kind, int(size), match.start(), match.end()))
            read.update(range(match.start(), match.end()))
    return found
