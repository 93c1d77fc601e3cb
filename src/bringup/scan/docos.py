"""The operating system and platform a document's words name.

A note, list item or section about one OS other than Linux states what that OS needs; an
install section per OS ("### Linux" under "Installation") names one the repo supports; a Linux
platform tag in a package name (``manylinux_2_28_aarch64``, ``linux-${arch}``) says the package
is built for Linux.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.osnames import DISTRIBUTIONS, OS_NAMES

OS_HEADING = lazyre.compile(rf"{OS_NAMES}|欧拉", re.I)
_ONE_OS = lazyre.compile(
    r"(?<![A-Za-z])(?:(?P<windows>Windows|Win(?:32|64))|(?P<macos>macOS|Mac\s?OS(?:\s?X)?|OS\s?X|Darwin))"
    r"(?![A-Za-z])",
    re.I,
    guard=True,
)
_LINUX = lazyre.compile(
    rf"(?<![A-Za-z])(?:Linux|{DISTRIBUTIONS})(?![A-Za-z])|欧拉",
    re.I,
    guard=True,
)
_UNSUPPORTED = lazyre.compile(r"not\s+(?:yet\s+)?supported|unsupported|不支持", re.I, guard=True)
"""A note, list item or section about one OS other than Linux ("On Windows x86-64, separate
builds are provided for <Toolkit> 11.8–12.6", "对于 Windows 用户", "### macOS") states what that OS
needs: soft here, where the machines are Linux. One saying the OS is unsupported is about the
repo; a host name in a URL names no OS."""
QUALIFIER = lazyre.compile(
    r"\[?\(?\b(?:experimental|beta|preview|unsupported)\b\)?\]?|实验性?", re.I, guard=True
)
INSTALL_PATH = lazyre.compile(r"install|build|from\s+source|setup|安装|编译|部署", re.I)
PLATFORM_TAG = lazyre.compile(
    r"(?<![A-Za-z])(?:many)?linux(?:[-_]\d+_\d+)?[-_]"
    r"(?:(?:x86_64|aarch64|arm64|sbsa)(?![A-Za-z0-9])|\$?\{\w{0,40}arch\w{0,40}\}|"
    r"\\?<\*{0,2}\w{0,40}arch\w{0,40}\*{0,2}>|\$\(\s{0,8}(?:uname\s{1,8}-[mp]|arch)\s{0,8}\)|"
    r"\$\w{0,40}arch\w{0,40})",
    re.I,
    guard=True,
)
"""A Linux platform tag; the CPU may be a placeholder (``linux_{arch}.whl``,
``_linux-${arch}.run``, ``linux-<arch>``, ``linux-$(uname -m)``, ``linux-$(arch)``; in a
Markdown table, its emphasis and escapes kept: ``linux_<*arch>*.whl``, ``linux-\\<*arch*>``):
built for Linux, any CPU. A placeholder's name is bounded on each side of "arch": ``\\w*arch\\w*}``
tried every "arch" of a long word with every length of its rest (100 KB took 22 s)."""


def each_arch(tag: str) -> bool:
    """Whether the platform tag ``tag`` (a ``PLATFORM_TAG`` match) leaves its CPU to the
    reader (``linux_{arch}``, ``linux-$(arch)``): one package per architecture."""
    return any(mark in tag for mark in "{<$")


@functools.cache
def _urls() -> Any:
    """URLs and host names, matched by RE2 in linear time: a paragraph is untrusted text, and
    Python's engine retries a leading ``\\w+`` at each character of a long word, quadratic in
    its length (a 100,000-digit number took a minute). Letters, digits and spaces are Unicode's,
    as Python's ``\\w`` and ``\\s`` are; RE2's ``\\b`` is ASCII's."""
    import re2

    return re2.compile(r"[\pL\pN_]+://[^\s\pZ]+|\b[\pL\pN_.-]+\.(?:net|com|org|io)\b[^\s\pZ]*")


def one_os(text: str) -> str | None:
    """The one OS other than Linux ``text`` is about (``Windows``, ``macOS``); ``None`` when it
    names none, several, or Linux too."""
    # most texts name no such OS: blanking the URLs (RE2, the costly part) cannot make one
    # appear, a URL running to the next space and never starting right after a letter
    if _ONE_OS.search(text) is None:
        return None
    text = _urls().sub(" ", text)  # blob.core.windows.net names no OS
    if _LINUX.search(text) or _UNSUPPORTED.search(text):
        return None
    named = {"Windows" if m.group("windows") else "macOS" for m in _ONE_OS.finditer(text)}
    return named.pop() if len(named) == 1 else None


_FOLD = lazyre.compile(r"<(/?)details\b|<summary>(.*?)</summary>", re.I)


class FoldedOs:
    """The OS of the collapsed sections (``<details>``) a line of a Markdown page is in, by
    their ``<summary>``: "For Windows users" folds the steps of another OS, headings and
    paragraphs inside saying so or not (hiyouga/LLaMA-Factory@ff6d4d12 README.md:575-588,
    ``pip install bitsandbytes`` under "#### Install BitsAndBytes", was a Linux step,
    outsider9 #11)."""

    def __init__(self) -> None:
        self.open: list[str | None] = []

    def line(self, text: str) -> bool:
        """Read a line; whether it opened, named or closed a section."""
        found = False
        for match in _FOLD.finditer(text) if "<" in text else ():
            found = True
            if match.group(2) is not None:
                if self.open:
                    self.open[-1] = one_os(re.sub(r"<[^>]*>", " ", match.group(2)))
            elif match.group(1):
                self.open = self.open[:-1]
            else:
                self.open.append(None)
        return found

    def os(self) -> str | None:
        """The OS of the innermost section that names one."""
        return next((named for named in reversed(self.open) if named), None)


def os_section(file: SourceFile, path: list[tuple[int, str]], line: int) -> list[Requirement]:
    """An install section per operating system ("### Linux", "### [Experimental] Windows"
    under "Installation", the heading ``path``'s last) names one the repo supports: an ``os``
    alternative, soft when the heading calls it experimental."""
    heading = path[-1][1] if path else ""
    name = OS_HEADING.fullmatch(QUALIFIER.sub("", heading).strip())
    above = " / ".join(t for _, t in path[:-1])
    if name is None or not INSTALL_PATH.search(above):
        return []
    hard = not QUALIFIER.search(heading)
    text = f"install section: {heading}"
    return [file.requirement("os", name.group(0).lower(), line, text=text, hard=hard)]
