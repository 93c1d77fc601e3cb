"""A product's release train a package is also numbered by, as the knowledge base names it.

torch_npu's wheels carry the torch release they build for (2.7.1.post4); the Ascend Extension
for PyTorch release train they belong to is numbered apart (26.0.0: "| torch_npu版本 | 26.0.0
|", momo609/mindspeed@7e624cf1 README.md:60). A row names its wheel's train in its note
("GitCode branch v2.7.1-26.0.0", the branch the wheel is built from, Ascend/pytorch
COMPATIBILITY.en.md), so a train is the wheels of the rows that name it.
"""

from __future__ import annotations

from typing import Optional

from bringup import lazyre

_BRANCH = lazyre.compile(r"\bbranch v\d[\w.]*-(?P<train>\d+\.\d+\.\d+)\b")
_PIN = lazyre.compile(r"^==(\d[\w.+]*)$")


def train_of(note: Optional[str]) -> Optional[str]:
    """The release train a row's note names its build's branch by, if any."""
    found = _BRANCH.search(note or "")
    return found.group("train") if found is not None else None


def pinned(spec: str) -> Optional[str]:
    """The one release ``==V`` names, if ``spec`` is that."""
    found = _PIN.match(spec)
    return found.group(1) if found is not None else None
