"""``.gitmodules``: the submodules a build needs in its tree (``third_party/fmt``). A fresh
``git clone`` leaves them empty, so each is a requirement the plan meets with ``git submodule
update --init <path>``, an action that needs the network (the URL says from where): the
``submodule`` requirement is that need, one per path, never a ``network`` one beside it.

The file is git's config format: ``[submodule "name"]`` sections with ``path`` and ``url``
keys; ``#``/``;`` start comments. Each requirement cites its section header (``spec`` is the
path, ``text`` the path and the URL), and the entry's ``path`` and ``url`` lines beside it
(``also_at``): the three lines state one submodule, and a reader may point at any of them
(pyg-lib .gitmodules:1-3 ``[submodule "third_party/cutlass"]``, ``path =``, ``url =``).
"""

from __future__ import annotations

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.scopenames import TEST_FRAMEWORKS, TESTS

SUBMODULE = "submodule"
_SECTION = lazyre.compile(r'^\s*\[\s*submodule\s+"(?P<name>[^"]*)"\s*\]')
_KEY = lazyre.compile(r"^\s*(?P<key>[A-Za-z][\w-]*)\s*=\s*(?P<value>.*?)\s*$")


def _submodule(
    file: SourceFile, line: int, name: str, keys: dict[str, tuple[str, int]]
) -> Requirement:
    path = keys.get("path", (name, line))[0]
    url, url_line = keys.get("url", ("", line))
    text = f"{path} from {url} (.gitmodules:{url_line})" if url else path
    need = file.requirement(SUBMODULE, path, line, text=text)
    beside = sorted({at for key, (_, at) in keys.items() if key in ("path", "url")})
    tests = path.rstrip("/").rsplit("/", 1)[-1].lower() in TEST_FRAMEWORKS
    return msgspec.structs.replace(
        need, also_at=tuple(file.source(at) for at in beside), feature=TESTS if tests else ""
    )


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
