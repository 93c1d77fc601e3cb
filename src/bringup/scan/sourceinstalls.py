"""Packages a guide or script builds from their sources: a project cloned, then installed from
its folder (``git clone https://github.com/Dao-AILab/flash-attention.git --recursive`` then
``cd flash-attention && python setup.py install``, ModelTC/lightx2v@9a1d4b3f
docs/EN/source/getting_started/quickstart.md:24-26), or pip-installed from its repository
(``pip install git+https://github.com/…/flash-attention.git``). Either is a need of the
project's distribution, as a ``pip install flash-attn`` would be: the release a clone's
``-b``/``--branch`` or the URL's ``@`` names, else any.

The distribution is the one the install names (PEP 508's ``name @ git+…``, ``#egg=``), else the
repository's name, or the one its project publishes under where they differ (``_PUBLISHED``:
Dao-AILab/flash-attention builds ``flash-attn``). A clone nothing installs from
(a C++ library a build script puts in ``3rdparty/``) is none; nor is the user's clone of the
repo itself (``fetches.own_clone`` drops it later)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.clones import clone_branch, clone_target
from bringup.scan.commands import (
    Command,
    pip_install_targets,
    program_name,
    python_module,
    run_program,
)
from bringup.scan.extraction import SourceFile
from bringup.scan.fetches import BUILT, USER, fetched
from bringup.scan.repodists import published_subject
from bringup.subjects import python_subject

_RELEASE = lazyre.compile(r"^(?:release[-/])?v?(\d{1,4}(?:\.\d{1,6}){1,3})$", re.IGNORECASE)
"""The release a branch, tag or ``@`` ref names, all of it a version: ``v2.7.4``, ``1.0.0``,
``release/0.21``; not a branch that ends in one (``cuda12.2``, ``release-py3.10``)."""
_GIT_REQUIREMENT = lazyre.compile(
    r"^(?:([A-Za-z][\w.-]{0,80})(?:\[[\w,. -]{0,80}\])?\s{0,3}@\s{0,3})?"
    r"(git\+[a-z]{2,8}://([^\s#]{1,500}))(#\S{0,500})?$"
)
"""A pip requirement from a repository: ``git+https://…/repo.git@v2.6.3``, PEP 508's
``flash-attn @ git+https://…`` (``deriva-qt[PyQt5]@git+https://github.com/
informatics-isi-edu/deriva-qt.git``, informatics-isi-edu/deriva-client-bundle
dev-install-prereqs.sh:4): the name it gives, the URL, its part after the scheme, and its
fragment (``#subdirectory=bindings/torch``)."""
_EGG = lazyre.compile(r"#(?:[^\s&]{0,100}&)?egg=([A-Za-z][\w.-]{0,80})")
"""The fragment after a URL that names its distribution (``#egg=authutils``)."""
_SETUP_BUILDS = frozenset({"install", "develop", "bdist_wheel", "build_ext"})
_HERE = lazyre.compile(r"^\./?(?:\[[\w,. -]{0,80}\])?$")
"""The folder a command runs in, as ``pip install`` names it: ``.``, ``./``, ``.[dev]``."""
_EXTRAS = lazyre.compile(r"\[[\w,. -]{0,80}\]$")


def _spec(ref: str) -> str:
    release = _RELEASE.search(ref)
    return f"=={release.group(1)}" if release else ""


def _git_requirement(command: Command) -> tuple[str, str, str, str] | None:
    """``(the distribution named, the URL, the repository, the ref)`` of a ``pip install`` from a
    repository: the name PEP 508 or ``#egg=`` gives ("" for none), the URL less its user
    info (``git+https://git@github.com/uc-cdis/authutils.git@1.2.3#egg=authutils``,
    uc-cdis/sheepdog sheepdog/auth/__init__.py:6) and the ``@`` ref after it."""
    if pip_install_targets(command.argv) is None:
        return None
    for arg in command.argv:
        found = _GIT_REQUIREMENT.match(arg)
        if found is not None:
            egg = _EGG.match(found.group(4) or "")
            named = found.group(1) or (egg.group(1) if egg else "")
            repository, _, ref = USER.sub("", found.group(3)).partition("@")
            return named, found.group(2), repository, ref
    return None


def installs_here(argv: tuple[str, ...]) -> bool:
    """Whether a command installs the project in the folder it runs in: ``python setup.py
    install``, ``pip install .``, ``pip install -e .``."""
    if program_name(argv).startswith("python") and argv[1:2] == ("setup.py",):
        return bool(_SETUP_BUILDS.intersection(argv[2:]))
    if pip_install_targets(argv) is None or python_module(argv) not in (None, "pip"):
        return False
    return any(_HERE.match(arg) for arg in argv)


def installed_folder(folder: str | None, argv: tuple[str, ...]) -> str:
    """The folder a command installs from: the one it runs in (``installs_here``), or the one
    ``pip install`` names (``pip install -e ./flash-attention``, ``pip install -e apex``: an
    editable install is of a folder), below the one it runs in; "" for none."""
    if folder and installs_here(argv):
        return folder
    if pip_install_targets(argv) is None:
        return ""
    editable = [b for a, b in zip(argv, argv[1:]) if a in ("-e", "--editable")]
    paths = [a for a in argv if a.startswith("./") or a.endswith("/")] + editable
    named = [_EXTRAS.sub("", a).removeprefix("./").rstrip("/") for a in paths]
    if not named or not named[0] or named[0].startswith((".", "/")) or ":" in named[0]:
        return ""
    return (_moved(folder, ("cd", named[0])) or "") if folder is not None else named[0]


def _cloned_into(
    clones: dict[str, tuple[str, str, int]], folder: str
) -> tuple[str, str, int] | None:
    """The clone ``folder`` lies in (its own folder or one below: ``flash-attention/hopper``),
    the innermost where clones nest (the repo's own clone holding the next one's)."""
    inside = [p for p in clones if folder and (folder == p or folder.startswith(p + "/"))]
    return clones[max(inside, key=len)] if inside else None


def _moved(folder: str | None, argv: tuple[str, ...]) -> str | None:
    """The folder after ``cd``: relative ones followed from ``folder``, an absolute one or the
    home folder (``cd /tmp``, ``cd ~``) kept as a place the block names (its root an opaque
    ``<root>`` or ``~``), any other (``cd $X``, ``cd -``, out of the block's start) lost
    (``None``)."""
    target = argv[1] if len(argv) > 1 else "~"
    if target.startswith(("$", "-")):
        return None
    if target.startswith(("/", "~")):
        root, _, target = target.partition("/")
        parts = [root or "<root>"]
    elif folder is None:
        return None
    else:
        parts = [p for p in folder.split("/") if p]
    for part in target.split("/"):
        if part == ".." and parts[-1:] in (["<root>"], ["~"]):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def source_installs(
    file: SourceFile, commands: Sequence[Command], *, hard: bool
) -> list[Requirement]:
    """The distributions ``commands`` (one script or code block, in order) clone and install
    from the clone's folder, or pip-install from a repository URL; one each."""
    clones: dict[str, tuple[str, str, int]] = {}  # its folder -> (url, branch, line)
    folder: str | None = ""
    found: dict[str, Requirement] = {}

    def need(
        url: str, ref: str, line: int, also: int | None, words: str, *, named: str = ""
    ) -> None:
        subject = python_subject(named) if named else published_subject(url)
        if subject is None or subject in found:
            return
        requirement = file.requirement(
            subject, _spec(ref), line, text=words, confidence="medium", hard=hard
        )
        if also is not None and also != line:
            requirement = msgspec.structs.replace(requirement, also_at=(file.source(also),))
        found[subject] = requirement

    for command in commands:
        program, args = run_program(command.argv)  # past sudo (``sudo pip install .``)
        argv = (program, *args) if program else command.argv
        url = fetched(command)
        from_git = _git_requirement(command)
        if argv[:2] == ("git", "clone") and url is not None:
            place, branch = clone_target(command, url), clone_branch(command.argv)
            if folder is not None:
                clones[_moved(folder, ("cd", place)) or place] = (url, branch, command.line)
        elif argv[:1] == ("cd",):
            folder = _moved(folder, argv)
        elif from_git is not None:
            named, url, repository, ref = from_git
            need(repository, ref, command.line, None, BUILT + url, named=named)
        else:
            cloned = _cloned_into(clones, installed_folder(folder, argv))
            if cloned is not None:
                repository, branch, at = cloned
                need(repository, branch, command.line, at, BUILT + repository)
    return list(found.values())
