"""A build tool needed without its release: named by its version's name in a needed clause,
the release kept elsewhere (issue 11, the host-tool statements of scan16)."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.scan.mention import Mention, right_before

TOOLS = frozenset({"cmake", "ninja", "gcc", "clang"})
"""The build tools an install sentence or a version's name counts unversioned."""
_VERSION_AFTER = lazyre.compile(r"[`'\"]?\s*(?:版本|versions?\b)", re.IGNORECASE)
_VERSION_OF = lazyre.compile(r"\bversions?\s+of\s+(?:the\s+|your\s+)?[`'\"]?$", re.IGNORECASE)


def version_named(subject: str, clause: str, match: re.Match[str]) -> bool:
    """A build tool whose version a needed clause is about, no release given ("CANN 软件包版本、
    GCC 版本和 Python 版本以统一镜像制作指南为准", msopprof docs/zh/install_guide/
    msopprof_install_guide.md:34; "the version of GCC that you're using matches the current NVCC
    capabilities", xformers README.md:98): needed, its release kept elsewhere."""
    return subject in TOOLS and (
        _VERSION_AFTER.match(clause, match.end()) is not None
        or right_before(_VERSION_OF, clause, match.start())
    )


def released_elsewhere(found: list[Mention]) -> list[Mention]:
    """``found`` without a tool's unversioned need where the same text gives its release: the
    version named as a pointer ("For the recommended GCC version, please refer to ... If the
    GCC version is earlier than 9.4.0", triton-ascend docs/en/installation_guide.md:240-241)
    says nothing more."""
    released = {m.subject for m in found if m.spec}
    return [m for m in found if m.spec or m.subject not in released or m.subject not in TOOLS]
