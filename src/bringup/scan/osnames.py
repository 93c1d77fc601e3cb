"""The operating systems the scan's readers name, written once: each reader builds its
pattern from these alternations (each a regex alternation without a group, for
case-insensitive patterns) and spells a match with ``os_name``."""

from __future__ import annotations

import re

DISTRIBUTIONS = (
    r"Ubuntu|Debian|CentOS|RHEL|Fedora|openEuler|EulerOS|Kylin|SUSE|SLES|Rocky|AlmaLinux"
)
"""The Linux distributions a repo names as where it runs."""
OS_NAMES = rf"Linux|Windows|Mac\s?OS(?:\s?X)?|OS\s?X(?![\w-])|{DISTRIBUTIONS}"
"""Every OS a support statement lists: Linux, its distributions, Windows, macOS (also by its
old name "OSX", facebookresearch/faiss@02dbb4e4 INSTALL.md:77; not the "OS x" of "OS x86_64")."""


def os_name(label: str) -> str:
    """A matched name in our spelling: lower case, any spelling of macOS ``macos``."""
    bare = re.sub(r"\s", "", label.lower())
    return "macos" if bare.startswith(("mac", "osx")) else bare
