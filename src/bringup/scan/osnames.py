"""The operating systems the scan's readers name, written once: each reader builds its
pattern from these alternations (each a regex alternation without a group, for
case-insensitive patterns) and spells a match with ``os_name``."""

from __future__ import annotations

import re

DISTRIBUTIONS = (
    r"Ubuntu|Debian|CentOS|RHEL|Fedora|openEuler|EulerOS|Kylin|SUSE|SLES|Rocky|AlmaLinux"
)
"""The Linux distributions a repo names as where it runs."""
OS_NAMES = rf"Linux|Windows|Mac\s?OS(?:\s?X)?|{DISTRIBUTIONS}"
"""Every OS a support statement lists: Linux, its distributions, Windows, macOS."""


def os_name(label: str) -> str:
    """A matched name in our spelling: lower case, any spelling of macOS ``macos``."""
    bare = re.sub(r"\s", "", label.lower())
    return "macos" if bare.startswith("mac") else bare
