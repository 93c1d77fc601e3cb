"""Solving across repos: the fewest environments that hold them on this host, pins that
prefer what is installed and then the newest, and minimal conflicts with their sources.

``solve`` is pure: repos, a snapshot, knowledge-base rules and a release catalogue in; a
``Resolution`` out. The answer-set program is ``encoding.lp``; see README.md in this folder.
"""

from bringup.solve.catalogue import (
    Catalogue,
    KnowledgeReleases,
    Release,
    ReleaseIndex,
    knowledge_catalogue,
)
from bringup.solve.host import HostFacts, apply_what_if, host_facts, parse_what_if
from bringup.solve.resolve import SolveOptions, solve, solve_facts, solve_host

__all__ = [
    "Catalogue",
    "Release",
    "ReleaseIndex",
    "KnowledgeReleases",
    "knowledge_catalogue",
    "HostFacts",
    "apply_what_if",
    "host_facts",
    "parse_what_if",
    "SolveOptions",
    "solve",
    "solve_facts",
    "solve_host",
]
