"""Downloads a build makes through a script its build file runs.

A setup.py that runs ``subprocess.check_call(["bash", "scripts/download_deps.sh"])`` or a
Makefile recipe ``bash tools/fetch.sh`` makes that script's downloads whenever the build runs:
``pip install .`` or ``make`` needs the network, yet the download was cited in the script
alone, so only a step naming the script needed it (review30 L7). Each such download is cited
also where a build file of the repo names the script (its path from the build file's folder),
so the builds of that file's project need the network (``plan.downloads``)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.walk import RepoFile

BUILD_FILE = lazyre.compile(
    r"(?:^|/)(?:setup\.py|(?:GNU)?[Mm]akefile|[^/]*\.mk|CMakeLists\.txt|[^/]*\.cmake|"
    r"meson\.build|build\.gradle)$"
)
"""Build files whose text runs commands when the project is built."""
_SCRIPT = lazyre.compile(r"\.(?:sh|bash|py)$")


def named_at(text: str, path: str) -> int | None:
    """The line of ``text`` that names ``path`` as a whole word (``./`` before it or not)."""
    pattern = r"(?<![\w./-])(?:\./)?" + re.escape(path) + r"(?![\w./-])"
    match = re.search(pattern, text)
    return None if match is None else text.count("\n", 0, match.start()) + 1


def builds_running(
    requirements: list[Requirement], texts: Mapping[str, tuple[RepoFile, str]]
) -> list[Requirement]:
    """``requirements`` with each hard download of a script cited also where a build file
    names that script; ``texts``: the files read, by the reference they are cited by."""
    builds = [(ref, e.rel, text) for ref, (e, text) in texts.items() if BUILD_FILE.search(e.rel)]
    if not builds:
        return requirements
    out = []
    for requirement in requirements:
        entry = texts.get(requirement.source.ref or "")
        if requirement.subject != "network" or not requirement.hard or entry is None:
            out.append(requirement)
            continue
        script = entry[0].rel
        places = []
        for ref, rel, text in builds:
            folder = posixpath.dirname(rel)
            if not _SCRIPT.search(script) or (folder and not script.startswith(folder + "/")):
                continue
            line = named_at(text, script[len(folder) + 1 :] if folder else script)
            if line is not None:
                places.append(msgspec.structs.replace(requirement.source, ref=ref, line=line))
        also = tuple(dict.fromkeys((*requirement.also_at, *places)))
        out.append(msgspec.structs.replace(requirement, also_at=also) if places else requirement)
    return out
