"""Table rows that name what no Python distribution is: a library's source archive the build
downloads, a host tool.

CANN's build guides list the third-party open-source software their build fetches, one row a
library with its version and a link to its source tarball ("| json | 3.11.3 |
[json-3.11.3.tar.gz](https://…/json-3.11.3.tar.gz) |", hicann/opbase docs/QUICKSTART.md:38;
the same table in hixl docs/en/build.md:153 and ops-nn docs/zh/install/compile.md:14). They are
C/C++ sources (nlohmann json, eigen, protobuf's C++ sources, abseil-cpp, makeself) the build
downloads: a ``network`` need, one per archive, never ``pypi:json``. It is soft: the same row
is the link to download the archive by hand for an offline build.

A row naming a host tool ("|Make|4.1及以上|建议通过包管理安装…sudo apt-get install -y make…|",
MindInferenceService docs/zh/installation_guide.md:43) is the machine's tool: a
``system_package`` with the row's version, never ``pypi:make``.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import WORDS
from bringup.scan.hosttools import HOST_TOOLS, headers_package
from bringup.scan.pkgimports import known_distribution
from bringup.scan.scopes import OPTIONAL
from bringup.scan.tablecells import Row

_ARCHIVE_LINK = lazyre.compile(
    r"\]\(\s*((?:https?|ftp)://[^()\s]{1,500}?\.(?:tar\.gz|tgz|tar\.xz|tar\.bz2|zip))\s*\)",
    re.IGNORECASE,
)
"""A Markdown link to a source archive (``.tar.gz``, ``.zip``); a wheel or a ``.run`` installer
is no source."""


def downloaded_source(file: SourceFile, row: Row, text: str) -> Requirement | None:
    """The download a row's later cells link to (its first cell names the library), if any;
    ``text`` is the row's cells, cleaned."""
    for cell in row.cells[1:]:
        found = _ARCHIVE_LINK.search(cell)
        if found is not None:
            return file.requirement(
                "network",
                found.group(1),
                row.line,
                text=WORDS + text,
                confidence="medium",
                hard=False,
            )
    return None


_INSTALLERS = frozenset({"pip", "pip3"})
"""Host tools a row may name as the Python distribution they also are."""


_ON_AN_OS = lazyre.compile(
    r"(?:Ubuntu|Debian|CentOS|EulerOS|openEuler|OpenEuler|Kylin|RHEL|SUSE)\s{0,2}系统中"
    r"|\b(?:on|for|in)(?: the)? (?:Ubuntu|Debian|CentOS|EulerOS|openEuler|RHEL|SUSE)\b"
)
"""A row that says on which OS its package applies ("Ubuntu系统中, …依赖的库文件",
Ascend/msinsight docs/zh/install_guide/mindstudio_insight_install_guide.md:216): the OS's
package, installed with its package manager; only an unversioned row (a Python distribution's
row "| torch | 2.1 | verified in Ubuntu 20.04 |" keeps its version and what it is)."""


_BY_MANAGER = lazyre.compile(
    r"包管理|\bpackage\s+manager\b|\b(?:apt|apt-get|yum|dnf|zypper)\s+(?:-y\s+)?install\b", re.I
)
"""A row saying its software comes from the OS package manager ("|xz|不低于5.2.2|建议通过包管理
安装…sudo apt-get install -y xz-utils…|", VisionSDK docs/zh/installation_guide.md:28; "Install
through the package manager", IndexSDK docs/en/installation_guide.md:35)."""
_BY_PIP = lazyre.compile(r"(?<![A-Za-z0-9_-])pip3?(?![A-Za-z0-9_-])", re.I)
"""A row naming pip (its install command, "通过pip安装"): a Python distribution's row."""


_NOT_BY_MANAGER = lazyre.compile(
    r"(?:不支持|不能|无法|不要|不建议|不推荐)(?:通过|使用|用)?包管理"
    r"|\bpackage\s{1,3}manager(?:'s)?\s{1,3}(?:[\w.+-]{1,40}\s{1,3}){0,3}(?:is|are)\s{1,3}too\s{1,3}old\b"
    r"|\bnot\s{1,3}(?:through|with|via|using|from)\s{1,3}(?:the\s{1,3})?(?:OS\s{1,3}|system\s{1,3})?"
    r"package\s{1,3}manager",
    re.I,
)
"""A row speaking of the package manager as the wrong source ("不支持通过包管理器安装", "the package
manager's protobuf is too old"): the manager is not how it is installed."""


def _by_manager(text: str) -> bool:
    """Whether a row's words say the OS package manager installs it, and never pip nor a
    refusal of the manager."""
    return (
        bool(_BY_MANAGER.search(text))
        and not _BY_PIP.search(text)
        and not _NOT_BY_MANAGER.search(text)
    )


def as_host_tool(stated: list[Requirement]) -> list[Requirement]:
    """``stated`` with a row's ``pypi:`` tool (``pypi:make >=4.1``) as the host tool it is
    (``system_package make>=4.1``), and a row's OS package (a ``-dev`` headers package, a
    package the row says an OS or its package manager installs) as the system package it is."""
    out = []
    for need in stated:
        name = need.subject[len("pypi:") :] if need.subject.startswith("pypi:") else ""
        text = need.text or ""
        os_package = bool(name) and (
            headers_package(name)
            or (not need.spec and bool(_ON_AN_OS.search(text)))
            or _by_manager(text)
        )
        tool = (name in HOST_TOOLS and name not in _INSTALLERS) or os_package
        spec = name + need.spec
        out.append(
            msgspec.structs.replace(need, subject="system_package", spec=spec) if tool else need
        )
    return out


_PYTHON = lazyre.compile(r"(?<![A-Za-z])python(?![A-Za-z])", re.I)
"""A row saying it names a Python library ("所依赖的Python库")."""


def os_table(rows: list[Requirement]) -> list[Requirement]:
    """A table's requirements with each unversioned ``pypi:`` row no word marks as Python made
    a system package where the table names more system packages than such rows: a dependency
    table lists one kind of thing where it does not say otherwise. msinsight's "依赖列表" names
    ``libwebkit2gtk-4.0-dev``, ``x11-apps`` and ``xfce4`` for their OS (docs/zh/install_guide/
    mindstudio_insight_install_guide.md:216-222), and ``xterm`` "for all systems" (:219) is an
    OS package as they are, never ``pypi:xterm``. A row naming pip or Python ("| click | ...
    依赖的Python库 |", :224), a version or a distribution the scan knows keeps what it is."""
    system = sum(1 for r in rows if r.subject == "system_package")
    guessed = [
        r
        for r in rows
        if r.subject.startswith("pypi:")
        and not r.spec
        and not _BY_PIP.search(r.text or "")
        and not _PYTHON.search(r.text or "")
        and not known_distribution(r.subject[len("pypi:") :])
    ]
    if not guessed or system <= len(guessed):
        return rows
    return [
        msgspec.structs.replace(r, subject="system_package", spec=r.subject[len("pypi:") :])
        if r in guessed
        else r
        for r in rows
    ]


def as_optional(stated: list[Requirement]) -> list[Requirement]:
    """What a row marked optional states: soft, the ``optional`` feature's."""
    return [msgspec.structs.replace(need, hard=False, feature=OPTIONAL) for need in stated]
