"""A host tool's least release an install script's function checks for: ``install_pigz() {``
then ``local req_ver="2.4"``, ``if command -v pigz ...`` and ``version_ge "$curr_ver"
"$req_ver"`` (hicann/asc-tools install_deps.sh:299-310; ``install_patch()`` with
``req_ver="2.7.0"``, sip install_deps.sh:301-306): the build's machine needs the tool at that
release, or the script installs it. A ``system_package`` ``<tool>>=<release>``, cited where
the release is set, the function's first line in ``also_at``; soft for a tool that only
speeds the build up (``ccache``, ``hosttools.SPEED_UPS``).

Only a function named for the tool (``install_pigz``, ``check_patch``) that probes that very
tool (``command -v``, ``which``, ``type`` or its ``--version``) and sets a variable named for a
required or least version (``req_ver``, ``REQUIRED_VERSION``, ``min_version``) to a release
is read: a function checking several tools says nothing of which one the release is for. A
tool with a subject of its own (``cmake``, ``gcc``, ``python3``: ``sysdeps.tool_subject``) is
read elsewhere, with its subject's rules.
"""

from __future__ import annotations

import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.hosttools import SPEED_UPS
from bringup.scan.probewords import PROBED, TOOL
from bringup.scan.sysdeps import tool_subject
from bringup.subjects import subject as known_subject

_FUNCTION = lazyre.compile(r"^\s{0,8}(?:function\s{1,4})?([A-Za-z_][\w-]{0,60})\s{0,4}\(\s{0,4}\)")
_END = lazyre.compile(r"^\}\s{0,8}$")
_LEAST = lazyre.compile(
    r"^\s{0,16}(?:local\s{1,4}|readonly\s{1,4}|declare\s{1,4}(?:-\w{1,4}\s{1,4})?)?"
    r"[A-Za-z_]{0,30}(?:req|required|min|minimum|least)_?(?:ver|version)\w{0,20}"
    r"=[\"']?v?(\d{1,4}(?:\.\d{1,6}){0,3})[\"']?\s{0,8}(?:#.{0,200})?$",
    re.IGNORECASE,
)
"""A variable named for a required or least version, set to a release (``local
req_ver="2.7.0"``)."""
_PROBE = lazyre.compile(rf"{PROBED}({TOOL})|\b({TOOL})\s{{1,4}}--?version\b")
"""The tool a line probes: ``command -v pigz``, ``pigz --version``."""


def _tool_of(function: str, probed: list[str]) -> str | None:
    """The tool the function is named for among those it probes (``install_pkg_config``
    probes ``pkg-config``)."""
    words = set(re.split(r"[_-]", function.lower()))
    joined = function.lower().replace("-", "_")
    for tool in probed:
        bare = tool.lower()
        if bare in words or f"_{bare.replace('-', '_')}" in f"_{joined}":
            return tool
    return None


def version_checks(file: SourceFile) -> list[Requirement]:
    """The least releases the script's functions check their tools for, one per tool."""
    found: dict[str, Requirement] = {}
    lines = file.text.split("\n")
    index = 0
    while index < len(lines):
        named = _FUNCTION.match(lines[index])
        if named is None:
            index += 1
            continue
        start = index
        end = next((i for i in range(start + 1, len(lines)) if _END.match(lines[i])), len(lines))
        body = lines[start + 1 : end]
        least = next(
            ((i, m) for i, line in enumerate(body) if "=" in line and (m := _LEAST.match(line))),
            None,
        )
        index = end + 1
        if least is None:  # most functions set no least release: their probes are not read
            continue
        tool = _tool_of(named.group(1), [a or b for line in body for a, b in _PROBE.findall(line)])
        if tool is None or tool in found:
            continue
        if tool_subject(tool) is not None or known_subject(tool) is not None:
            continue
        at, release = start + 2 + least[0], least[1]
        text = f"{named.group(1)}() checks {tool} against {release.group(0).strip()[:120]}"
        need = file.requirement(
            "system_package",
            f"{tool}>={release.group(1)}",
            at,
            text=text,
            hard=tool not in SPEED_UPS,
        )
        found[tool] = msgspec.structs.replace(need, also_at=(file.source(start + 1),))
    return list(found.values())
