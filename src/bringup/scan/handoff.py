"""Environment variables the repo's own build scripts hand to the parts they run.

A build script that ``export``s a variable from what it computed itself (``export
MINDIE_SERVICE_SRC_DIR=$(realpath $(dirname $0)/..)``, MindIE-Motor ci/build.sh:40;
``[ -z "$BUILD_MIES_3RDPARTY_INSTALL_DIR" ] && export BUILD_MIES_3RDPARTY_INSTALL_DIR=
"$BUILD_MIES_3RDPARTY_ROOT_DIR"/install``, its build/build.sh:35) sets it for the scripts
and CMake configures it runs: their stop without it (ci/build_3rdparty.sh:15, mindie_motor/
src/CMakeLists.txt:9 ``if(NOT DEFINED ENV{BUILD_MIES_3RDPARTY_INSTALL_DIR}) message(
FATAL_ERROR ...)``) checks the hand-over, not the user's machine. Only a value made of the
script's own variables, its location or a command's output counts: a copy of another
environment variable (``export ASCEND_HOME_PATH=$ASCEND_TOOLKIT_HOME``), a literal path
(a default the user may override) or the variable's own value (``${X:-/usr/local/x}``)
passes the need on. What a guide tells the user to set stays theirs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bringup import lazyre
from bringup.model import Requirement

_EXPORT = lazyre.compile(
    r"^[ \t]*(?:\[\[?[^\n]*?\]\]?[ \t]*(?:&&|\|\|)[ \t]*)?export[ \t]+([A-Z][A-Z0-9_]*)=([^\n]+)$",
    re.MULTILINE,
)
_ASSIGNED = lazyre.compile(
    r"^[ \t]*(?:export[ \t]+|local[ \t]+|readonly[ \t]+)?([A-Za-z_]\w*)=([^\n]*)$", re.MULTILINE
)
_COMPUTED = lazyre.compile(r"\$\(|`|\$\{?0\b|BASH_SOURCE|\$\{?PWD\b")
"""A value the script computes: a command's output, or where the script lies or runs."""
_NAMES = lazyre.compile(r"\$\{?([A-Za-z_]\w*)")
_DEPTH = 4


def _computed(value: str, values: Mapping[str, list[str]], depth: int = _DEPTH) -> bool:
    """Whether ``value`` is computed by the script (``_COMPUTED``), itself or through the
    script's own variables it is made of (``values``: what the script assigns each), not
    a literal path (``toolkit=/opt/Ascend/ascend-toolkit`` then ``export ASCEND_HOME_PATH=
    ${toolkit}/latest``: one machine's toolkit, a default the user's environment may
    override)."""
    if _COMPUTED.search(value):
        return True
    return depth > 0 and any(
        _computed(assigned, values, depth - 1)
        for name in _NAMES.findall(value)
        for assigned in values.get(name, ())
    )


def exported_by_scripts(scripts: Mapping[str, str]) -> dict[str, set[str]]:
    """The variables each script (``ref`` -> text) exports from what it computed itself,
    with the scripts that do."""
    found: dict[str, set[str]] = {}
    for ref, written in scripts.items():
        if "export" not in written:
            continue
        text = without_heredocs(written)
        values: dict[str, list[str]] = {}
        for assigned, value in _ASSIGNED.findall(text):
            values.setdefault(assigned, []).append(value)
        for match in _EXPORT.finditer(text):
            values.setdefault(match.group(1), []).append(match.group(2))
        for match in _EXPORT.finditer(text):
            name, value = match.groups()
            if not _computed(value, values):
                continue  # a literal: a default the user may override
            read = set(_NAMES.findall(value))
            before = set(_NAMES.findall(_EXPORT.sub("", text[: match.start()])))
            # the variable's own value, or another environment variable's, passes it on, as
            # does a script that read it before (shmem scripts/build.sh:11-16 copies
            # ``$ASCEND_HOME_PATH`` to ``_ASCEND_INSTALL_PATH`` and exports that back)
            if name in read | before or any(n.upper() == n and n not in values for n in read):
                continue
            found.setdefault(name, set()).add(ref)
    return found


_HEREDOC = lazyre.compile(r"<<(-?)[ \t]*([\"']?)([A-Za-z_]\w{0,40})\2")


def without_heredocs(text: str) -> str:
    """``text`` with the bodies of its here-documents blanked (their lines kept, empty): an
    ``export`` there is a line of the file the script writes (``cat > "$ENV_SH" <<EOF`` …
    ``export NCCL_DIR="${nccl_dir}"``, Cryspia/cann-on-gpu@9b6420d5 deploy.sh:601-652, the
    env.sh its README has the user source before ``make -C cuda``), not one it runs: the
    variable is handed to the user, whose environment the build then reads."""
    if "<<" not in text:
        return text
    lines = text.split("\n")
    end: str | None = None
    tabs = False
    for index, line in enumerate(lines):
        if end is not None:
            lines[index] = ""
            if (line.lstrip("\t") if tabs else line) == end:
                end = None
            continue
        opened = _HEREDOC.search(line) if "<<" in line else None
        if opened is not None:
            tabs, end = bool(opened.group(1)), opened.group(3)
    return "\n".join(lines)


def handed_over(
    requirements: list[Requirement], scripts: Mapping[str, str], docs: frozenset[str]
) -> list[Requirement]:
    """``requirements`` less the ``env_var`` needs of build files (not the guides, ``docs``:
    their refs) that another of the repo's build ``scripts`` exports (``exported_by_scripts``)."""
    exported = exported_by_scripts(scripts)
    return [
        r
        for r in requirements
        if r.subject != "env_var"
        or r.source.ref in docs
        or not exported.get(r.spec, set()) - {r.source.ref}
    ]
