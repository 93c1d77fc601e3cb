"""The requirements files a package manifest reads as its ``install_requires``.

``setup.py`` may build ``install_requires`` from a file it opens (microsoft/Megatron-DeepSpeed@
f4157bea setup.py:40-47: ``req_file("requirements.txt")`` opens
``megatron/core/requirements.txt``, which lists pybind11, torch and regex). What that file lists
is the package's need, however its folder is scoped on its own (``megatron/core`` has a README
of its own, which makes it a sub-project).
"""

from __future__ import annotations

from collections.abc import Sequence

from bringup.scan.extraction import Extraction
from bringup.scan.scopedirs import PACKAGE_FILES


def package_reads(extracted: Sequence[tuple[str, Extraction]]) -> dict[str, str]:
    """Each requirements file a package manifest pulls in (its ``include_places``) -> that
    manifest's path."""
    return {
        path: rel
        for rel, extraction in extracted
        if rel.rsplit("/", 1)[-1].lower() in PACKAGE_FILES
        for path, _line in extraction.include_places
        if path.lower().endswith(".txt")
    }
