"""Releases named in one clause of prose that are alternatives, not all needed.

Several releases of one subject ("<Toolkit> 8.5 and <Toolkit> 9.0") become one any-of need;
tools of different names joined by "or" ("GCC 9+ or Clang 10+") are each one way to build.
Kept apart from ``prose`` (which reads each mention) because this regroups what was read.
"""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import Mention


def alternatives(mentions: list[Mention]) -> list[Mention]:
    """Several releases or ranges of one subject named in one clause ("<Toolkit> 8.5 and <Toolkit>
    9.0", "<Toolkit> 8.5 或 9.0", "<Toolkit> 11.8–12.6 and <Toolkit> 12.8–12.9") are a list any of
    which will do, not pins that must all hold: they become one mention whose spec joins them with
    ``||``, cited at the first."""
    pins: dict[str, list[Mention]] = {}
    for mention in mentions:
        if _PIN.fullmatch(mention.spec) or _CLOSED_RANGE.fullmatch(mention.spec):
            pins.setdefault(mention.subject, []).append(mention)
    grouped = {id(m) for group in pins.values() for m in group}  # a set: a clause may pin
    out: list[Mention] = []  # thousands (a megabyte on one line)
    for mention in mentions:
        group = pins.get(mention.subject, [])
        if len(group) < 2 or id(mention) not in grouped:
            out.append(mention)
        elif mention is group[0]:
            spec = " || ".join(dict.fromkeys(m.spec for m in group))
            text = " ".join(m.text for m in group)
            out.append(mention._replace(spec=spec, text=text))
    return out


_OR_BEFORE = lazyre.compile(
    r"(?:\d[\w.]*\+?|\+|\blater|\bnewer|\babove)\s*,?\s*(?:\bor\b|或者?)\s*$", re.IGNORECASE
)
"""A versioned name, then "or", right before a subject: "GCC 9+ or Clang 10+", "make 4.3 or
ninja 1.10.1" (memfabric_hybrid doc/installation.md:12)."""


def either(mentions: list[Mention], clause: str) -> list[Mention]:
    """Tools of different names offered as alternatives ("GCC 9+ or Clang 10+") are each
    one way to build, not all needed: the one after "or" and the one before it are soft.
    Two host compilers so offered stay two needs, the second one way out of the first
    (ai-dynamo/nixl@8770b655 README.md:50 "GCC >= 11 or Clang >= 14"; NVIDIA/Fuser@81c4b22f
    README.md:64): a machine with either builds, and each release is the least of its own."""
    ordered = sorted(mentions, key=lambda m: m.offset)
    either: set[int] = set()
    for index, mention in enumerate(ordered):
        if _OR_BEFORE.search(clause, max(0, mention.offset - 40), mention.offset):
            either.add(id(mention))
            if index and ordered[index - 1].subject != mention.subject:
                either.add(id(ordered[index - 1]))
    return [m._replace(hard=False) if id(m) in either else m for m in mentions]


_PIN = lazyre.compile(r"==[^<>=!,|\s]+")
_CLOSED_RANGE = lazyre.compile(r">=[^<>=!,|\s]+,<=?[^<>=!,|\s]+")
"""A range with both ends ("<Toolkit> 11.8–12.6"): two of one subject in a clause ("builds
for <Toolkit> 11.8–12.6 and <Toolkit> 12.8–12.9") are alternatives, as two pins are."""
