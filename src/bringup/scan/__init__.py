"""Reading repositories: what each repo of a stack needs, with file:line and confidence.

``scan_stack(paths) -> Stack`` is the entry point. One extractor per file kind
(``registry.EXTRACTORS``), each a pure function of a file's text; ``repo`` settles what one
repo's files say; ``manifest`` reads ``bringup.toml``, the user's overrides; ``draft`` writes
one from a scan.
"""

from bringup.scan.extraction import Extraction, Finding, FindingKind, SourceFile
from bringup.scan.manifest import RepoManifest, StackManifest, load_manifest
from bringup.scan.stack import Stack, scan_stack

__all__ = [
    "Extraction",
    "Finding",
    "FindingKind",
    "SourceFile",
    "RepoManifest",
    "StackManifest",
    "load_manifest",
    "Stack",
    "scan_stack",
]
