"""Knowledge-base rules in the one shape the solver and ``kb why`` consume."""

from __future__ import annotations

from typing import Optional

import msgspec

from bringup.model.source import Confidence


class Rule(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """ "If ``subject`` is in ``spec`` then ``then_subject`` must be in ``then_spec``", with the
    public document it comes from. Subjects use the same names as ``Requirement.subject``;
    specs are strings in each subject's version scheme.

    ``hard=False`` marks a recommendation rather than a requirement (a toolkit's own driver
    when minor-version compatibility lets older drivers work, a distribution's default
    compiler): breaking it is a caveat, not a conflict. ``confidence`` is below ``high`` when
    the source is a tested pairing or a secondary or unverified document."""

    id: str
    subject: str
    spec: str
    then_subject: str
    then_spec: str
    source: str
    topic: str
    note: Optional[str] = None
    hard: bool = True
    confidence: Confidence = "high"
    brings: bool = True
    """A hard row of a package brings ``then_subject`` into the environment (torch_npu needs
    CANN); ``False``: it only bounds it where the environment has it."""
    builds: bool = False
    """The row lists the published builds of ``subject``'s release (torch 2.7.0 is built for
    CUDA 11.8, 12.6 and 12.8): a pair outside them has no such build, though an environment
    may hold a toolkit of another minor beside one (so it stays a recommendation)."""
    metadata: bool = False
    """The row is ``subject``'s release's own published requirement (torch's wheel's
    Requires-Dist names triton 3.3.0): the installer reads the same pair, so the row vouches
    for ``then_subject``'s release; a table in another package's documents does not."""
