"""What a troubleshooting section checks of the machine is a diagnosis, not a need.

LLaMA-Factory's Docker guide ends with "## Troubleshooting" / "### GPU Not Detected" / "If your
GPU is not detected inside the container: ... 3. Verify your NVIDIA drivers are properly
installed: `nvidia-smi`" (hiyouga/LLaMA-Factory@ff6d4d12 docker/docker-cuda/README.md:83-95).
Read as a hard need, the ``nvidia-smi`` made the NVIDIA driver the repo's (a container uses the
host's driver), so the repo "needs other hardware: NVIDIA driver" whenever it was planned for
its GPU host (outsider14 D4). The driver and the devices a troubleshooting answer checks are
soft: what the repo needs of them is said where it is installed and run. What such a section
says the build needs stays hard ("### Install troubleshooting", ``docexamples``)."""

from __future__ import annotations

import re
from bisect import bisect_right

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.docexamples import TROUBLESHOOTING_WORDS
from bringup.scan.mdheadings import headings
from bringup.subjects import scope_of

_TROUBLE = lazyre.compile(TROUBLESHOOTING_WORDS, re.IGNORECASE, guard=True)
_CHECKED = frozenset({"driver", "hardware"})


def _sections(text: str) -> tuple[list[int], list[bool]]:
    """The 1-based line each Markdown section starts at, and whether a heading of its path
    names troubleshooting (``TROUBLESHOOTING_WORDS``)."""
    starts, flags = [1], [False]
    path: list[tuple[int, bool]] = []
    for heading in headings(text.splitlines()):
        path = [p for p in path if p[0] < heading.level]
        path.append((heading.level, bool(_TROUBLE.search(heading.title))))
        starts.append(heading.at + 1)
        flags.append(any(flag for _, flag in path))
    return starts, flags


def diagnosed(text: str, found: list[Requirement]) -> list[Requirement]:
    """``found`` with the hard driver and device needs stated in a troubleshooting section
    made soft."""
    if not any(r.hard and scope_of(r.subject) in _CHECKED for r in found):
        return found
    starts, flags = _sections(text)
    out = []
    for requirement in found:
        line = requirement.source.line or 0
        inside = flags[max(0, bisect_right(starts, line) - 1)]
        checked = requirement.hard and scope_of(requirement.subject) in _CHECKED
        out.append(
            msgspec.structs.replace(requirement, hard=False) if inside and checked else requirement
        )
    return out
