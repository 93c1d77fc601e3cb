"""Conda ``environment.yml``: the ``dependencies`` list (conda match specs such as
``python=3.10``, ``pytorch::pytorch>=2.1``, ``cudatoolkit=11.8``) and its ``pip:`` sub-list.

Read with a YAML parser that keeps every entry's line (``yamlnodes``). Conda's ``=3.10`` is
fuzzy (``3.10.*``), ``==3.10`` exact. Conda names that stand for host or toolkit subjects are
mapped (``gxx_linux-64`` -> ``gcc``, ``sysroot_linux-64`` -> ``glibc``, a toolkit by its
backend's ``Vocabulary.names``); other packages are ``conda:<name>``. A sysroot is the glibc
the build links against: the least one its binaries run on (``sysroot_linux-64==2.28`` is
glibc ``>=2.28``).

RAPIDS' generated development environments (``conda/environments/all_cuda-129_arch-x86_64.yaml``,
rapidsai/rmm, raft, cuvs) each pin one CUDA and one architecture, a file for each beside it:
what they say of every build machine is its toolchain (compilers, sysroot, ``cmake``,
``ninja``, ``make``). Their CUDA pins are alternatives no one file states, and the Python
packages and libraries they also install are the needs their own manifests and CMake state.
A conda-build variant file (``conda_build_config.yaml``) gives the recipe's compiler, C
library and ``cmake`` versions (conda-forge's ``c_compiler_version``, ``c_stdlib_version``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from bringup import backends, lazyre
from bringup.model import Confidence, Requirement
from bringup.scan.depfiles import NAME, generated_arches
from bringup.scan.extraction import Extraction, Finding, SourceFile
from bringup.scan.pydeps import add_python_requirement
from bringup.subjects import scheme_for
from bringup.versions import InvalidSpecifier, SpecifierSet

if TYPE_CHECKING:
    from yaml.nodes import Node

_CONDA_SUBJECTS = {
    "python": "python",
    "pytorch": "torch",
    "cmake": "cmake",
    "ninja": "ninja",
    "gcc": "gcc",
    "gxx": "gcc",
    "c-compiler": "gcc",  # conda-forge's compiler metapackages: gcc on Linux
    "cxx-compiler": "gcc",
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
_FLOORS = frozenset({"glibc"})
_DEV_ENVIRONMENT = lazyre.compile(r"(?:^|/)conda/environments/[^/]+$")
_DEV_TOOLS = frozenset({"cmake", "ninja", "make"}) | {
    name for name, subject in _CONDA_SUBJECTS.items() if subject in ("gcc", "glibc")
}
"""What a development environment installs for the build machine to build with."""
_VARIANTS = {
    "c_compiler_version": "gcc",
    "cxx_compiler_version": "gcc",
    "c_stdlib_version": "glibc",
    "cmake_version": "cmake",
}


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


def _floor(spec: str) -> str:
    """``==2.28.*``/``==2.28`` as ``>=2.28``."""
    return ">=" + spec[2:].removesuffix(".*") if spec.startswith("==") else spec


def _conda(file: SourceFile, value: str, number: int, found: _Found) -> None:
    name, spec = match_spec(value)
    if name == "pip":
        return
    known = _CONDA_SUBJECTS.get(name) or backends.names().get(name)
    if _DEV_ENVIRONMENT.search(file.rel):
        if name not in _DEV_TOOLS:
            return
        known = known or "system_package"
        spec = name if known == "system_package" else spec
    subject = known or f"conda:{name}"
    spec = _floor(spec) if subject in _FLOORS else spec
    try:
        if subject != "system_package":
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
        if file.rel == NAME:
            found.requirements.extend(generated_arches(file, document))
            continue
        if file.rel.rsplit("/", 1)[-1] == "conda_build_config.yaml":
            _variants(file, document, found)
            continue
        dependencies = yamlnodes.value_of(document, "dependencies")
        for item in yamlnodes.items(dependencies) if dependencies is not None else []:
            pip = yamlnodes.value_of(item, "pip")
            pip = None if _DEV_ENVIRONMENT.search(file.rel) else pip
            for value, number in yamlnodes.scalars(pip) if pip is not None else []:
                source = file.source(number)
                why = "environment.yml pip"
                add_python_requirement(found.requirements, found.findings, value, source, why=why)
            for value, number in yamlnodes.scalars(item):
                _conda(file, value, number, found)
    return Extraction(requirements=tuple(found.requirements), findings=tuple(found.findings))


def _variants(file: SourceFile, document: Node, found: _Found) -> None:
    """A variant file's compiler, C library and ``cmake`` versions (``c_compiler_version:
    [14]``, ``c_stdlib_version: ["2.28"]``, ``cmake_version: [">=4.0"]``)."""
    from bringup.scan import yamlnodes

    for key, subject in _VARIANTS.items():
        node = yamlnodes.value_of(document, key)
        for value, number in yamlnodes.scalars(node) if node is not None else []:
            spec = value if value[:1] in "<>=!~" else _fuzzy(value)
            spec = _floor(spec) if subject in _FLOORS else spec
            text = f"conda_build_config: {key} {value}"
            found.requirements.append(
                file.requirement(subject, spec, number, text=text, confidence="medium")
            )
