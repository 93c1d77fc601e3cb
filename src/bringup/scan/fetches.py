"""Downloads a repo's own build or install makes: such a machine needs the network.

A build or install script that runs ``wget``/``curl`` on a URL, clones another repository or
installs from a package index of its own (``--extra-index-url``) cannot run offline (issue 11:
"a build download is a ``needs network`` on the step"). What a guide tells the user to
download by hand (its code blocks' ``wget``, ``git clone``, ``pip install -i``) is a step the
user takes, not a download the build performs: no ``network`` need (the step itself still
needs the network, ``plan``). Cloning the repo itself is how the user got it, not a need
(``own_clone``); fetching its submodules (``git submodule update``) downloads nothing of its
own: each path ``.gitmodules`` declares is a ``submodule`` need, whose action is that fetch.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from urllib.parse import unquote

import msgspec

from bringup import lazyre
from bringup.model import Requirement, Source
from bringup.scan.commands import Command
from bringup.scan.extraction import SourceFile
from bringup.scan.placesbeside import with_places_of
from bringup.subjects import canonical_subject

_URL = lazyre.compile(r"^(?:git\+)?(?:https?|ftp)://\S+|^git@\S+")
_INDEX_OPTIONS = ("--index-url", "--extra-index-url", "-i", "-f", "--find-links")
USER = lazyre.compile(r"^[\w.%:-]{1,128}@(?=[\w.-]{1,253}[:/])")
"""The login of an SSH clone (``git@github.com:deepseek-ai/DeepGEMM.git``, deepseek-ai/DeepGEMM
README.md:44) or a URL's user info (``git+https://git@github.com/…``, ``oauth2:TOKEN@``), not
a ref after the URL (``…/repo.git@stable``)."""
WORDS = "downloads: "
"""How a download's requirement text starts, so the scan can find the ones a guide states."""


def _urls(args: Iterable[str]) -> list[str]:
    return [a for a in args if _URL.match(a)]


_PYPI = lazyre.compile(
    r"^https?://(?:(?:[\w-]+\.)*pypi\.(?:org|python\.org)(?:/|$)|"
    r"[\w.-]*(?:mirror|pypi\.)[\w.-]*/(?:[\w.-]+/)*simple/?$|[\w.-]+/repository/pypi/simple/?$)"
)
"""PyPI or a mirror of it (``https://mirrors.huaweicloud.com/repository/pypi/simple``,
cann-bench requirements.txt:11; ``pypi.tuna.tsinghua.edu.cn/simple``; a repository manager's
PyPI proxy, ``https://repo.huaweicloud.com/repository/pypi/simple``): pip installing ordinary
packages from PyPI is no download of the build (the truth conventions, C4). A project's own
index (``https://triton-ascend.osinfra.cn/pypi/simple``) is no mirror."""


def pypi_index(url: str) -> bool:
    """Whether a package index URL is PyPI or one of its mirrors."""
    return _PYPI.search(url) is not None


def _index(argv: tuple[str, ...]) -> str | None:
    """The package index or wheel location a ``pip install`` is pointed at, when it is not
    PyPI's (``pypi_index``)."""
    for index, arg in enumerate(argv):
        name, _, value = arg.partition("=")
        if name in _INDEX_OPTIONS:
            value = value or (argv[index + 1] if index + 1 < len(argv) else "")
            if _URL.match(value) and not pypi_index(value):
                return value
    return None


_SIGNING_KEY = lazyre.compile(r"\.(?:asc|gpg|key|pub)$|/gpg$")
_TO_KEYRING = lazyre.compile(r"\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:gpg|apt-key)\b")


def signing_key(url: str, text: str) -> bool:
    """Whether ``url``, downloaded by the command line ``text``, is a package source's
    signing key (its name, or the command handing it to ``gpg``/``apt-key``)."""
    return bool(_SIGNING_KEY.search(url.split("?", 1)[0]) or _TO_KEYRING.search(text))


def fetched(command: Command) -> str | None:
    """The URL ``command`` downloads from; ``None`` when it downloads nothing, or only a
    package source's signing key, a part of installing a system package (hicann/ops-nn
    install_deps.sh:293 ``wget -O - https://apt.kitware.com/keys/kitware-archive-latest.asc
    | gpg --dearmor -`` before ``apt install -y cmake``)."""
    argv = command.argv
    program = argv[0].rsplit("/", 1)[-1] if argv else ""
    if program in ("wget", "curl"):
        url = next(iter(_urls(argv[1:])), None)
        return None if url is None or signing_key(url, command.text) else url
    if program == "git" and (argv[1:2] == ("clone",) or argv[1:3] == ("submodule", "add")):
        # ``git submodule add <url>`` clones as ``git clone`` does (msmonitor
        # scripts/build.sh:82 adds tensorboard_logger from github.com)
        return next(iter(_urls(argv[2:])), None)
    if "install" in argv and any(p.startswith("pip") for p in argv[:4]):
        return _index(argv) or next(iter(u for u in _urls(argv) if u.startswith("git+")), None)
    return None


_ARRAY = lazyre.compile(r"^[ \t]*([A-Za-z_]\w*)\+?=\([ \t]*$")
_ELEMENT = lazyre.compile(r"""^[ \t]*["']?((?:https?|ftp)://[^\s"']+)""")
_CLOSE = lazyre.compile(r"^[ \t]*\)")


def listed_downloads(file: SourceFile, commands: Iterable[Command]) -> list[Requirement]:
    """The URLs a download script lists in an array and fetches in a loop over it: hicann/ge
    scripts/download_third_party_source.sh:13-29 ``DOWNLOAD_LIST=(`` one
    ``"https://gitcode.com/cann-src-third-party/protobuf/releases/download/v25.1/
    protobuf-25.1.tar.gz"`` a line ``)``, then :50-56 ``for ITEM in "${DOWNLOAD_LIST[@]}"``
    ... ``wget ... "${URL}"`` (hicann/metadef, the same script): each a download, cited at
    its line."""
    if not any(c.argv[:1] in (("wget",), ("curl",)) for c in commands):
        return []
    found: list[Requirement] = []
    listing = ""
    for number, line in enumerate(file.text.split("\n"), start=1):
        opened = _ARRAY.match(line)
        if opened:  # an array the file loops over, or none to read
            listing = opened.group(1) if f"${{{opened.group(1)}[@]}}" in file.text else ""
        elif listing and _CLOSE.match(line):
            listing = ""
        elif listing:
            element = _ELEMENT.match(line)
            if element:
                url = element.group(1)
                found.append(
                    file.requirement("network", url, number, text=WORDS + url, confidence="medium")
                )
    return found


BUILT = "built from "
"""How a distribution a guide builds from its repository is worded (``sourceinstalls``)."""


def own_clone(requirement: Requirement, names: Iterable[str]) -> bool:
    """Whether a download, or a distribution built from a repository, is a clone of the repo
    itself (its URL's last part is one of ``names``, the repo's directory and the
    distributions it provides)."""
    text = requirement.text or ""
    if requirement.subject == "network" and text.startswith(WORDS):
        url = requirement.spec
    elif text.startswith(BUILT):  # a guide's source install of the repo (``sourceinstalls``)
        url = text[len(BUILT) :]
    else:
        return False
    url = USER.sub("", url.split("://", 1)[-1])
    url = re.split(r"[@#?]", url, maxsplit=1)[0]
    last = re.split(r"[/:]", url.rstrip("/"))[-1].removesuffix(".git")
    return canonical_subject(last) in {canonical_subject(n) for n in names}


_SCHEME = lazyre.compile(r"^(?:git\+)?[a-z]{2,8}://")
_ARCHIVE_NAME = lazyre.compile(
    r"^([A-Za-z][A-Za-z0-9+]{0,40}(?:[-_][A-Za-z][A-Za-z0-9+]{0,40}){0,4}?)[-_]"
    r"(?:v?\d|release|master|main)"
)
"""A source archive's library and version (``makeself-release-2.5.0-patch1.tar.gz``,
``protobuf-25.1.tar.gz``, ``boost_1_87_0.tar.gz``)."""
_PAST_REPO = frozenset(
    {"releases", "archive", "-", "raw", "blob", "tree", "repository", "tarball", "zipball"}
    | {"download", "files", "tags", "commits", "refs", "info"}
)
"""Path parts of a forge's URL that follow the repository's (``…/makeself/releases/download/
…``, ``…/libboundscheck/repository/archive/v1.1.16.tar.gz``, GitLab's ``…/-/archive/…``)."""


def library(spec: str) -> str:
    """The library a download's spec names: on a forge (a host named for git: github.com,
    gitcode.com, gitee.com, gitlab…) the repository: the part a clone's URL ends ``.git``
    (``gitcode.com/GitHub_Trending/go/googletest.git`` is googletest), else the one before
    its releases or archive (``gitcode.com/cann-src-third-party/makeself/releases/download/
    …``), else the one after the owner (a Go module's ``gitee.com/ascend/ascend-npu-exporter/
    v5``; raw.githubusercontent.com's too); elsewhere an archive's name less its version
    (``…/open_source/boost_1_87_0.tar.gz`` is boost); else the spec itself (a package index,
    ``internet``, a dependency list's "<libraries> from <host>")."""
    bare = _SCHEME.sub("", spec.strip())
    if bare == spec.strip() and USER.match(bare):  # git@github.com:owner/repo.git
        bare = USER.sub("", bare).replace(":", "/", 1)
    host, _, path = bare.partition("/")
    parts = [p for p in re.split(r"[?#]", path, maxsplit=1)[0].split("/") if p]
    if "." not in host or " " in host or not parts:
        return spec
    if "git" in host.lower() and len(parts) >= 2:
        cloned = next((p for p in parts if p.split("@", 1)[0].endswith(".git")), "")
        past = next((i for i in range(2, len(parts)) if parts[i] in _PAST_REPO), 0)
        if not cloned and past and not host.startswith("raw."):
            cloned = parts[past - 1]
        return (cloned or parts[1]).split("@", 1)[0].lower().removesuffix(".git")
    archive = _ARCHIVE_NAME.match(parts[-1])
    return archive.group(1).lower().replace("_", "-") if archive else spec


def one_need(requirements: list[Requirement]) -> list[Requirement]:
    """The guides' downloads of one scope as one need: the first, citing the others (the
    English and Chinese guides, the README and the install guide say it twice) with every
    place each was cited at (``placesbeside``): a guide's download repeated in its
    translation, folded behind a script's download that comes first, keeps the
    translation's line."""
    first: int | None = None
    out: list[Requirement] = []
    for requirement in requirements:
        stated = requirement.subject == "network" and (requirement.text or "").startswith(WORDS)
        if not stated:
            out.append(requirement)
        elif first is None:
            first = len(out)
            out.append(requirement)
        else:
            kept = with_places_of(out[first], [requirement])
            known = (kept.text or "")[len(WORDS) :].split(", ")
            text = kept.text if requirement.spec in known else f"{kept.text}, {requirement.spec}"
            out[first] = msgspec.structs.replace(kept, text=text)
    return out


def cited_where_included(
    requirements: Iterable[Requirement], included_at: Mapping[str, Sequence[Source]]
) -> list[Requirement]:
    """``requirements`` with each download a CMake file performs cited beside the lines that
    include that file (``included_at``: the file's ref to those places): where the build
    pulls the download in (xLLM-AI/xllm-ops xllm_ops/CMakeLists.txt:103
    ``include(../cmake/third_party/json.cmake)`` beside json.cmake:46's ExternalProject_Add).
    """
    out = []
    for requirement in requirements:
        places = included_at.get(requirement.source.ref or "", ())
        if requirement.subject == "network" and places:
            also = tuple(dict.fromkeys((*requirement.also_at, *places)))
            out.append(msgspec.structs.replace(requirement, also_at=also))
        else:
            out.append(requirement)
    return out


def downloaded_wheels(commands: Iterable[Command]) -> dict[str, int]:
    """The wheel files ``wget``/``curl`` commands download, by file name, with their line."""
    found: dict[str, int] = {}
    for command in commands:
        url = fetched(command)
        name = unquote(url.rsplit("/", 1)[-1]) if url and "://" in url else ""
        if name.endswith(".whl"):
            found.setdefault(name, command.line)
    return found


def cite_download(
    found: list[Requirement],
    command: Command,
    wheels: dict[str, int],
    cite: Callable[[int], Source],
) -> list[Requirement]:
    """What ``pip install <wheel file>`` pins, cited beside the line that downloads that file
    ("wget https://download.pytorch.org/whl/cpu/torch-2.7.1%2Bcpu-cp39-….whl" then "pip3
    install torch-2.7.1+cpu-cp39-….whl", hicann/pyasc docs/quick_start.md:363-365): one
    statement made twice."""
    lines = [wheels[a.rsplit("/", 1)[-1]] for a in command.argv if a.rsplit("/", 1)[-1] in wheels]
    if not lines:
        return found
    places = tuple(cite(line) for line in lines)
    return [msgspec.structs.replace(r, also_at=(*r.also_at, *places)) for r in found]
