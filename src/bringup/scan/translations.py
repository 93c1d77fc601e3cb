"""A translation's statement gives way to its original's: where ``README_zh.md`` and
``README.md`` name one subject at versions that disagree, the file beside it without the
language suffix (the repo's primary doc) is the one kept up to date. AutoGPTQ@9f7d3707
README_zh.md:63-66 ("与 PyTorch 2.0.1 相兼容", CUDA 11.7 / 11.8) describes an older release than
README.md:49-53 (wheels built against PyTorch 2.2.1 for CUDA 11.8 / 12.1): both bound the
plan, so ``--what-if cuda=12.1`` blocked the repo at a CUDA its README ships wheels for
(outsider23c D8). The translation's words stay cited beside the original's."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Step

_TRANSLATED = lazyre.compile(
    r"^(?P<stem>.+?)[._-](?:zh|cn|zh[-_](?:cn|tw|hans|hant)|ja|jp|ko|kr|ru|fr|de|es|pt)"
    r"(?P<ext>\.(?:md|rst|txt))$",
    re.IGNORECASE,
)


def original_of(rel: str, rels: frozenset[str]) -> str | None:
    """The file ``rel`` translates (``README_zh.md`` -> ``README.md``) when the repo has it."""
    named = _TRANSLATED.match(rel)
    if named is None:
        return None
    original = named.group("stem") + named.group("ext")
    return original if original in rels else None


def originals_win(requirements: list[Requirement], rels: Mapping[str, str]) -> list[Requirement]:
    """``requirements`` less each translation's statement of a subject its original states
    otherwise, said in the words of the original's first statement of it (``rels`` maps
    each file's cited ref to its path in the repo)."""
    paths = frozenset(rels.values())
    stated: dict[tuple[str, str], list[Requirement]] = {}
    for requirement in requirements:
        rel = rels.get(requirement.source.ref or "")
        if rel is not None and requirement.spec:
            stated.setdefault((rel, requirement.subject), []).append(requirement)
    beside: dict[int, list[Requirement]] = {}
    for requirement in requirements:
        rel = rels.get(requirement.source.ref or "")
        original = original_of(rel, paths) if rel is not None and requirement.spec else None
        kept = stated.get((original, requirement.subject), []) if original else []
        if kept and requirement.spec not in {k.spec for k in kept}:
            beside.setdefault(id(kept[0]), []).append(requirement)
    gone = {id(r) for found in beside.values() for r in found}
    return [_said_beside(r, beside.get(id(r), ())) for r in requirements if id(r) not in gone]


def _said_beside(requirement: Requirement, translations: Sequence[Requirement]) -> Requirement:
    """``requirement`` with what its translations say instead named in its words."""
    if not translations:
        return requirement
    said = "".join(f"; its translation {t.source} says {t.spec}" for t in translations)
    return msgspec.structs.replace(requirement, text=(requirement.text or "") + said)


def originals_route(steps: Sequence[Step], rels: Mapping[str, str]) -> list[Step]:
    """``steps`` less a translation's steps of each kind its original also gives: the
    translation repeats the original's route in another language, often an older one, and is
    no second route to run beside it. AutoGPTQ@9f7d3707 README_zh.md:74, 86, 99 (``pip install
    auto-gptq``, ``pip install auto-gptq[triton]``, ``pip install .``, the PyTorch 2.0.1
    wheels of README_zh.md:63) were planned after README.md:72's source build, and ``up``
    replaced one install with the next (outsider12 #7). ``rels`` maps each file's cited ref
    to its path in the repo."""
    paths = frozenset(rels.values())
    kinds: dict[str, set[str]] = {}
    for step in steps:
        rel = rels.get(step.source.ref or "")
        if rel is not None:
            kinds.setdefault(rel, set()).add(step.kind)
    kept = []
    for step in steps:
        rel = rels.get(step.source.ref or "")
        original = original_of(rel, paths) if rel is not None else None
        if original is None or step.kind not in kinds.get(original, ()):
            kept.append(step)
    return kept
