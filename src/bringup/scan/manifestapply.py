"""The user's word on a repo (its entry in a stack file or its ``bringup.toml``) applied to
what the scan found: a requirement the manifest states replaces the scan's for that subject
(a finding says what it replaced, unless the manifest states just what the scan found, as the
draft ``scan --write`` makes does), ``infer = false`` keeps only the manifest's, and its steps
replace the scan's of the same name or command. The versions the scan saw a subject in use
at, which its ``unversioned`` finding named instead of stating them (``settle_unversioned``),
are named among what the manifest replaced."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup.model import Alternative, Requirement, Source, Step, StepNeeds, file_source
from bringup.scan.extraction import Finding
from bringup.scan.manifest import Loaded, RepoManifest
from bringup.scan.steps_found import step_key
from bringup.scan.tomlpos import locate


def apply_manifest(
    requirements: list[Requirement],
    steps: list[Step],
    loaded: Loaded,
    manifest: RepoManifest,
    *,
    prefix: list[str | int],
    component: str,
    in_use: Sequence[Requirement] = (),
) -> tuple[list[Requirement], list[Step], list[Finding]]:
    findings: list[Finding] = []
    if not manifest.infer:
        requirements, in_use = [], ()
    stated_subjects = {stated.subject for stated in manifest.requirements}
    inferred = [r for r in requirements if r.subject in stated_subjects]
    requirements = [r for r in requirements if r.subject not in stated_subjects]
    for index, stated in enumerate(manifest.requirements):
        where = locate(loaded.text, [*prefix, "requirements", index, "subject"])
        source = file_source(loaded.path, where.line if where else None)
        replaced = [
            r
            for r in (*in_use, *inferred)
            if r.subject == stated.subject and (stated.ignore or r.spec != stated.spec)
        ]
        inferred = [r for r in inferred if r.subject != stated.subject]
        if replaced:
            was = ", ".join(r.spec or "an unversioned mention" for r in replaced)
            findings.append(
                Finding(
                    kind="overridden",
                    message=f"{stated.subject}: the manifest's {stated.spec or 'entry'} "
                    f"replaces what the scan found ({was})",
                    sources=(source, *(r.source for r in replaced)),
                    component=component,
                    subject=stated.subject,
                )
            )
        if not stated.ignore:
            requirements.append(
                Requirement(
                    subject=stated.subject,
                    spec=stated.spec,
                    component=component,
                    source=source,
                    confidence=stated.confidence,
                    hard=stated.hard,
                    text=stated.text or "bringup.toml",
                    also_at=_cited(loaded.path, stated.source),
                    # () itself when none: msgspec 0.20 (Python 3.9) omits a default by identity
                    prefers=tuple(Alternative(value=v, source=source) for v in stated.prefers)
                    or (),
                )
            )
    if not manifest.infer_steps:
        steps = []
    for index, stated_step in enumerate(manifest.steps):
        where = locate(loaded.text, [*prefix, "steps", index, "name"])
        needs = msgspec.convert(msgspec.to_builtins(stated_step.needs), type=StepNeeds)
        step = Step(
            name=stated_step.name,
            kind=stated_step.kind,
            argv=stated_step.argv,
            source=file_source(loaded.path, where.line if where else None),
            cwd=stated_step.cwd,
            needs=needs,
        )
        steps = [s for s in steps if s.name != step.name and step_key(s) != step_key(step)]
        steps.append(step)
    return requirements, steps, findings


_CITED = re.compile(r"(?P<path>.+?):(?P<line>[0-9]{1,9})")


def _cited(manifest: str, cited: Optional[str]) -> tuple[Source, ...]:
    """Where a manifest's entry says its words were found (``README.md:65``: a file beside the
    manifest, then its line, or a file alone), as a citation; only shown, never read."""
    if not cited:
        return ()
    place = _CITED.fullmatch(cited)
    path, line = (place.group("path"), int(place.group("line"))) if place else (cited, None)
    return (file_source(os.path.join(os.path.dirname(manifest), path), line),)
