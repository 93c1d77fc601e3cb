"""The files a scan cites a line of: each counts as read, whichever reader opened it, but for
one a finding says it could not read."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model import Component, Source
from bringup.scan.extraction import Finding
from bringup.scan.reading import NOT_READ


def cited_files(component: Component, findings: Sequence[Finding]) -> set[str]:
    """The files ``component``'s requirements (and their other places), steps, scopes and
    ``findings`` cite: IST-DASLab/marlin@2f6d7c10 cites marlin/__init__.py:16-18 for the
    package's imports, a file the import reader opened on its own, not one the readers took
    in whole ("2 files read" of the three it cites)."""
    requirements = (
        *component.requirements,
        *(r for scope in component.scopes for r in scope.requirements),
    )
    steps = (*component.steps, *(s for scope in component.scopes for s in scope.steps))
    cited: list[Source] = [
        source
        for requirement in requirements
        for source in (requirement.source, *requirement.also_at)
    ]
    cited.extend(step.source for step in steps)
    cited.extend(
        source for finding in findings if finding.kind not in NOT_READ for source in finding.sources
    )
    return {source.ref for source in cited if source.kind == "file" and source.ref}
