"""Versions packed into names, where people paste a file or image name instead of a version:
a backend's package files (read by its ``ReportTerms.file_names``: a vendor installer's
``<product>-<toolkit>_<version>_linux-<arch>.run``), container image tags that join one
``name_version`` per component (``mindspore_2.2.12-<toolkit>_7.0.1.1-py_3.9-euler_2.10.7``,
``<toolkit>8.0.rc2-py3.10-ubuntu22.04``) and ``name-version`` tokens as pip and source
archives write them (``mindnlp-0.3.1``, ``vllm-0.14.0rc2``). A wheel's file name
(``torch-2.1.0-cp310-...whl``) and a version asked for (``please install ...``) are not read."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bringup.model import Fact, Source, keys
from bringup.probe.importers.reading import Reading, package_fact, read_each_line
from bringup.probe.importers.terms import report_terms
from bringup.probe.importers.values import stated
from bringup.probe.importers.vocabulary import Vocabulary

_TOKEN = re.compile(r"(?<![A-Za-z0-9_./])[A-Za-z][A-Za-z0-9_.:/\-]*[A-Za-z0-9]")
_SEGMENT = re.compile(
    r"^(?P<name>[a-z]+(?:_[a-z]+)*?)_?v?(?P<version>\d+(?:\.\d+)+(?:\.?(?:rc|alpha|beta|post)\d*)*)$",
    re.IGNORECASE,
)
_REPOSITORY_TAG = re.compile(r"(?<![A-Za-z])([A-Za-z]+):(?=v?\d)")
_ARCH = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}
_NAME_VERSION = re.compile(
    r"(?<![A-Za-z0-9_./\-])(?P<name>[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z][A-Za-z0-9_]*)*)"
    r"-v?(?P<version>\d+(?:\.\d+)+(?:\.?(?:rc|post|dev|a|b)\d+)*)(?![A-Za-z0-9_.+\-/])"
)


def read_packed(
    lines: Iterable[tuple[int, str]], source: Source, vocabulary: Vocabulary
) -> Reading:
    """The facts that package file names, image tags and name-version tokens state."""
    readers = [read for item in report_terms() for read in item.terms.file_names]
    return read_each_line(
        lines,
        source,
        lambda line, where: (
            [found for read in readers for found in read(line, where)]
            + _image_tags(line, where, vocabulary)
            + _name_versions(line, where, vocabulary)
        ),
    )


def _medium(key: str, value: str, where: Source) -> Fact:
    return Fact(key=key, value=value, source=where, confidence="medium")


def _image_tags(line: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    """A token of ``-``-joined segments of which at least two are ``name_version`` with a
    name the vocabulary knows (a subject or an OS): an image tag or a build name."""
    found: list[Fact] = []
    for token in _TOKEN.finditer(line):
        if token.group(0).count(".") < 2:
            continue  # two named segments need a dotted version each: most words end here
        # "<toolkit>:9.1.1-<chip>-ubuntu22.04-py3.12": a repository's name is its tag's first
        # subject
        segments = re.split(r"[-:/]", _REPOSITORY_TAG.sub(r"\1_", token.group(0)))
        facts: list[Fact] = []
        named = 0
        for segment in segments:
            if segment.lower() in _ARCH:
                facts.append(_medium(keys.ARCH, _ARCH[segment.lower()], where))
                continue
            match = _SEGMENT.match(segment)
            if match is None:
                continue
            segment_facts = _named_version(
                match.group("name"), match.group("version"), where, vocabulary
            )
            named += bool(segment_facts)
            facts += segment_facts
        if named >= 2:
            found += facts
    return found


def _named_version(name: str, version: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    """What ``name`` at ``version`` states: a subject's fact, a package, or an OS release."""
    subject = vocabulary.subject(name)
    if subject is not None and subject.package is not None:
        return [package_fact(subject.package, version, where)]
    if subject is not None and subject.fact is not None and subject.kind == "version":
        return [_medium(subject.fact, version, where)]
    os_id = vocabulary.os_id(name)
    if os_id is not None:
        return [_medium(keys.OS_ID, os_id, where), _medium(keys.OS_VERSION_ID, version, where)]
    return []


def _name_versions(line: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    """``mindnlp-0.3.1``: a subject the vocabulary knows, or a package -- whose name pip
    prints in lower case (``GLM-5.1`` is a model, not a distribution)."""
    found: list[Fact] = []
    for match in _NAME_VERSION.finditer(line):
        if not stated(line[: match.start()], line[match.end() :]):
            continue
        name, version = match.group("name"), match.group("version")
        if vocabulary.os_id(name) is not None:
            continue
        subject = vocabulary.subject(name)
        if subject is None and name.islower():
            found.append(package_fact(name, version, where))
        elif subject is not None:
            found += _named_version(name, version, where, vocabulary)
    return found
