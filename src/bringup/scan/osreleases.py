"""The OS releases a list of supported platforms or a table cell names, read apart from the
clause's architectures and OS names (``platforms``)."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.osnames import DISTRIBUTIONS
from bringup.scan.platforms import Found, os_sentence

_OS_RELEASE = lazyre.compile(
    rf"^\s*({DISTRIBUTIONS}|Euler\s?OS|SLE)"
    r"\s*(\d+(?:\.\d+)*)",
    re.IGNORECASE,
)


def os_release(text: str) -> tuple[str, str] | None:
    """``(name, release)`` of an OS release a table cell starts with ("Ubuntu 22.04.5",
    "openEuler 22.03 SP4")."""
    match = _OS_RELEASE.match(text)
    return (match.group(1), match.group(2)) if match is not None else None


_SUPPORTED = lazyre.compile(
    r"\b(?:supported|tested|validated|verified)\s+(?:platforms?|OSe?s|operating\s+systems|"
    r"distributions|distros|environments?)\b|\b(?:platforms?|OSe?s|operating\s+systems|"
    r"distributions)\s+(?:supported|tested)\b|支持的?(?:操作系统|平台)|操作系统\s*[:：]",
    re.I,
    guard=True,
)
_DISTROS = rf"({DISTRIBUTIONS}|SLE|Leap)"
_DISTRO_RELEASE = lazyre.compile(
    rf"(?<![A-Za-z0-9]){_DISTROS}[\s_-]?(\d+(?:[._]\d+)*)(?![\d_])", re.I
)
_LISTED_RELEASE = lazyre.compile(rf"(?<![A-Za-z]){_DISTROS}\s?(\d+(?:\.\d+)*)(?![\d_])", re.I)
"""An OS release in a list whose items lost the marks between them ("CentOS 7.6openEuler
20.03" of ``<li>CentOS 7.6</li><li>openEuler 20.03</li>``, IndexSDK
docs/zh/01_introduction.md:87): a digit may end the item before."""


def release_spec(release: str) -> str:
    """An OS release as its ``VERSION_ID`` reads (``22.04`` of Ubuntu 22.04.5, ``8`` of
    RHEL8, ``20_04`` spelled with an underscore), any point release of it."""
    parts = release.replace("_", ".").split(".")
    return "==" + ".".join(parts[:2]) + ".*"


def distro_releases(text: str) -> list[tuple[str, str]]:
    """``(name, release)`` of each OS release a list ``text`` names."""
    return [(m.group(1), m.group(2)) for m in _LISTED_RELEASE.finditer(text)]


_NO_OS_WORD = lazyre.compile(
    r"(?<![A-Za-z0-9])(?:x86[_-]64|x86|amd64|x64|aarch64|arm64|LTS|SP\d*)(?![A-Za-z0-9])|[\W_]+",
    re.IGNORECASE,
)
"""What is left of an OS list beside its releases that names no OS: its CPU's label
("AArch64：" before the items), "LTS", a service pack, marks."""


def unread_releases(text: str) -> str:
    """What an OS list ``text`` names beside the releases read ("Kylin V11", "AliOS3", "UOS V20"):
    members of the any-of its spec cannot hold."""
    return _NO_OS_WORD.sub(" ", _LISTED_RELEASE.sub(" ", text)).strip()


def supported_releases(clause: str) -> list[Found]:
    """The OS releases a list of supported platforms names ("The supported platforms are
    RHEL8, RHEL9, Ubuntu20_04, Ubuntu22_04, SLE-15 (any SP) and Leap 15.x.", gdrcopy
    README.md:81-83; "操作系统为 Ubuntu 22.04 或 openEuler 24.03", MultimodalSDK
    docs/zh/03_installation_guide/installation_guide.md:5): one ``os_version`` any-of, several
    distributions' releases, which a release number alone cannot tell apart (the caller makes
    it soft)."""
    label = _SUPPORTED.search(clause) or os_sentence(clause)
    if label is None:
        return []
    releases = list(_DISTRO_RELEASE.finditer(clause, label.end()))
    if len({m.group(1).lower() for m in releases}) < 2:
        return []
    spec = " || ".join(dict.fromkeys(release_spec(m.group(2)) for m in releases))
    return [("os_version", spec, clause.strip(), releases[0].start())]
