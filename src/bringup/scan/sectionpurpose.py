"""A section that opens by saying what it is for installs that feature's packages.

LLaMA-Factory's "#### Install BitsAndBytes" opens "To use QLoRA based on bitsandbytes on Ascend
NPU, please follow these 3 steps:", then clones bitsandbytes and ``pip install .`` in it
(hiyouga/LLaMA-Factory@ff6d4d12 README.md:624-647): bitsandbytes is QLoRA's on the NPU, yet it
became the repo's requirement and its first next action (outsider14 D13). The Python packages a
section installs are the purpose's its first sentence names (``purpose.purpose_at``: not the
main install, "To install X", nor "To use this library"), down to the next heading of its
level or above; toolkits, compilers and devices it names stay what they were."""

from __future__ import annotations

from bisect import bisect_right

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.mdheadings import headings
from bringup.scan.purpose import purpose_at
from bringup.subjects import frameworks

_OPENING = lazyre.compile(r"^[ \t]*(?:[-*+>|`<!]|\d{1,3}[.)])")
"""A line that is no paragraph's first: a list item, a quote, a table, code, HTML."""


def _purposes(text: str) -> tuple[list[int], list[str]]:
    """The 1-based line each Markdown section starts at, and the purpose its first
    paragraph's first line says, carried into its sub-sections."""
    starts, said = [1], [""]
    path: list[tuple[int, str]] = []
    lines = text.splitlines()
    for heading in headings(lines):
        first = next((t for t in lines[heading.at + 1 : heading.at + 6] if t.strip()), "")
        words = "" if _OPENING.match(first) else purpose_at(first, len(first) - 1)
        path = [p for p in path if p[0] < heading.level]
        path.append((heading.level, words))
        starts.append(heading.at + 1)
        said.append(next((w for _, w in reversed(path) if w), ""))
    return starts, said


def purposed(text: str, found: list[Requirement]) -> list[Requirement]:
    """``found`` with the Python packages of a section whose opening says what it is for
    given that task (``task:<purpose>``: a use of the repo, no way to install it, so never a
    backend's route though it names the backend), where they had none."""
    if "#" not in text or not any(_python(r) and not r.feature for r in found):
        return found
    starts, said = _purposes(text)
    out = []
    for requirement in found:
        words = said[max(0, bisect_right(starts, requirement.source.line or 0) - 1)]
        moved = words and _python(requirement) and not requirement.feature
        out.append(
            msgspec.structs.replace(requirement, feature=f"task:{words}") if moved else requirement
        )
    return out


def _python(requirement: Requirement) -> bool:
    return requirement.subject.startswith("pypi:") and requirement.subject not in frameworks()
