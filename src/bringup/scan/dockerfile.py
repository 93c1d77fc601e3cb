"""Dockerfiles and Containerfiles: base images (``FROM``, with ``ARG`` defaults substituted)
and the ``pip install`` pins of ``RUN`` lines. All soft: they say what the repo's container
uses, not what the host must have."""

from __future__ import annotations

import posixpath
import re

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.clones import cloned_dependencies
from bringup.scan.commandneeds import requirements_of
from bringup.scan.commands import Command, joined_lines, parse_commands
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.images import image_facts
from bringup.scan.ownbuildstep import docker_checkout_installs

_ARG = lazyre.compile(r"^\s*ARG\s+([A-Za-z_]\w*)=(\S+)", re.IGNORECASE)
_FROM = lazyre.compile(r"^\s*FROM\s+(?:--platform=(\S+)\s+)?(\S+)", re.IGNORECASE)
_RUN = lazyre.compile(r"^\s*RUN\s+(.*)$", re.IGNORECASE)
_RUN_WORD = lazyre.compile(r"^\s*RUN\s+", re.IGNORECASE)
_COPY = lazyre.compile(r"^\s*(?:COPY|ADD)\s+(.*)$", re.IGNORECASE)
_VARIABLE = lazyre.compile(r"\$\{([A-Za-z_]\w*)(?::?-([^}]*))?\}|\$([A-Za-z_]\w*)")


def substitute(text: str, values: dict[str, str]) -> str:
    """``${NAME}``, ``${NAME:-default}`` and ``$NAME`` replaced by known build-arg values."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(3)
        return values.get(name, match.group(2) or match.group(0))

    return _VARIABLE.sub(value, text)


def extract_dockerfile(file: SourceFile) -> Extraction:
    """Base-image and ``pip install`` facts of a Dockerfile, as soft requirements."""
    requirements, commands = _read(file)
    requirements.extend(_companions(file, commands))
    return Extraction(
        requirements=tuple(requirements),
        runs=copied(file),
        checkout_installs=docker_checkout_installs(file, commands),
    )


def copied(file: SourceFile) -> tuple[str, ...]:
    """The repo paths the image copies in from beside the file (``COPY install_cann.sh
    /home/``, then ``RUN bash /home/install_cann.sh``: Ascend/DrivingSDK@e667017e
    ci/docker/X86/Dockerfile:49-50): the image's helpers, run through its build, no steps of
    the repo's own bring-up (outsider16 D7: a nightly CANN fetched for the CI image). A
    ``COPY --from=STAGE`` copies another stage's files, none of the repo's."""
    folder = posixpath.dirname(file.rel)
    found = []
    for joined in joined_lines(file.text):
        copy = _COPY.match(joined.text)
        words = copy.group(1).split() if copy is not None else []
        if any(w.lower().startswith("--from=") for w in words):
            continue  # another stage's files (or an image's), not the repo's
        for word in (w for w in words[:-1] if not w.startswith("--")):
            if "://" not in word and "$" not in word and "*" not in word:
                found.append(posixpath.normpath(posixpath.join(folder, word)))
    return tuple(dict.fromkeys(found))


def image_commands(file: SourceFile) -> list[Command]:
    """The commands of the file's ``RUN`` lines, build arguments substituted."""
    return _read(file)[1]


def _read(file: SourceFile) -> tuple[list[Requirement], list[Command]]:
    arguments: dict[str, str] = {}
    argued: dict[str, int] = {}  # the line each build argument's default is written on
    requirements: list[Requirement] = []
    commands: list[Command] = []
    lines = file.text.splitlines()  # once: a RUN line's physical lines are cut from it
    for joined in joined_lines(file.text):
        number, line = joined.line, joined.text
        argument = _ARG.match(line)
        if argument is not None:
            arguments[argument.group(1)] = argument.group(2).strip("'\"")
            argued[argument.group(1)] = number
            continue
        base = _FROM.match(line)
        if base is not None:
            # Docker takes the reference in quotes too (montehoover/verl@9c46ae81
            # docker/rocm/Dockerfile.rocm:3 ``FROM "rlsys/...:..._ubuntu-22.04"``): a quote
            # is no part of its tag, whose release ("22.04", not "22") ends there
            image = substitute(base.group(2).strip("'\""), arguments)
            platform = substitute(base.group(1) or "", arguments)
            # ``FROM ${BASE_IMAGE}`` states the image its ``ARG`` line spells out (uccl
            # docker/Dockerfile.cuda:1-2): that line says it too
            spelled = tuple(
                file.source(argued[name])
                for found in _VARIABLE.finditer(base.group(0))
                for name in [found.group(1) or found.group(3)]
                if name in argued
            )
            for fact in image_facts(image, platform):
                stated = file.requirement(fact.subject, fact.spec, number,
                                          text=f"FROM {fact.words}", confidence="medium",
                                          hard=False)  # fmt: skip
                requirements.append(msgspec.structs.replace(stated, also_at=spelled))
            continue
        if _RUN.match(line) is not None:
            physical = lines[number - 1 : joined.starts[-1][1]]
            physical[0] = _RUN_WORD.sub("", physical[0])
            body = substitute("\n".join(physical), arguments)
            for command in parse_commands(body, first_line=number):
                source = file.source(command.line)
                requirements.extend(requirements_of(command, source, hard=False))
                commands.append(command)
    return requirements, commands


def _companions(file: SourceFile, commands: list[Command]) -> list[Requirement]:
    """The projects the image clones at a release and installs from the clone
    (vllm-project/vllm-ascend@5e390744 Dockerfile:50-60: ``ARG VLLM_TAG=v0.22.1``, ``git clone
    -b $VLLM_TAG $VLLM_REPO /vllm-workspace/vllm``, ``pip install -e /vllm-workspace/vllm/``):
    the companion release the repo is built against, soft as the image's other facts are."""
    found = cloned_dependencies(file, commands, [])
    return [msgspec.structs.replace(r, hard=False) for r in found if r.subject != "network"]
