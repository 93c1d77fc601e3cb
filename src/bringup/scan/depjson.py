"""The third-party sources a build downloads from a dependency list of its own: a JSON file
named ``dependency.json`` or ``dependencies.json`` giving each library the ``url`` its build
fetches (Ascend/MindIE-LLM third_party_entry/dependency.json, which
cmake/default_config.cmake:13 hands the configure: ``"spdlog": {"url": "https://mindie.obs.
.../spdlog/v1.15.3.zip", "type": "file", ...}``, ``"catlass": {"url": "https://gitcode.com/
cann/catlass.git", "type": "git", ...}``; MindIE-Motor ci/dependency.json's list of
``{"url": ..., "save_as": ...}`` for ci/download_3rdparty.py).

The file is read line by line, not parsed: a library is the key of the object its ``url`` is
in, else the file the URL names. One ``network`` need per host, "<libraries> from <host>",
cited at the first library's URL and the others beside it: one server the machine must reach
(its mirror, its proxy rule), however many archives it serves.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import msgspec

from bringup import lazyre
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fetches import WORDS

DEPENDENCY_JSON = "depjson"
"""The file kind ``walk`` gives a dependency list."""
DEPENDENCY_JSON_NAMES = frozenset({"dependency.json", "dependencies.json"})
_KEY = lazyre.compile(r'^\s{0,40}"([A-Za-z][\w.+-]{0,80})"\s{0,8}:\s{0,8}\{')
"""The key of an object, opened on its line: ``"spdlog": {``."""
_URL = lazyre.compile(
    r'"(?:url|git_url|source_url)"\s{0,8}:\s{0,8}"((?:https?|git)://[^"\s]{1,500})"'
)


def _library(key: str | None, url: str) -> str:
    """The library a URL is for: its object's key, else the last part of the URL."""
    if key:
        return key
    return urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1] or url


def extract_dependency_json(file: SourceFile) -> Extraction:
    """One ``network`` need per host the list's URLs name."""
    by_host: dict[str, list[tuple[str, int, str]]] = {}
    key: str | None = None
    for number, line in enumerate(file.text.splitlines(), start=1):
        opened = _KEY.match(line)
        if opened is not None:
            key = opened.group(1)
        found = _URL.search(line)
        if found is None:
            continue
        url = found.group(1)
        host = urlsplit(url).hostname
        if host:
            by_host.setdefault(host, []).append((_library(key, url), number, url))
        key = None
    requirements = []
    for host, listed in by_host.items():
        names = ", ".join(dict.fromkeys(name for name, _, _ in listed))
        first = listed[0]
        text = f"{WORDS}{first[2]}: {file.rel} lists what the build fetches"
        need = file.requirement("network", f"{names} from {host}", first[1], text=text[:300])
        also = tuple(file.source(number) for _, number, _ in listed[1:])
        requirements.append(msgspec.structs.replace(need, also_at=also) if also else need)
    return Extraction(requirements=tuple(requirements))
