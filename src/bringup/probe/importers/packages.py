"""Installed Python packages as reports list them: ``pip freeze`` (``torch==2.5.1``), ``pip
list`` (a ``Package  Version`` table, or its rows alone as ``pip list | grep torch`` prints
them), ``conda list`` rows (``numpy  2.1.2  py310h_0  conda-forge``), collect_env's
``[pip3] torch==2.5.1`` and ``[conda] numpy  1.19.1  <pip>`` lines, and its ``PyTorch
version:`` field and other labels naming a package (``vLLM Version``, and those of the
backends' ``ReportTerms.packages``). A ``<TOOLKIT>==8.5.0`` line names a toolkit, not a package: it
becomes the toolkit's fact through the vocabulary."""

from __future__ import annotations

import re

from bringup.model import Fact, Source
from bringup.parsing import at_line
from bringup.probe.importers.parts import Part
from bringup.probe.importers.terms import report_terms

_FREEZE = re.compile(r"^(?:\[(?:pip3?|conda)\]\s+)?([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;,]+)\s*$")
_CONDA = re.compile(r"^\[conda\]\s+([A-Za-z0-9][A-Za-z0-9._-]*)\s+(\d[^\s]*)")
_LIST_HEADER = re.compile(r"^#?\s*(?:Package|Name)\s+Version\b")
_ROW = re.compile(r"^([A-Za-z][A-Za-z0-9._-]*)\s+v?(\d+(?:\.[0-9A-Za-z+!_-]+)+)(?:\s+\S+){0,3}\s*$")
_LIST_COMMAND = re.compile(r"\b(?:pip3?|conda|mamba)\s+list\b")
_TORCH = re.compile(r"^PyTorch version\s*:\s*(\d[^\s]*)")
_NAMED = {"vLLM Version": "vllm"}
"""A label -> the package whose version it states; each backend adds its own."""


def normalise(name: str) -> str:
    """PEP 503 name normalisation: ``torch_ext`` and ``Torch-EXT`` are one package."""
    return re.sub(r"[-_.]+", "-", name).lower()


def listings(text: str, parts: list[Part]) -> set[int]:
    """Line numbers of the fences that hold nothing but ``name  version`` rows (``pip list |
    grep torch`` pasted alone): there even one row is a package."""
    lines = text.splitlines()
    found: set[int] = set()
    for part in parts:
        body = [line.strip() for line in lines[part.start : part.end] if line.strip()]
        if part.kind == "fence" and body and all(_ROW.match(line) for line in body):
            found.update(range(part.start + 1, part.end + 1))
    return found


def read_packages(
    lines: list[tuple[int, str]], listed: set[int] | frozenset[int] = frozenset()
) -> list[tuple[str, str, int]]:
    """(name, version, line number) of every package line: freeze and collect_env forms
    anywhere; ``name  version`` rows under a list header or command, in a fence of rows
    (``listed``), or two in a row."""
    found: list[tuple[str, str, int]] = []
    named = {**_NAMED}
    for item in report_terms():
        for label, package in item.terms.packages.items():
            named.setdefault(label, package)
    listing = False
    rows: list[tuple[str, str, int]] = []
    for number, line in lines:
        stripped = line.strip()
        if _LIST_HEADER.match(stripped) or _LIST_COMMAND.search(stripped):
            listing = True
            found += rows if len(rows) >= 2 else []
            rows = []
            continue
        if set(stripped) <= {"-", " "} and stripped:
            continue
        single = _single(stripped, named)
        if single is not None:
            found.append((*single, number))
            continue
        row = _ROW.match(stripped)
        if row is not None:
            (found if listing or number in listed else rows).append(
                (row.group(1), row.group(2), number)
            )
            continue
        listing = listing and bool(stripped) and stripped.startswith("#")
        found += rows if len(rows) >= 2 else []
        rows = []
    return found + (rows if len(rows) >= 2 else [])


def _single(line: str, named: dict[str, str]) -> tuple[str, str] | None:
    """(name, version) from a line that names one package whatever surrounds it."""
    for pattern in (_FREEZE, _CONDA, _TORCH):
        match = pattern.match(line)
        if match:
            return (
                ("torch", match.group(1)) if pattern is _TORCH else (match.group(1), match.group(2))
            )
    for label, name in named.items():
        match = re.match(rf"^{re.escape(label)}\s*:\s*v?(\d[^\s]*)", line)
        if match:
            return name, match.group(1)
    return None


def package_facts(
    rows: list[tuple[str, str, int]], source: Source, fact_of: dict[str, str]
) -> list[tuple[Fact, int]]:
    """Each row as a ``python.package.<name>`` fact, or -- for a name ``fact_of`` maps to a
    toolkit's fact (the subject -> its ``fact_key``, ``<backend>.<toolkit>.active``) -- as
    that fact."""
    from bringup.probe.importers.reading import PACKAGE_PREFIX

    facts = []
    for name, version, number in rows:
        key = fact_of.get(normalise(name), PACKAGE_PREFIX + normalise(name))
        facts.append((Fact(key=key, value=version, source=at_line(source, number)), number))
    return facts
