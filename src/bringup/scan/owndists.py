"""The repo's own Python distributions: what the build files at its top name it.

A repo that is itself a device-only package needs those devices, though no line of it asks
for its own package: cosdt/vllm-ascend@a524b50 setup.py:66 ``name='vllm_ascend'`` (the
Ascend platform plugin of vLLM) was "may run here" on a host with no NPU (outsider22 D5),
while a repo that pins ``vllm_ascend`` needs one (``solve.nodevice``). Only the top's build
files count: a sub-folder's setup.py builds a package beside the repo's own (an example, a
plugin of it), not the repo."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Optional

from bringup.model import OwnDistribution, Source
from bringup.scan.extraction import Extraction

TOP_BUILD_FILES = frozenset({"setup.py", "pyproject.toml", "setup.cfg"})
"""The build files whose distribution name is the repo's own when they sit at its top."""


def own_distributions(
    extracted: Iterable[tuple[str, Extraction]],
    text_of: Mapping[str, Optional[str]],
    cite: Callable[[str, Optional[int]], Source],
) -> tuple[OwnDistribution, ...]:
    """The distributions the top's build files name, each once, cited at the first line of
    the file that quotes the name (``-``, ``_`` and ``.`` alike, as pip compares them)."""
    found: dict[str, OwnDistribution] = {}
    for rel, extraction in extracted:
        if rel not in TOP_BUILD_FILES:
            continue
        for subject in extraction.provides:
            if subject.startswith("cmake:") or subject in found:
                continue
            line = _quoted_at(text_of.get(rel) or "", subject.rpartition(":")[2])
            found[subject] = OwnDistribution(subject=subject, source=cite(rel, line))
    return tuple(found.values()) or ()


def _quoted_at(text: str, name: str) -> Optional[int]:
    """The number of the first line of ``text`` that quotes ``name``; None when none does."""
    parts = (re.escape(part) for part in re.split(r"[-_.]+", name))
    quoted = re.compile(r"[\"']" + r"[-_.]+".join(parts) + r"[\"']", re.IGNORECASE)
    matched = quoted.search(text)
    return None if matched is None else text.count("\n", 0, matched.start()) + 1
