"""Reading the package index (``--index``) for the distributions the knowledge base lists no
release of."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup.report.events import Reporter, Stage, Warned

if TYPE_CHECKING:
    from bringup.index.releases import IndexAnswer, IndexSource
    from bringup.model import Component, Rule
    from bringup.solve import Catalogue


def index_specs(components: Sequence[Component], catalogue: Catalogue) -> dict[str, set[str]]:
    """The distributions the repos constrain (a spec, hard or soft) that the knowledge base
    lists no release of and no repo of the stack provides, with every spec stated on each;
    a need that is not a version (a submodule, a variable) is none."""
    from bringup.solve.problem import provided_key
    from bringup.subjects import NEEDS, canonical_subject, from_index, is_distribution

    ours = {provided_key(c.name) for c in components}
    found: dict[str, set[str]] = {}
    for component in components:
        for req in component.requirements:
            subject = canonical_subject(req.subject)
            if req.subject in NEEDS or not req.spec.strip() or not is_distribution(subject):
                continue
            if not from_index(subject):
                continue
            if provided_key(subject) in ours or catalogue.releases(subject):
                continue
            found.setdefault(subject, set()).add(req.spec.strip())
    return found


def read_index(
    components: Sequence[Component],
    catalogue: Catalogue,
    index: IndexSource,
    reporter: Reporter,
) -> tuple[Catalogue, IndexAnswer, list[Rule]]:
    """The catalogue with the index's lists (``index_specs``), and the rows its wheels make
    (``wheel_rows``); what could not be read is one warning, and the versions then come from
    the knowledge base and this machine only."""
    from bringup.index.releases import fetch_projects, index_releases, wheel_rows

    specs = index_specs(components, catalogue)
    with reporter.stage(Stage("index", f"reading {len(specs)} release lists")):
        answer = fetch_projects(specs, index.url, index.fetcher, cache_dir=index.cache_dir)
    for line in answer.warnings():
        reporter.emit(Warned(line))
    listed = index_releases(answer, specs)
    return catalogue.with_index(listed), answer, wheel_rows(answer, specs)
