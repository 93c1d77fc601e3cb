"""What a backend contributes to reading a pasted report, registered through the
``report_importers`` slot of its ``Backend`` (``name -> module:attribute``) instead of a list
here, so a plug-in backend reads its own tools' reports too: readers of its own tools' output
(a ``SectionReader``: a vendor tool's table or query dump) and the words its facts go by
in the generic reports (a ``ReportTerms``, ``bringup.probe.importers.terms``). ``sections``
asks the section readers in backend order; the generic readers (collect_env, package lists,
free-form lines) stay in this package and ask the terms."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, TypeVar

from bringup import backends
from bringup.model import Source
from bringup.parsing import Collected

if TYPE_CHECKING:
    from bringup.backends.base import Backend

Parser = Callable[[str, Source], Collected]
"""A section's text (its first line at ``source``) -> what it states."""

Block = Callable[[list[str], int, Source], Optional[tuple[int, Optional[Collected]]]]
"""A multi-line report starting at line ``index`` of the cleaned lines: where it ends and
what it states (None: nothing); None when no such report starts there."""

T = TypeVar("T")


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


def declared(kind: type[T], registered: tuple[Backend, ...]) -> tuple[tuple[Backend, T], ...]:
    """Each backend's report importers of type ``kind``, with their backend, in backend
    order; one whose module cannot be imported is left out (its backend's probe reports the
    failure)."""
    found = []
    for item in registered:
        for target in item.report_importers.values():
            module_name, _, attribute = target.partition(":")
            try:
                importer = getattr(importlib.import_module(module_name), attribute)
            except (ImportError, AttributeError):
                continue
            if isinstance(importer, kind):
                found.append((item, importer))
    return tuple(found)


def section_readers() -> tuple[SectionReader, ...]:
    """Every registered backend's section readers, in backend order."""
    return tuple(reader for _, reader in declared(SectionReader, backends.registered()))
