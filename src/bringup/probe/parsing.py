"""Combining what several parsers or collectors found into one ``Collected`` (a collector
reads several files and commands; a report importer reads several sections). The parsers'
own helpers are in ``bringup.parsing``, which parsers may import without the probe."""

from __future__ import annotations

from bringup.parsing import Collected


def merge(*parts: Collected) -> Collected:
    """Several parsers' or collectors' findings as one."""
    return Collected(
        facts=tuple(f for p in parts for f in p.facts),
        accelerators=tuple(a for p in parts for a in p.accelerators),
        toolkits=tuple(t for p in parts for t in p.toolkits),
        pythons=tuple(p_ for p in parts for p_ in p.pythons),
        system_packages=tuple(s for p in parts for s in p.system_packages),
    )
