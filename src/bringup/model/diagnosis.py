"""What triage concludes from a failure log: one ranked cause per matching error signature."""

from __future__ import annotations

from typing import Literal

import msgspec

from bringup.model.facts import Fact
from bringup.model.source import Confidence

Layer = Literal["install", "build", "device_init", "operator_execution", "communication", "memory"]
"""Where in the bring-up the failure shows, in the order an expert checks them."""

KERNEL_LAYER: Layer = "operator_execution"
"""A kernel's failure is the job's operator failing, unless another component reports it on
the same line: a CUDA error in an ``NCCL WARN`` line is NCCL's (communication) failure."""

CauseKind = Literal["version", "environment", "hardware", "code"]
"""What usually has to change: a version (install another build), the environment (variables,
mounts, paths, devices), the hardware, or the user's code. Experts check them in this order."""

Confirmation = Literal["confirmed", "unknown", "contradicted"]
"""What the host snapshot says about the signature's conditions: all hold, cannot tell, or at
least one is false."""


class Evidence(msgspec.Struct, frozen=True, kw_only=True):
    """One log line that matched, by its 1-based number; ``text`` is trimmed around the match."""

    line: int
    text: str


class Diagnosis(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One probable cause of a failure log. ``fix`` is rendered with the values captured from
    the log and, when a snapshot was given, with its facts. ``confirmed_by`` lists the snapshot
    facts that decided ``confirmation``; ``score`` orders diagnoses (higher first);
    ``confidence`` is below ``high`` for what a generic rule read from the log (a code known
    by its family only, an exception or a failure line of a known form: ``medium``; a
    failure placed by its words alone: ``low``)."""

    signature_id: str
    title: str
    layer: Layer
    kind: CauseKind
    cause: str
    fix: str
    source: str
    evidence: tuple[Evidence, ...]
    matches: int
    score: float
    confirmation: Confirmation = "unknown"
    confirmed_by: tuple[Fact, ...] = ()
    captures: dict[str, str] = {}
    see_also: tuple[str, ...] = ()
    confidence: Confidence = "high"
