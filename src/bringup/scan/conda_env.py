"""Conda ``environment.yml``: the ``dependencies`` list (conda match specs such as
``python=3.10``, ``pytorch::pytorch>=2.1``, ``cudatoolkit=11.8``) and its ``pip:`` sub-list.

Only this part of YAML is read, line by line, which keeps the line of every entry and needs
no YAML library. Conda's ``=3.10`` is fuzzy (``3.10.*``), ``==3.10`` exact. Conda names that
stand for host or toolkit subjects are mapped (``gxx_linux-64`` -> ``gcc``, ``sysroot_linux-64``
-> ``glibc``, a toolkit by its backend's ``Vocabulary.names``); other packages are
``conda:<name>``.
"""

from __future__ import annotations

import re

from bringup import backends
from bringup.model import Confidence, Requirement
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.pydeps import add_python_requirement
from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, SpecifierSet

_CONDA_SUBJECTS = {
    "python": "python",
    "pytorch": "torch",
    "cmake": "cmake",
    "ninja": "ninja",
    "gcc": "gcc",
    "gxx": "gcc",
    "gcc_linux-64": "gcc",
    "gxx_linux-64": "gcc",
    "gcc_linux-aarch64": "gcc",
    "gxx_linux-aarch64": "gcc",
    "sysroot_linux-64": "glibc",
    "sysroot_linux-aarch64": "glibc",
    "mindspore": "mindspore",
    "torchvision": "torchvision",
    "torchaudio": "torchaudio",
}
_ITEM = re.compile(r"^(\s*)-\s+((?:.*\S)?)\s*$")  # not (.*?)\s*$: quadratic on long space runs
_SPEC = re.compile(r"^(?:[\w.-]+::)?([A-Za-z0-9_.-]+)\s*(.*)$")


def _fuzzy(version: str) -> str:
    return f"=={version}" if version.endswith("*") else f"=={version}.*"


def match_spec(text: str) -> tuple[str, str]:
    """A conda match spec as ``(name, PEP 440-style specifier)``; build strings dropped."""
    match = _SPEC.match(text.strip().strip("'\""))
    if match is None:
        return text, ""
    name, rest = match.group(1).lower(), match.group(2).strip()
    if not rest:
        return name, ""
    if rest[0] not in "=<>!~":
        return name, _fuzzy(rest.split()[0])
    if rest.startswith("=="):
        return name, "==" + rest[2:].split("=", 1)[0]
    if rest[0] == "=":
        return name, _fuzzy(rest[1:].split("=", 1)[0])
    return name, rest.split()[0]


def extract_conda_env(file: SourceFile) -> Extraction:
    """What ``environment.yml`` installs."""
    requirements: list[Requirement] = []
    findings: list[Finding] = []
    in_dependencies = False
    pip_indent: int | None = None
    for number, raw in enumerate(file.text.splitlines(), start=1):
        line = raw.split(" #", 1)[0].rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith((" ", "\t", "-")):
            in_dependencies = line.startswith("dependencies:")
            pip_indent = None
            continue
        item = _ITEM.match(line)
        if not in_dependencies or item is None:
            continue
        indent, value = len(item.group(1)), item.group(2)
        if pip_indent is not None and indent <= pip_indent:
            pip_indent = None
        if value.rstrip(":") == "pip" and value.endswith(":"):
            pip_indent = indent
            continue
        if pip_indent is not None:
            spec_text, source = value.strip("'\""), file.source(number)
            add_python_requirement(
                requirements, findings, spec_text, source, why="environment.yml pip"
            )
            continue
        name, spec = match_spec(value)
        if name == "pip":
            continue
        known = _CONDA_SUBJECTS.get(name) or backends.names().get(name)
        subject = known or f"conda:{name}"
        try:
            SpecifierSet(spec, scheme_for(subject))
        except InvalidSpecifier as error:
            findings.append(file.finding("invalid", str(error), number))
            continue
        confidence: Confidence = "medium" if known else "high"
        requirements.append(
            file.requirement(subject, spec, number, text=f"conda: {value}", confidence=confidence)
        )
    return Extraction(requirements=tuple(requirements), findings=tuple(findings))
