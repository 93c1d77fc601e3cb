"""Installed Python packages as reports list them: ``pip freeze`` (``torch==2.5.1``), ``pip
list`` (a ``Package  Version`` table), collect_env's ``[pip3] torch==2.5.1`` and
``[conda] numpy  1.19.1  <pip>`` lines, and its ``PyTorch version:`` field."""

from __future__ import annotations

import re

from bringup.model import Package, PythonInstall, Source, keys
from bringup.parsing import Collected, at_line, numbered_lines

_FREEZE = re.compile(r"^(?:\[(?:pip3?|conda)\]\s+)?([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;,]+)\s*$")
_CONDA = re.compile(r"^\[conda\]\s+([A-Za-z0-9][A-Za-z0-9._-]*)\s+(\d[^\s]*)")
_LIST_HEADER = re.compile(r"^Package\s+Version\b")
_LIST_ROW = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s+(\d[^\s]*)(?:\s+\S.*)?$")
_TORCH = re.compile(r"^PyTorch version\s*:\s*(\d[^\s]*)")
_NAMED = (
    ("vLLM Version", "vllm"),
    ("vLLM Ascend Version", "vllm-ascend"),
)


def normalise(name: str) -> str:
    """PEP 503 name normalisation: ``torch_npu`` and ``Torch-NPU`` are one package."""
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_packages(text: str, source: Source, fields: Collected) -> Collected:
    """One ``PythonInstall`` (origin ``report``) holding every package line found; its
    version is the report's Python version when it gives one."""
    found: dict[str, Package] = {}
    first_line: int | None = None
    in_list = False
    for number, line in numbered_lines(text):
        stripped = line.strip()
        if _LIST_HEADER.match(stripped):
            in_list = True
            continue
        if in_list and (not stripped or set(stripped) <= {"-", " "}):
            in_list = bool(stripped)
            continue
        package = _package(stripped, in_list=in_list)
        if package is None:
            continue
        name, version = package
        found.setdefault(normalise(name), Package(name=normalise(name), version=version))
        first_line = first_line or number
    if not found or first_line is None:
        return Collected()
    python = next((f for f in fields.facts if f.key == keys.PYTHON_DEFAULT and f.ok), None)
    install = PythonInstall(
        path="(reported)",
        version=str(python.value) if python is not None else "unknown",
        origin="report",
        source=at_line(source, first_line),
        packages=tuple(sorted(found.values(), key=lambda p: p.name)),
    )
    return Collected(pythons=(install,))


def _package(line: str, *, in_list: bool) -> tuple[str, str] | None:
    """(name, version) from one line, whichever of the listed forms it has."""
    for pattern in (_FREEZE, _CONDA, _TORCH):
        match = pattern.match(line)
        if match:
            return (
                ("torch", match.group(1)) if pattern is _TORCH else (match.group(1), match.group(2))
            )
    if in_list:
        match = _LIST_ROW.match(line)
        if match:
            return match.group(1), match.group(2)
    for label, name in _NAMED:
        match = re.match(rf"^{re.escape(label)}\s*:\s*v?(\d[^\s]*)", line)
        if match:
            return name, match.group(1)
    return None
