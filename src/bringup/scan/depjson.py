"""The third-party sources a build downloads from a dependency list of its own: a JSON file
named ``dependency.json`` or ``dependencies.json`` giving each library the ``url`` its build
fetches (Ascend/MindIE-LLM third_party_entry/dependency.json, which
cmake/default_config.cmake:13 hands the configure: ``"spdlog": {"url": "https://mindie.obs.
.../spdlog/v1.15.3.zip", "type": "file", ...}``, ``"catlass": {"url": "https://gitcode.com/
cann/catlass.git", "type": "git", ...}``; MindIE-Motor ci/dependency.json's list of
``{"url": ..., "save_as": ...}`` for ci/download_3rdparty.py).

The file is parsed as JSON: a library is the nearest key above its ``url`` that is no
container word (``"spdlog": {"source": {"url": ...}}`` is spdlog), else the file the URL
names. A file that is no valid JSON is read line by line (the key opened on a line before the
URL's). One ``network`` need per host, "<libraries> from <host>",
cited at the first library's URL and the others beside it: one server the machine must reach
(its mirror, its proxy rule), however many archives it serves.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Optional
from urllib.parse import urlsplit

import msgspec

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.fetches import WORDS, library

DEPENDENCY_JSON = "depjson"
"""The file kind ``walk`` gives a dependency list."""
DEPENDENCY_JSON_NAMES = frozenset({"dependency.json", "dependencies.json"})
_KEY = lazyre.compile(r'^\s{0,40}"([A-Za-z][\w.+-]{0,80})"\s{0,8}:\s{0,8}\{')
"""The key of an object, opened on its line: ``"spdlog": {``."""
_URL = lazyre.compile(
    r'"(?:url|git_url|source_url)"\s{0,8}:\s{0,8}"((?:https?|git)://[^"\s]{1,500})"'
)


_URL_KEYS = frozenset({"url", "git_url", "source_url"})
_REMOTE = lazyre.compile(r"(?:https?|git)://[^\s\"]{1,500}")
_CONTAINERS = frozenset(
    {"source", "sources", "src", "download", "downloads", "dependency", "dependencies", "deps"}
    | {"third_party", "thirdparty", "packages", "libraries", "libs", "git", "archive", "file"}
)
"""Keys that hold a library's fields or a list of libraries, not a library's name."""

Located = tuple[Optional[str], str]
"""A URL and the library key above it, if any."""


def _library(key: str | None, url: str) -> str:
    """The library a URL is for: its object's key, else the one the URL names
    (``fetches.library``: gitee.com/openeuler/libboundscheck/repository/archive/v1.1.16.zip
    is libboundscheck, Ascend/MindIE-Motor build/third_party/dependency.json:59), else the
    last part of the URL."""
    if key:
        return key
    named = library(url)
    return named if named != url else urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1] or url


def _walked(value: object, key: str | None) -> Iterator[Located]:
    """The URLs in a parsed JSON value, each with the nearest library key above it."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name in _URL_KEYS and isinstance(item, str):
                if _REMOTE.fullmatch(item):
                    yield key, item
            elif isinstance(item, (dict, list)):
                named = name if name.lower() not in _CONTAINERS else key
                yield from _walked(item, named)
    elif isinstance(value, list):
        for item in value:
            yield from _walked(item, key)


def _by_lines(text: str) -> Iterator[Located]:
    """The URLs of a file that is no valid JSON, each with the key opened before it."""
    key: str | None = None
    for line in text.splitlines():
        opened = _KEY.match(line)
        if opened is not None:
            key = opened.group(1)
        for found in _URL.finditer(line):
            yield key, found.group(1)
            key = None


def _host(url: str) -> str | None:
    try:
        return urlsplit(url).hostname
    except ValueError:  # "https://[::1/x.zip": no host this need can name
        return None


def extract_dependency_json(file: SourceFile) -> Extraction:
    """One ``network`` need per host the list's URLs name."""
    try:
        located = list(_walked(json.loads(file.text), None))
    except (ValueError, RecursionError):  # no JSON, or nested deeper than the parser goes
        located = list(_by_lines(file.text))
    by_host: dict[str, list[tuple[str, int, str]]] = {}
    offset = 0
    line_of = line_counter(file.text)
    for key, url in located:
        at = file.text.find(url, offset)
        if at < 0:
            at = file.text.find(url)
        offset = max(at, 0)
        number = line_of(offset)
        host = _host(url)
        if host:
            by_host.setdefault(host, []).append((_library(key, url), number, url))
    requirements = []
    for host, listed in by_host.items():
        names = ", ".join(dict.fromkeys(name for name, _, _ in listed))
        first = listed[0]
        text = f"{WORDS}{first[2]}: {file.rel} lists what the build fetches"
        need = file.requirement("network", f"{names} from {host}", first[1], text=text[:300])
        also = tuple(file.source(number) for _, number, _ in listed[1:])
        requirements.append(msgspec.structs.replace(need, also_at=also) if also else need)
    return Extraction(requirements=tuple(requirements))
