"""Conda ``environment.yml``: the ``dependencies`` list (conda match specs such as
``python=3.10``, ``pytorch::pytorch>=2.1``, ``cudatoolkit=11.8``) and its ``pip:`` sub-list.

Read with a YAML parser that keeps every entry's line (``yamlnodes``). Conda's ``=3.10`` is
fuzzy (``3.10.*``), ``==3.10`` exact. Conda names that stand for host or toolkit subjects are
mapped (``gxx_linux-64`` -> ``gcc``, ``sysroot_linux-64`` -> ``glibc``, a toolkit by its
backend's ``Vocabulary.names``); other packages are ``conda:<name>``.
"""

from __future__ import annotations

from typing import NamedTuple

from bringup import backends, lazyre
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
_SPEC = lazyre.compile(r"^(?:[\w.-]+::)?([A-Za-z0-9_.-]+)\s*(.*)$")


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


def _conda(file: SourceFile, value: str, number: int, found: _Found) -> None:
    name, spec = match_spec(value)
    if name == "pip":
        return
    known = _CONDA_SUBJECTS.get(name) or backends.names().get(name)
    subject = known or f"conda:{name}"
    try:
        SpecifierSet(spec, scheme_for(subject))
    except InvalidSpecifier as error:
        found.findings.append(file.finding("invalid", str(error), number))
        return
    confidence: Confidence = "medium" if known else "high"
    found.requirements.append(
        file.requirement(subject, spec, number, text=f"conda: {value}", confidence=confidence)
    )


class _Found(NamedTuple):
    requirements: list[Requirement]
    findings: list[Finding]


def extract_conda_env(file: SourceFile) -> Extraction:
    """What ``environment.yml`` installs: its ``dependencies`` and their ``pip:`` list."""
    from bringup.scan import yamlnodes  # PyYAML only when YAML is read

    found = _Found([], [])
    try:
        documents = yamlnodes.documents(file.text)
    except yamlnodes.YAMLError as error:
        return Extraction(findings=(file.finding("invalid", f"not YAML: {error}"),))
    for document in documents:
        dependencies = yamlnodes.value_of(document, "dependencies")
        for item in yamlnodes.items(dependencies) if dependencies is not None else []:
            pip = yamlnodes.value_of(item, "pip")
            for value, number in yamlnodes.scalars(pip) if pip is not None else []:
                source = file.source(number)
                why = "environment.yml pip"
                add_python_requirement(found.requirements, found.findings, value, source, why=why)
            for value, number in yamlnodes.scalars(item):
                _conda(file, value, number, found)
    return Extraction(requirements=tuple(found.requirements), findings=tuple(found.findings))
