"""The subjects a ``--what-if`` may name: one some repo or rule mentions, a chip the knowledge
base knows; and, for a mistyped one, the short list of what it could name. Apart from
``resolve``, since it checks the question before any solving."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.errors import StackError
from bringup.model.requirements import Component
from bringup.model.rules import Rule
from bringup.solve.catalogue import Catalogue
from bringup.solve.host import HostFacts
from bringup.subjects import FIXED_SCOPES, canonical_subject, names
from bringup.subjects import subject as lookup


def check_what_if(
    pairs: Sequence[tuple[str, str]],
    host: HostFacts,
    components: Sequence[Component],
    rules: Sequence[Rule],
    catalogue: Catalogue,
) -> None:
    """Every what-if names a subject some repo or rule mentions, and a chip one the
    knowledge base knows (when it knows chips at all)."""
    from bringup.kb.query import unknown_chip
    from bringup.solve.host import what_if_subject

    host_subjects = names(*FIXED_SCOPES)
    mentioned = {canonical_subject(r.subject) for c in components for r in c.requirements}
    related: set[str] = set()
    for rule in rules:
        related.update((canonical_subject(rule.subject), canonical_subject(rule.then_subject)))
    known = host_subjects | mentioned | related
    chips = [release.version for release in catalogue.releases("chip")]
    for key, value in pairs:
        subject = what_if_subject(key, host)
        if subject not in known:
            raise StackError(
                f"--what-if {key}: no repo and no rule mentions {subject!r}",
                hint=what_if_hint(subject, mentioned, related),
            )
        for chip in value.split(",") if subject == "chip" else ():
            unknown = unknown_chip(chip.strip(), chips)
            if unknown is not None:
                raise StackError(f"--what-if {key}: {unknown}")


def what_if_hint(subject: str, mentioned: set[str], related: set[str]) -> str:
    """The subjects a what-if could name, short: the closest to the one mistyped, those the
    verdict turns on (what the repos ask of the host or a toolkit, or a knowledge-base rule
    relates: cuda, python, torch), the host's, then a count of the rest. A repo pinning 230
    packages in a conda export would otherwise make this a screenful of package names."""
    from difflib import get_close_matches

    host = names(*FIXED_SCOPES)
    known = sorted(host | mentioned | related)
    turns = sorted(s for s in mentioned if s in related or lookup(s) is not None)
    others = sorted(host - set(turns))
    rest = len(known) - len(turns) - len(others)
    close = get_close_matches(subject, known, n=3)
    said = ["the repos' verdicts turn on " + (", ".join(turns) or "none of these")]
    said.append("the host's: " + ", ".join(others))
    if rest:
        said.append(f"{rest} more the repos or rules name (bringup scan --details lists a repo's)")
    guess = f"did you mean {' or '.join(close)}? " if close else ""
    return guess + "; ".join(said)
