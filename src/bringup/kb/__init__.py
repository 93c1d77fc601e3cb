"""The knowledge base: sourced compatibility tables shipped as TOML data, answered offline.

``load_knowledge_base()`` reads the built-in tables and any overlays; the result exports the
rows as solver ``Rule``s, lists known releases, and answers "what does this version imply",
"do these two go together" and "what is the newest version that fits".
"""

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
from bringup.kb.schema import ChipRecord, PackageRecord, Problem, ReleaseRecord, RuleRecord, Topic

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
