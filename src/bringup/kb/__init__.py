"""The knowledge base: sourced compatibility tables shipped as TOML data, answered offline.

``load_knowledge_base()`` reads the built-in tables and any overlays; the result exports the
rows as solver ``Rule``s, lists known releases, and answers "what does this version imply",
"do these two go together" and "what is the newest version that fits".

The names below are imported when first used: a command that needs only a submodule
(``bringup explain`` reads ``bringup.kb.schema`` and ``bringup.kb.paths``) does not load the
knowledge base's reader and checks, about 10 ms of its start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bringup.kb.knowledge import KnowledgeBase, exact_versions, load_knowledge_base
    from bringup.kb.paths import data_dirs
    from bringup.kb.query import (
        Compatibility,
        Implication,
        RuleCheck,
        SubjectVersion,
        distro_name,
        parse_subject_version,
    )
    from bringup.kb.schema import (
        ChipRecord,
        PackageRecord,
        Problem,
        ReleaseRecord,
        RuleRecord,
        Topic,
    )

_SUBMODULES = ("schema", "paths", "query", "knowledge")
"""Where the names below live, the cheapest to import first."""

__all__ = [
    "KnowledgeBase",
    "load_knowledge_base",
    "data_dirs",
    "exact_versions",
    "Implication",
    "SubjectVersion",
    "RuleCheck",
    "Compatibility",
    "parse_subject_version",
    "distro_name",
    "ChipRecord",
    "PackageRecord",
    "Problem",
    "ReleaseRecord",
    "RuleRecord",
    "Topic",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        for submodule in _SUBMODULES:
            module = importlib.import_module(f"{__name__}.{submodule}")
            if hasattr(module, name):
                return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
