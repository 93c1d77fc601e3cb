"""The OS an install guide's Docker route is limited to, its release read off the image the
guide pulls.

A guide offering a Docker image as one way to get an environment may say the route works on
one OS only ("Docker镜像是一种高效部署方式…OS仅支持Ubuntu操作系统。", hicann/ops-blas
docs/zh/install/quick_install.md:17; "Currently, this method is applicable only to Atlas A2
series with Ubuntu.", hicann/opbase docs/en/install/quick_install.md:17) and then pull the
image (``docker pull --platform=arm64 …/cann:9.0.0-910b-ubuntu22.04-py3.10-ops``, lines
56 and 58): the release of that OS the image is built on (``ubuntu22.04``) is the OS the
route was made for. A soft ``os_version``, cited at the statement, the pulls beside it. A
statement with no image of that OS pulled in the same guide names no release: none.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.images import os_facts, split_image
from bringup.scan.osnames import DISTRIBUTIONS

_NAMES = rf"({DISTRIBUTIONS})"
_ONLY_OS = lazyre.compile(
    rf"OS\s*仅支持\s*{_NAMES}|仅支持\s*{_NAMES}\s*操作系统"
    rf"|(?<!\bnot\s)\bonly\b[^.|]{{0,80}}?\bwith\s+{_NAMES}\b",
    re.IGNORECASE,
)
"""A route said to work on one OS only, in Chinese or English; not "not only with Ubuntu but
also with openEuler"."""
_PULL = lazyre.compile(r"\bdocker\s+pull\s+(?:--platform[=\s]\S+\s+)?([\w./:-]+)")
_RELEASED = rf"{_NAMES}\s?(\d{{1,2}}(?:\.\d{{1,2}}){{0,2}})"
_OS_LIST = lazyre.compile(
    rf"(?:\bOS|操作系统)\s{{0,3}}支持\s{{0,3}}{_RELEASED}(?:\s{{0,3}}[、,，/和及或]\s{{0,3}}{_RELEASED}){{1,5}}",
    re.I,
)
"""The OS releases a Docker route's images are built on, listed ("当前适用于Atlas A2、A3系列产品，
OS支持ubuntu22.04、openeuler24.03", hicann/ops-cv@6ae87653 docs/zh/install/quick_install.md:17):
the releases the route was made for, any of them."""
_LISTED_RELEASE = lazyre.compile(_RELEASED, re.I)


def _only_os(line: str) -> str | None:
    if "ocker" not in line:
        return None
    match = _ONLY_OS.search(line)
    if match is None:
        return None
    return next(name for name in match.groups() if name).lower()


def docker_os(file: SourceFile) -> list[Requirement]:
    """The release of the one OS a Docker route states, from the images the guide pulls."""
    # the literal first: a pattern opening with ``\b`` is tried at every character
    if "docker" not in file.text or _PULL.search(file.text) is None:
        return []
    lines = file.text.splitlines()
    stated = [(number, name) for number, name in enumerate(map(_only_os, lines), 1) if name]
    if not stated:
        return _listed(file, lines)
    number, name = stated[0]
    pulls: dict[str, list[int]] = {}
    for at, line in enumerate(lines, 1):
        pull = _PULL.search(line)
        if pull is None:
            continue
        _, tag = split_image(pull.group(1))
        facts = os_facts(tag, "")
        if len(facts) == 2 and facts[0].spec == name:
            pulls.setdefault(facts[1].spec, []).append(at)
    if len(pulls) != 1:
        return []
    ((spec, places),) = pulls.items()
    words = f"the Docker route is for {name} only; its image: {spec.lstrip('=')}"
    found = file.requirement(
        "os_version", spec, number, text=words, confidence="medium", hard=False
    )
    return [msgspec.structs.replace(found, also_at=tuple(file.source(n) for n in places))]


def _listed(file: SourceFile, lines: list[str]) -> list[Requirement]:
    """The OS releases a Docker route lists (``_OS_LIST``), soft, the pulls of those OSes'
    images beside the statement."""
    for number, line in enumerate(lines, 1):
        listed = _OS_LIST.search(line) if "ocker" in line else None
        if listed is None:
            continue
        releases = _LISTED_RELEASE.findall(listed.group(0))
        names = {name.lower() for name, _ in releases}
        spec = " || ".join(dict.fromkeys(f"=={release}" for _, release in releases))
        pulls = []
        for at, text in enumerate(lines, 1):
            pull = _PULL.search(text)
            facts = os_facts(split_image(pull.group(1))[1], "") if pull is not None else []
            if facts and facts[0].spec in names:
                pulls.append(file.source(at))
        words = f"the Docker route's images are built on {listed.group(0).split('支持', 1)[1]}"
        found = file.requirement(
            "os_version", spec, number, text=words, confidence="medium", hard=False
        )
        return [msgspec.structs.replace(found, also_at=tuple(pulls))]
    return []
