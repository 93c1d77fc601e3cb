"""What the repos of one environment state for a Python distribution it installs: the ranges
they ask for, or the URL they install it from instead of a package index."""

from __future__ import annotations

from collections.abc import Sequence

from bringup.model.requirements import Component
from bringup.model.resolution import Environment


def stated(subject: str, environment: Environment, components: Sequence[Component]) -> str:
    """The ranges the environment's repos state for ``subject``, joined (may be empty)."""
    names = {subject, f"pypi:{subject}"}
    specs = [
        r.spec.strip()
        for c in components
        if c.name in environment.components
        for r in c.requirements
        if r.subject in names and r.spec.strip()
    ]
    return ",".join(dict.fromkeys(specs))


def direct(subject: str, environment: Environment, components: Sequence[Component]) -> str:
    """How the environment's repos install ``subject`` from a URL instead of an index, or ""."""
    names = {subject, f"pypi:{subject}"}
    return next(
        (
            r.direct
            for c in components
            if c.name in environment.components
            for r in c.requirements
            if r.subject in names and r.direct
        ),
        "",
    )
