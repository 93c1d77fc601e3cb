"""A release range that is the condition of another need, not a need of its own: "CUDA 9.1
and below will need gcc5, while CUDA 9.2 and 10.0 will need gcc7"
(ClementPinard/Pytorch-Correlation-extension@f00f0cd README.md:42) says which GCC goes with
each CUDA; it asks for no CUDA release. Read as needs, its two ranges left no CUDA to choose
and blocked the repo on a host with CUDA 13.0 (outsider22 D3). The other subject's words
("gcc5") stay for the readers of that subject."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import Mention
from bringup.scan.prose_vocabulary import vocabulary

_THEN_NEEDS = lazyre.compile(
    r"\s*(?:,\s*)?(?:(?:will|would|each|both|all|then)\s+)?(?:need|needs|require|requires)"
    r"\s+(?!\s|to\b)",
    re.IGNORECASE,
)
"""What follows a release range that is the subject of its own need ("... will need gcc7").
No two runs of spaces stand side by side: as ``\\s*,?\\s*(?:will|...)?\\s*`` every split of a
long run among the three was tried (800 spaces after a release: 3.8 s, cubic)."""
_RELEASE = lazyre.compile(r"[A-Za-z][A-Za-z+]{1,20}[-\s]?v?\d")
"""A named release as the object of that verb, glued or not ("gcc5", "gcc 7")."""


def conditions_dropped(mentions: list[Mention], clause: str) -> list[Mention]:
    """``mentions`` less those whose words are followed by "will need <another subject>"."""
    return [m for m in mentions if not _conditions_another(m, clause)]


def _conditions_another(mention: Mention, clause: str) -> bool:
    end = mention.offset + len(mention.text)
    if clause[mention.offset : end] != mention.text:
        return False
    verb = _THEN_NEEDS.match(clause, end)
    if verb is None:
        return False
    named = vocabulary().subject.match(clause, verb.end())
    return named is not None or _RELEASE.match(clause, verb.end()) is not None
