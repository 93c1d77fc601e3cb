"""``.gitmodules``: the submodules a build needs in its tree (``third_party/fmt``). A fresh
``git clone`` leaves them empty, so each is a requirement the plan meets with ``git submodule
update --init <path>``, an action that needs the network (the URL says from where).

The file is git's config format: ``[submodule "name"]`` sections with ``path`` and ``url``
keys; ``#``/``;`` start comments. Each requirement cites its section header (``spec`` is the
path, ``text`` the path and the URL, the URL's line cited after it).
"""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.model import Requirement, file_source
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fetches import SUBMODULES, WORDS

SUBMODULE = "submodule"
_FROM = lazyre.compile(r" from (?P<url>\S+) \(\.gitmodules:(?P<line>\d+)\)$")
_SECTION = lazyre.compile(r'^\s*\[\s*submodule\s+"(?P<name>[^"]*)"\s*\]')
_KEY = lazyre.compile(r"^\s*(?P<key>[A-Za-z][\w-]*)\s*=\s*(?P<value>.*?)\s*$")


def _submodule(
    file: SourceFile, line: int, name: str, keys: dict[str, tuple[str, int]]
) -> Requirement:
    path = keys.get("path", (name, line))[0]
    url, url_line = keys.get("url", ("", line))
    text = f"{path} from {url} (.gitmodules:{url_line})" if url else path
    return file.requirement(SUBMODULE, path, line, text=text)


def extract_gitmodules(file: SourceFile) -> Extraction:
    """One ``submodule`` requirement per section that names a path."""
    found: list[Requirement] = []
    section: tuple[int, str] | None = None
    keys: dict[str, tuple[str, int]] = {}
    for number, raw in enumerate(file.text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        header = _SECTION.match(line)
        if header is not None or line.startswith("["):
            if section is not None:
                found.append(_submodule(file, section[0], section[1], keys))
            section = (number, header.group("name")) if header is not None else None
            keys = {}
            continue
        pair = _KEY.match(line)
        if section is not None and pair is not None:
            keys[pair.group("key").lower()] = (pair.group("value").strip('"'), number)
    if section is not None:
        found.append(_submodule(file, section[0], section[1], keys))
    return Extraction(requirements=tuple(found))


def fetch_needs(requirements: list[Requirement]) -> list[Requirement]:
    """``requirements`` and, for each submodule ``.gitmodules`` declares that is not checked
    out (still hard: ``scan.repo``), the network its fetch needs, cited at its URL's line;
    without a guide's ``git submodule update`` when every one is checked out."""
    declared = [
        r
        for r in requirements
        if r.subject == SUBMODULE and (r.source.ref or "").endswith(".gitmodules")
    ]
    # a guide's ``git submodule update`` downloads nothing once every one is checked out
    fetched = bool(declared) and not any(r.hard for r in declared)
    out = [
        r for r in requirements if not (fetched and r.subject == "network" and r.spec == SUBMODULES)
    ]
    for requirement in requirements:
        ref = requirement.source.ref or ""
        found = _FROM.search(requirement.text or "")
        if requirement.subject != SUBMODULE or not requirement.hard or found is None:
            continue
        if ref.endswith(".gitmodules"):
            url = found.group("url")
            source = file_source(ref, int(found.group("line")))
            text = f"{WORDS}{url}"
            out.append(
                msgspec.structs.replace(
                    requirement, subject="network", spec=url, source=source, text=text
                )
            )
    return out
