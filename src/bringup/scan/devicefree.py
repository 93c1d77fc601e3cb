"""A repo whose README says its work runs with no device: its device needs are a route's.

Some repos are developed and checked on a machine without the accelerator, through the
vendor's CPU twin or simulator, and keep the real-device commands as a further route
(bigorange1024/ascendc@541ca73c README.md:5: this machine is WSL2 with no Ascend hardware,
"无昇腾实机", and operators are checked in the CPU twin / CAModel simulation; its guide's
section 8.5 on real hardware needs an NPU and its driver, docs/engineering/
环境复现与开发指南.md:542). Its driver, chip and device count then do not decide whether it
runs (outsider13 D5): they stay, soft. Both are needed, the machine said to lack the device
and a CPU or simulated route named; either alone (a CPU-only fallback of one script, a
sentence about another machine) is not enough, and both must stand in one paragraph of
prose: a table row (a list of tools, each described in a cell) or a simulation named
paragraphs away from "no GPU-compute meaning" (Cryspia/cann-on-gpu README.md:12, :53) says
nothing of this repo's machine."""

from __future__ import annotations

import re

import msgspec

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.subjects import scope_of


def _lacking(registered: tuple[Backend, ...]) -> re.Pattern[str]:
    devices = "|".join(re.escape(w) for b in registered for w in b.vocabulary.device_words)
    vendors = "|".join(re.escape(w) for b in registered for w in b.vocabulary.vendor_words)
    named = f"(?:(?:{vendors or '(?!)'})\\s*)?(?:{devices or '(?!)'}|实机|真机|硬件|卡)"
    return patterncache.compile(
        rf"无\s*{named}|没有\s*{named}|\b(?:no|without(?:\s+an?)?)\s+(?:real\s+)?"
        rf"(?:(?:{vendors or '(?!)'})\s+)?(?:{devices or '(?!)'}|hardware|device)s?\b(?!-)",
        re.IGNORECASE,
    )


_MACHINE_LACKS = backends.per_registry(_lacking)
_SIMULATED = lazyre.compile(
    r"CPU\s*孪生|孪生|仿真|模拟器|\bsimulat(?:or|ion|ed)\b|\bCAModel\b|\bCPU[- ]twin\b|"
    r"\bCPU[- ]only\b|\bCPU\s+mode\b",
    re.IGNORECASE,
)
"""A route that needs no device: the vendor's CPU twin or simulator, a CPU-only mode."""


def device_free(readme: str) -> bool:
    """Whether the README says the work runs without the device, by a route it names, in
    one paragraph (table rows left out)."""
    lacks = _MACHINE_LACKS()
    for paragraph in _PARAGRAPH_BREAK.split(readme):
        prose = "\n".join(
            line for line in paragraph.splitlines() if not line.lstrip().startswith("|")
        )
        if lacks.search(prose) and _SIMULATED.search(prose):
            return True
    return False


_PARAGRAPH_BREAK = lazyre.compile(r"\n[ \t]*\n")


def as_route(requirements: list[Requirement], readme: str) -> list[Requirement]:
    """``requirements`` with the driver and hardware needs soft when ``device_free``."""
    if not device_free(readme[:200_000]):
        return requirements
    return [
        msgspec.structs.replace(r, hard=False)
        if r.hard and scope_of(r.subject) in ("driver", "hardware")
        else r
        for r in requirements
    ]
