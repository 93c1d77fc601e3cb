"""What a backend contributes to reading a pasted report: readers of its own tools' output
(``npu-smi``'s table, ``nvidia-smi -q``), registered through the ``report_importers`` slot of
its ``Backend`` (``name -> module:attribute`` of a ``SectionReader``) instead of a list here,
so a plug-in backend reads its own tools' reports too. ``sections`` asks them in backend
order; the generic readers (collect_env, package lists, free-form lines) stay in this
package."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Optional

from bringup import backends
from bringup.model import Source
from bringup.parsing import Collected

Parser = Callable[[str, Source], Collected]
"""A section's text (its first line at ``source``) -> what it states."""

Block = Callable[[list[str], int, Source], Optional[tuple[int, Optional[Collected]]]]
"""A multi-line report starting at line ``index`` of the cleaned lines: where it ends and
what it states (None: nothing); None when no such report starts there."""


@dataclass(frozen=True)
class SectionReader:
    """One backend's readers, each optional. ``table``: claims a ``+``/``|`` table block
    (its text) and its parser; ``one_line``: (pattern, parser) for reports of one line;
    ``block``: a report of several lines found at its start; ``key_values``: which parser
    a run of ``key=value`` lines is (given the keys' lines and the line before them, which
    may name the file ``cat`` printed), None when not its."""

    table: Optional[tuple[Callable[[str], bool], Parser]] = None
    one_line: tuple[tuple[re.Pattern[str], Parser], ...] = ()
    block: Optional[Block] = None
    key_values: Optional[Callable[[list[str], str], Optional[Parser]]] = None


def section_readers() -> tuple[SectionReader, ...]:
    """Every registered backend's readers, in backend order; one whose module cannot be
    imported is left out (its backend's probe reports the failure)."""
    found = []
    for item in backends.registered():
        for target in item.report_importers.values():
            module_name, _, attribute = target.partition(":")
            try:
                reader = getattr(importlib.import_module(module_name), attribute)
            except (ImportError, AttributeError):
                continue
            if isinstance(reader, SectionReader):
                found.append(reader)
    return tuple(found)
