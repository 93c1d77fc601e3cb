"""The repos a repo's own setup script clones at a pinned release: its dependencies.

Some repos are brought up by a script that clones the projects they patch or run on and puts
them on ``PYTHONPATH`` instead of installing them (MindSpeed-Core-MS auto_convert_llm.sh:45
``git clone -b v4.47.0 https://github.com/huggingface/transformers.git``): each clone is a
dependency at the release its ``-b``/``--branch`` names when the script puts the clone on
``PYTHONPATH`` or pip-installs it (a C++ library a build script clones into ``3rdparty/`` is
no Python dependency), and every clone needs the network. A test, benchmark, lint or CI
script's clones are its own (``NOT_INSTALLING``); a clone of the repo itself is how the
user got it (``fetches.own_clone`` drops it later).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.commands import Command
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import WORDS, fetched
from bringup.scan.shellguards import NOT_INSTALLING
from bringup.scan.tablecells import cell_subject
from bringup.subjects import python_subject

_RELEASE = lazyre.compile(r"(?:^|[^\d.])v?(\d+(?:\.\d+)+)$")
"""The release a branch or tag names: ``v4.47.0``, ``1.0.0``, Megatron's ``core_r0.6.0``."""
_VALUED = frozenset({"-b", "--branch", "--depth", "-o", "--origin", "-c", "--config", "-j"})
"""``git clone`` options whose value is the next argument."""
_NAME = lazyre.compile(r"^[A-Za-z][\w.-]*$")


def clone_branch(argv: tuple[str, ...]) -> str:
    """The branch or tag ``git clone -b X`` / ``--branch=X`` checks out; "" for none."""
    for index, arg in enumerate(argv):
        name, _, value = arg.partition("=")
        if name in ("-b", "--branch"):
            return value or (argv[index + 1] if index + 1 < len(argv) else "")
    return ""


def clone_dir(words: Sequence[str]) -> str:
    """The directory ``git clone <words>`` lands in: the operand after the URL, else the
    URL's name; "" where ``words`` name no URL."""
    after = list(words)
    named = []
    while after:
        arg = after.pop(0)
        if arg in _VALUED:
            after = after[1:]
        elif not arg.startswith("-"):
            named.append(arg)
    if not named:
        return ""
    if len(named) > 1:
        return named[1].rstrip("/")
    return named[0].rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")


def clone_target(command: Command, url: str) -> str:
    """The directory a clone lands in: the argument after the URL, else the URL's name."""
    argv = command.argv
    return clone_dir(argv[argv.index(url) :] if url in argv else (url,))


def _used(text: str, commands: list[Command], folder: str) -> bool:
    """Whether the script puts ``folder`` on ``PYTHONPATH`` or pip-installs it."""
    at = re.compile(rf"(?:^|[/:=\s\"'$}}]){re.escape(folder)}(?:/|:|\s|$|\"|')")
    paths = (line for line in text.splitlines() if "PYTHONPATH" in line)
    pips = (" ".join(c.argv) for c in commands if "install" in c.argv and "pip" in c.text)
    return any(at.search(line) for line in [*paths, *pips])


def _dependency(file: SourceFile, command: Command, url: str) -> Requirement | None:
    name = url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
    if not _NAME.match(name):
        return None
    subject = cell_subject(name)
    if subject is None or not subject.startswith("pypi:"):
        subject = python_subject(name)
    branch = clone_branch(command.argv)
    release = _RELEASE.search(branch)
    return file.requirement(
        subject,
        f"=={release.group(1)}" if release else "",
        command.line,
        text=f"cloned: {name}" + (f" at {branch}" if branch else ""),
        confidence="medium",
    )


def cloned_dependencies(
    file: SourceFile, commands: list[Command], known: list[Requirement]
) -> list[Requirement]:
    """A dependency per repo the script clones, and the network each clone needs unless
    ``known`` (what an install script's reading found) says it already."""
    if NOT_INSTALLING.search(file.rel.rsplit("/", 1)[-1]):
        return []
    found: list[Requirement] = []
    for command in commands:
        if command.argv[:2] != ("git", "clone"):
            continue
        url = fetched(command)
        if url is None or not re.match(r"^(?:https?://|git@)", url):
            continue
        folder = clone_target(command, url)
        if _used(file.text, commands, folder):
            dependency = _dependency(file, command, url)
            found.extend([dependency] if dependency else [])
        if not any(k.subject == "network" and k.source.line == command.line for k in known):
            found.append(
                file.requirement(
                    "network", url, command.line, text=WORDS + url, confidence="medium"
                )
            )
    return found
