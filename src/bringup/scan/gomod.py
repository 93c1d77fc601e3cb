"""``go.mod``: what a Go module needs to build, read as the Go modules reference documents the
file (go.dev/ref/mod#go-mod-file), nothing more.

The file is lines of ``verb arguments``; a verb may factor its lines into a block (``require
(`` ... ``)``), and ``//`` starts a comment. Three verbs say what the machine needs:

- ``go 1.18``: the least Go release the module needs (advisory before Go 1.21, then
  mandatory: a newer go line makes an older toolchain refuse), a hard ``system_package``
  ``go>=1.18`` (the Go toolchain is a system package, as the truths write it);
- ``toolchain go1.24.1``: the toolchain the module suggests, stricter than its ``go`` line;
  the go command switches to it when older (``GOTOOLCHAIN=auto``), a soft floor;
- ``require``: the modules the build downloads from the module proxy (``GOPROXY``): one
  ``network`` need, at the first ``require`` line, unless every required module is replaced
  by a directory of the checkout (``replace x => ../x``) or the module vendors its
  dependencies: with ``vendor/modules.txt`` beside go.mod and a go line of 1.14 or later the
  go command builds from ``vendor/`` (``-mod=vendor`` by default), offline (``go_modules``).

A script or Makefile of the repo running the go command (``go build``) is a place of the top
go.mod's Go release, not a need of its own.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import NamedTuple

import msgspec

from bringup import lazyre
from bringup.linecount import line_counter
from bringup.model import Requirement, Source, file_source
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.walk import RepoFile

GO_MOD = "gomod"
"""The file kind ``walk`` gives go.mod."""
_OPEN = lazyre.compile(r"\(")
"""A block's opening parenthesis, a token of its own even when written against the verb
(``require(``: the go.mod lexer splits identifiers at punctuation)."""
_RELEASE = lazyre.compile(
    r"^([1-9]\d{0,3}\.(?:0|[1-9]\d{0,3})(?:\.(?:0|[1-9]\d{0,3}))?)(?:[a-z]{1,10}\d{1,4})?$"
)
"""The release of a go line (``GoVersionRE`` of golang.org/x/mod/modfile: ``1.18``,
``1.21.0``, ``1.22rc1``), its pre-release suffix left out."""
_TOOLCHAIN = lazyre.compile(r"^go(1\.\d{1,4}(?:\.\d{1,4})?)(?![\d.])")
"""A toolchain name: ``go1.21.3``, ``go1.20.3-gccgo``; ``default`` names none."""
_LOCAL = ("./", "../", "/")
"""A replacement that is a directory (``=> ../x``), not a module version to download."""
MODULES = "Go modules of go.mod from the module proxy"
"""The spec of the download need."""
_SCRIPTS = frozenset({"shell", "makefile"})
_GO_RUN = lazyre.compile(
    r"(?:^|[;&|(!]|\b(?:then|do|if))[ \t]{0,40}go[ \t]{1,8}"
    r"(?:build|install|run|test|generate|get|vet|mod)\b",
    re.MULTILINE,
)
"""The go command run by a script's or a recipe's line, first or after ``if !`` (``go build
-mod=mod``, Ascend/ascend-npu-exporter build/build.sh:47; ``if ! (go test -v -race``,
build/test.sh:22): a place of the go line's need, not a need of its own, since the go.mod of
the module it builds states which Go (a help text's "go - build the Go bindings", cuvs
build.sh:30, runs nothing)."""


class _Line(NamedTuple):
    """A directive: its line, verb and arguments, and where it is stated (its block's
    opening line, ``require (``, or its own)."""

    number: int
    verb: str
    args: tuple[str, ...]
    stated: int


def _uncommented(line: str) -> str:
    """``line`` before its ``//`` comment (one inside a quoted string is no comment)."""
    parts = line.split('"')
    for index in range(0, len(parts), 2):
        cut = parts[index].find("//")
        if cut >= 0:
            return '"'.join([*parts[:index], parts[index][:cut]])
    return line


def _lines(text: str) -> list[_Line]:
    """Each directive of ``text`` as (line, verb, arguments), a block's lines under its verb."""
    found: list[_Line] = []
    block, opened = "", 0
    for number, raw in enumerate(text.splitlines(), start=1):
        words = tuple(w.strip('"`') for w in _OPEN.sub(" ( ", _uncommented(raw)).split())
        if not words:
            continue
        if block:
            if words == (")",):
                block = ""
            else:
                found.append(_Line(number, block, words, opened))
        elif words[1:] == ("(",):
            block, opened = words[0], number
        else:
            found.append(_Line(number, words[0], words[1:], number))
    return found


def _release(version: str) -> tuple[int, ...] | None:
    matched = _RELEASE.match(version)
    return tuple(int(p) for p in matched.group(1).split(".")) if matched else None


def go_release(text: str) -> tuple[int, ...] | None:
    """The release of the go line of a go.mod ``text``, None without one."""
    for line in _lines(text):
        if line.verb == "go" and line.args:
            return _release(line.args[0])
    return None


def _local(lines: list[_Line]) -> dict[str, str]:
    """``module -> directory`` of each module replaced by a directory of the checkout."""
    local = {}
    for line in lines:
        if line.verb == "replace" and "=>" in line.args:
            at = line.args.index("=>")
            if line.args[at + 1 : at + 2] and line.args[at + 1].startswith(_LOCAL):
                local[line.args[0]] = line.args[at + 1]
    return local


def local_replacements(text: str) -> list[str]:
    """The directories a go.mod ``text`` replaces modules by (``mindxcheckutils =>
    ../mindxcheckutils``), as written: built into the module."""
    return list(_local(_lines(text)).values())


def _downloaded(lines: list[_Line]) -> list[_Line]:
    """The require lines of modules the build downloads: all but those replaced by a
    directory of the checkout."""
    local = _local(lines)
    return [
        line
        for line in lines
        if line.verb == "require" and line.args[:1] and line.args[0] not in local
    ]


def _forks(file: SourceFile, lines: list[_Line]) -> list[Requirement]:
    """A module replaced by another module path (``huawei.com/npu-exporter/v5 =>
    gitee.com/ascend/ascend-npu-exporter/v5 v5.0.0-RC4.b002``, Ascend/ascend-docker-runtime
    runtime/go.mod:44): a download of its own, from that path's host rather than the required
    module's, cited at the replace line and at the require line it stands for. A replace by
    the same path at another version (a pin) or by a directory downloads nothing new."""
    required = {line.args[0]: line.number for line in lines if line.verb == "require" and line.args}
    found = []
    for line in lines:
        if line.verb != "replace" or "=>" not in line.args:
            continue
        at = line.args.index("=>")
        old, new = line.args[0], line.args[at + 1 : at + 3]
        if not new or new[0].startswith(_LOCAL) or new[0] == old or "." not in new[0].split("/")[0]:
            continue
        spec = "@".join(new)
        text = f"replace {old} => {' '.join(new)}: the go command downloads {new[0]}"
        need = file.requirement("network", spec, line.number, text=text)
        also = (file.source(required[old]),) if old in required else ()
        found.append(msgspec.structs.replace(need, also_at=also))
    return found


def _floor(file: SourceFile, lines: list[_Line]) -> list[Requirement]:
    """The go line's release as a hard floor, the toolchain's (when newer) as a soft one."""
    found: list[Requirement] = []
    floor: tuple[int, ...] = ()
    for line in lines:
        release = _release(line.args[0]) if line.verb == "go" and line.args else None
        if release is not None and not floor:
            floor = release
            text = f"go {line.args[0]}: the least Go release the module builds with"
            spec = "go>=" + ".".join(map(str, release))
            found.append(file.requirement("system_package", spec, line.number, text=text))
    for line in lines:
        named = _TOOLCHAIN.match(line.args[0]) if line.verb == "toolchain" and line.args else None
        if named is not None and (_release(named.group(1)) or ()) > floor:
            text = f"toolchain {line.args[0]}: the toolchain the module suggests"
            need = file.requirement(
                "system_package", f"go>={named.group(1)}", line.number, text=text, hard=False
            )
            found.append(need)
    return found


def extract_go_mod(file: SourceFile) -> Extraction:
    """The Go release, the suggested toolchain and the module downloads of one go.mod."""
    lines = _lines(file.text)
    found = _floor(file, lines)
    downloaded = _downloaded(lines)
    if downloaded:
        named = ", ".join(line.args[0] for line in downloaded[:4])
        more = f" and {len(downloaded) - 4} more" if len(downloaded) > 4 else ""
        text = f"requires {named}{more}: the go command downloads them (GOPROXY)"
        found.append(file.requirement("network", MODULES, downloaded[0].stated, text=text))
    return Extraction(requirements=tuple(found + _forks(file, lines)))


def _runs(texts: Mapping[str, tuple[RepoFile, str]]) -> tuple[Source, ...]:
    """Where the repo's scripts and Makefiles run the go command."""
    found: list[Source] = []
    for ref, (entry, text) in texts.items():
        if entry.kind in _SCRIPTS:
            line = line_counter(text)
            found.extend(file_source(ref, line(m.start())) for m in _GO_RUN.finditer(text))
    return tuple(found)


def go_modules(
    requirements: list[Requirement], texts: Mapping[str, tuple[RepoFile, str]]
) -> list[Requirement]:
    """``requirements`` with the top go.mod's Go release cited where the repo's scripts run
    the go command (``also_at``), less the module downloads of a go.mod whose module vendors
    them (``vendor/modules.txt`` beside it, a go line of 1.14 or later); ``texts``: the files
    read, by the reference they are cited by."""
    out = []
    for requirement in requirements:
        entry = texts.get(requirement.source.ref or "")
        if entry is None or entry[0].kind != GO_MOD:
            out.append(requirement)
        elif requirement.subject == "network":
            modules = entry[0].path.parent / "vendor" / "modules.txt"
            if (go_release(entry[1]) or (0,)) < (1, 14) or not os.path.isfile(modules):
                out.append(requirement)
        elif entry[0].rel == "go.mod" and requirement.hard:
            also = (*requirement.also_at, *_runs(texts))
            out.append(msgspec.structs.replace(requirement, also_at=also))
        else:
            out.append(requirement)
    return out
