"""Which CMake fetches have an archive to download instead of a clone: git is the build's need
only where every way it fetches a dependency runs git.

rapids-cmake's bootstrap, copied into the repos that use it (rapidsai/rmm@1c8d9e8f
cmake/RAPIDS.cmake:64-70, NVIDIA/MatX, rapidsai/raft), declares ``rapids-cmake`` with a
``GIT_REPOSITORY`` under ``if(rapids-cmake-fetch-via-git)`` and with a ``URL`` (a GitHub
archive) in its ``else``: the configure downloads the archive unless asked to clone, and git is
no need. A ``URL`` no known remote address fills (``URL ${PPLNN_DEP_HPCC_PKG}``, the user's
own package, openppl-public/ppl.llm.kernel.cuda cmake/deps.cmake:56-57) is no such way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup import lazyre
from bringup.scan.cmakelex import resolved_url

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

FETCHERS = frozenset({"fetchcontent_declare", "externalproject_add"})
_REMOTE = lazyre.compile(r"^(?:https?|ftp)://")


def archived(commands: Sequence[CMakeCommand]) -> frozenset[str]:
    """The names (lower-cased) the file's fetch commands declare with a remote ``URL``;
    ``set`` values are read as the file gives them, first one kept."""
    values: dict[str, str] = {}
    names: set[str] = set()
    for name, args, _ in commands:
        if name == "set" and len(args) >= 2:
            values.setdefault(args[0], args[1])
        elif name in FETCHERS and args:
            urls = [args[i + 1] for i in range(len(args) - 1) if args[i] == "URL"]
            resolved = [resolved_url(u, values) for u in urls]
            if any(u is not None and _REMOTE.match(u) for u in resolved):
                names.add(args[0].lower())
    return frozenset(names)
