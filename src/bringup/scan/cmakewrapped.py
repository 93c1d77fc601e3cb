"""Downloads through a fetch helper another project defines: a call the repo's CMake makes to
a function named for declaring or fetching a dependency (``hpcc_declare_git_dep``,
``hpcc_declare_pkg_dep``: the helpers of OpenPPL's hpcc, which the configure fetches first,
openppl-public/ppl.llm.kernel.cuda cmake/deps.cmake:90-93, 119-125, 140-147), given a remote
address. The helper's body is not in the repo, so the call is where the download is stated:
one ``network`` need per address, cited where the address is written (the ``set`` of the
variable handed over, or the call's own argument) and at the call; a helper named for git
(``*_git_*``) clones, so ``git`` too. A function or macro the file defines itself is read in
its body (``scan.cmake_vocab``), not at its calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import REFERENCE, line_of, resolved_url
from bringup.scan.extraction import SourceFile

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand

_HELPER = lazyre.compile(r"^[a-z]\w*_(?:declare|fetch|download)_(?:\w+_)?(?:dep|deps|pkg|package)$")
"""A helper's name: a verb that gets code, then what it gets (``hpcc_declare_git_dep``)."""
_GIT = lazyre.compile(r"_git_")
_REMOTE = lazyre.compile(r"^(?:https?|ftp|git|ssh)://")


def wrapped_downloads(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """The ``network`` (and ``git``) needs of the file's calls to fetch helpers it does not
    define."""
    lines = file.text.split("\n")
    defined = {c.args[0].lower() for c in commands if c.name in ("function", "macro") and c.args}
    values: dict[str, str] = {}
    set_at: dict[str, int] = {}
    found: list[Requirement] = []
    for name, args, line in commands:
        if name == "set" and len(args) >= 2:
            values.setdefault(args[0], args[1])
            set_at.setdefault(args[0], line)
            continue
        if not _HELPER.match(name) or name in defined or not args:
            continue
        for written in args[1:]:
            url = resolved_url(written, values)
            if url is None or not _REMOTE.match(url):
                continue
            held = REFERENCE.fullmatch(written)
            at = set_at.get(held.group(1), line) if held else line_of(lines, written, line)
            text = f"{name}({args[0]} {written}): the configure fetches {args[0]} from {url}"
            needs = [file.requirement("network", f"{args[0]} from {url}", at, text=text)]
            if _GIT.search(name):
                needs.append(file.requirement("system_package", "git", at, text=text))
            found.extend(
                msgspec.structs.replace(r, also_at=(file.source(line),)) if at != line else r
                for r in needs
            )
    return found
