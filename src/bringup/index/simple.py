"""A project page of the PEP 691 JSON simple API (``Accept: application/vnd.pypi.simple.v1+json``)
read into its versions, and which of them a resolver may offer.

A version is yanked (PEP 592) when every file of it is; an installer takes a yanked version
only when a spec pins it exactly (``==`` or ``===``), and a pre-release only when a spec names
one (as pip and uv do), so the offer follows the same rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Optional, Union

import msgspec
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.utils import (
    InvalidSdistFilename,
    InvalidWheelFilename,
    parse_sdist_filename,
    parse_wheel_filename,
)
from packaging.version import InvalidVersion, Version

MEDIA_TYPE = "application/vnd.pypi.simple.v1+json"


class _File(msgspec.Struct):
    filename: str
    yanked: Union[bool, str] = False


class _Page(msgspec.Struct):
    files: list[_File] = []
    versions: Optional[list[str]] = None
    """PEP 700 (API 1.1): every version, even one with no file left."""


class Project(msgspec.Struct, frozen=True, kw_only=True):
    """What the index lists for one project: its versions and the yanked ones among them;
    ``found`` is False when the index has no such project (HTTP 404)."""

    name: str
    versions: tuple[str, ...] = ()
    yanked: tuple[str, ...] = ()
    found: bool = True
    wheel_pythons: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Per version whose every wheel is built for named CPython versions (``cp310``, no
    ``abi3``, no ``py3``), those Pythons (``3.10``): opencv-python 4.5.4.60's wheels stop at
    cp310, so on 3.11 an installer builds it from source (or fails)."""


class NotJson(ValueError):
    """The answer is not a PEP 691 JSON page (an index that serves HTML only)."""


def _file_version(filename: str) -> Optional[str]:
    try:
        if filename.endswith(".whl"):
            return str(parse_wheel_filename(filename)[1])
        return str(parse_sdist_filename(filename)[1])
    except (InvalidWheelFilename, InvalidSdistFilename, InvalidVersion):
        return None  # an egg, an .exe installer: not a file a resolver installs


def _what_instead(data: bytes, error: msgspec.DecodeError) -> str:
    """What an answer that is not PEP 691 JSON is: an HTML page (the PEP 503 simple API,
    all that some mirrors and private indexes serve), or JSON of another shape, or else."""
    head = data[:512].lstrip().lower()
    if head.startswith((b"<!doctype html", b"<html")):
        return "an HTML page: the PEP 503 simple API"
    return str(error)


def parse_project(name: str, data: bytes) -> Project:
    """The versions of ``name`` on a PEP 691 page: the page's ``versions`` when it has them,
    else those its files name; yanked: the versions whose every file is yanked."""
    try:
        page = msgspec.json.decode(data, type=_Page)
    except msgspec.DecodeError as error:
        raise NotJson(_what_instead(data, error)) from None
    files: dict[str, list[bool]] = {}
    for item in page.files:
        version = _file_version(item.filename)
        if version is not None:
            files.setdefault(version, []).append(item.yanked is not False)
    listed = page.versions if page.versions is not None else list(files)
    versions = []
    for raw in listed:
        try:
            versions.append(Version(raw))
        except InvalidVersion:
            continue
    versions.sort()
    yanked = [str(v) for v in versions if files.get(str(v)) and all(files[str(v)])]
    return Project(
        name=name,
        versions=tuple(map(str, versions)),
        yanked=tuple(yanked),
        wheel_pythons=_wheel_pythons(page.files),
    )


def _wheel_pythons(files: Iterable[_File]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Per version, the CPython versions its wheels are built for, where every wheel names
    one (``cp310-cp310``); a version with a wheel for any Python 3 (``py3-none``, ``abi3``)
    or with no wheel at all is left out: nothing limits it."""
    found: dict[str, set[str]] = {}
    anywhere: set[str] = set()
    for item in files:
        if not item.filename.endswith(".whl"):
            continue
        try:
            _name, version, _build, tags = parse_wheel_filename(item.filename)
        except (InvalidWheelFilename, InvalidVersion):
            continue
        key = str(version)
        for tag in tags:
            named = re.fullmatch(r"cp(\d)(\d+)", tag.interpreter)
            if named is None or tag.abi == "abi3":
                anywhere.add(key)
            else:
                found.setdefault(key, set()).add(f"{named.group(1)}.{named.group(2)}")
    return tuple(
        (key, tuple(sorted(pythons, key=lambda p: tuple(map(int, p.split("."))))))
        for key, pythons in sorted(found.items())
        if key not in anywhere
    )


def offered(project: Project, specs: Iterable[str]) -> tuple[str, ...]:
    """The versions an installer would consider for ``specs``, oldest first: not yanked
    unless a spec pins it exactly, not a pre-release unless a spec names one."""
    parsed = []
    for text in specs:
        for alternative in text.split("||"):
            try:
                parsed.append(SpecifierSet(alternative.strip()))
            except InvalidSpecifier:
                continue
    prereleases = any(spec.prereleases for spec in parsed)
    pinned = {
        clause.version
        for spec in parsed
        for clause in spec
        if clause.operator in ("==", "===") and not clause.version.endswith(".*")
    }
    yanked = set(project.yanked)
    found = []
    for raw in project.versions:
        version = Version(raw)
        if raw in yanked and not any(_same(raw, p) for p in pinned):
            continue
        if version.is_prerelease and not prereleases:
            continue
        found.append(raw)
    return tuple(found)


def _same(raw: str, pinned: str) -> bool:
    try:
        return Version(raw) == Version(pinned)
    except InvalidVersion:
        return raw == pinned
