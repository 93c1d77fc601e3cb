"""The image a repo's own build script builds and then builds the repo inside: the container
build route.

uccl-project/uccl build.sh:352-363 builds a builder image (``${CONTAINER_ENGINE} build … -t
"$IMAGE_NAME" -f "$DOCKERFILE" .``) and :422-446 runs the build in it (``${CONTAINER_ENGINE}
"${CONTAINER_RUN_ARGS[@]}" … "$IMAGE_NAME" /bin/bash /io/build_inner.sh``); "The host machine
does *not* need CUDA or ROCm - everything lives inside a purpose-built Docker/Podman image"
(build.sh:5-6). On that route the container engine is the host's need, and what the image is
built from (its base OS, the packages it installs) is what building the repo needs: the
image's file speaks for the repo, not for an optional ``docker`` feature.

Only the repo's own build script counts (``buildnames.route_scripts``): a Dockerfile merely
offered beside the route is no requirement. The script must both build the image (``build``
with a tag) and run a command in that tag; a script that only builds or pushes an image makes
a release artefact. The file it builds is named literally (``-f docker/Dockerfile``, or the
context's ``Dockerfile``) or by a variable the script sets (``: "${DOCKERFILE:=docker/
Dockerfile.cuda}"``); a variable set to several files picks one per machine and target, so no
single file is the route's then, and only the engine is read.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from posixpath import dirname, join, normpath
from typing import NamedTuple, Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.buildnames import route_scripts
from bringup.scan.commands import Command, parse_commands
from bringup.scan.dockerfile import image_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.sysdeps import installed_packages

ENGINES = ("docker", "podman", "nerdctl")
"""Container engines whose ``build`` and ``run`` take Docker's options."""
_ENGINE_VARIABLE = lazyre.compile(r"^\$\{?([A-Za-z_]\w{0,60})\}?$")
_ENGINE_WORD = lazyre.compile(r"engine|docker|podman|container|runtime", re.IGNORECASE)
_NOT_RUNNING = frozenset(
    {"build", "buildx", "push", "pull", "tag", "rmi", "image", "images", "inspect", "save",
     "load", "login", "logout", "history", "manifest", "compose", "system", "volume",
     "network", "version", "info"}
)  # fmt: skip
"""Engine commands that name an image without running anything in it."""
_VALUED = frozenset(
    {"-f", "--file", "-t", "--tag", "--build-arg", "--network", "--platform", "--target",
     "--label", "--secret", "--ssh", "--cache-from", "--cache-to", "-o", "--output",
     "--iidfile", "--progress", "--shm-size", "-m", "--memory", "--add-host", "--build-context"}
)  # fmt: skip
"""``build`` options that take the next word as their value (so it is no context)."""
_NAME_WORD = lazyre.compile(r"[a-z0-9]+")
_BRACED = lazyre.compile(r"\$\{([A-Za-z_]\w{0,60})\}")


class ContainerRoute(NamedTuple):
    """A build script's builder image: ``dockerfile`` (its rel, ``""`` where a variable names
    several), the script's rel, the lines that build the image and run in it, and the engine."""

    dockerfile: str
    script: str
    build_line: int
    run_line: int
    engine: str


def container_routes(
    build_texts: Mapping[str, str], dockerfiles: Collection[str], toolkits: Collection[str] = ()
) -> list[ContainerRoute]:
    """The container build routes of the repo's own build scripts (``rel -> text``), each
    image resolved against the repo's container files (``dockerfiles``, rels) and the
    toolkits the repo's own files require (``_resolved``)."""
    found = []
    for rel, text in sorted(route_scripts(build_texts).items()):
        route = _route(rel, text, dockerfiles, toolkits)
        if route is not None:
            found.append(route)
    return found


def _route(
    rel: str, text: str, dockerfiles: Collection[str], toolkits: Collection[str]
) -> Optional[ContainerRoute]:
    commands = parse_commands(text)
    for index, command in enumerate(commands):
        engine = _engine(command.argv[:1], text)
        if not engine or not _builds(command.argv):
            continue
        tag = _normal(_option(command.argv, "-t", "--tag"))
        if not tag:
            continue
        run = next((c for c in commands[index + 1 :] if _runs_in(c, tag, text)), None)
        if run is None:
            continue
        named = _option(command.argv, "-f", "--file") or _context_file(command.argv)
        dockerfile = _resolved(named, rel, text, dockerfiles, toolkits)
        return ContainerRoute(dockerfile, rel, command.line, run.line, engine)
    return None


def _engine(program: tuple[str, ...], text: str) -> str:
    """The engine ``program`` runs (``docker``), also through a variable named for it
    (``${CONTAINER_ENGINE}``, defaulting to the engine it is set to, else Docker)."""
    if not program:
        return ""
    word = program[0].rsplit("/", 1)[-1]
    if word in ENGINES:
        return word
    variable = _ENGINE_VARIABLE.match(program[0])
    if variable is None or _ENGINE_WORD.search(variable.group(1)) is None:
        return ""
    values = [v.rsplit("/", 1)[-1] for v in _assigned(variable.group(1), text)]
    engines = [v for v in values if v in ENGINES]
    return engines[0] if engines and "docker" not in engines else "docker"


def _builds(argv: tuple[str, ...]) -> bool:
    return argv[1:2] == ("build",) or argv[1:3] in (("buildx", "build"), ("image", "build"))


def _runs_in(command: Command, tag: str, text: str) -> bool:
    """Whether ``command`` runs something in the image tagged ``tag`` (``run``, ``exec`` or
    the engine given its arguments through an array)."""
    argv = command.argv
    return (
        bool(_engine(argv[:1], text))
        and argv[1:2] != ()
        and argv[1] not in _NOT_RUNNING
        and any(_normal(word) == tag for word in argv[2:])
    )


def _option(argv: tuple[str, ...], short: str, long: str) -> str:
    for index, word in enumerate(argv):
        if word in (short, long) and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith(f"{long}="):
            return word[len(long) + 1 :]
    return ""


def _context_file(argv: tuple[str, ...]) -> str:
    """The ``Dockerfile`` of the build context (the last word, not an option's value)."""
    if len(argv) < 3 or argv[-1].startswith("-") or argv[-2] in _VALUED:
        return ""
    return join(argv[-1], "Dockerfile")


def _normal(word: str) -> str:
    """``${NAME}`` written as ``$NAME``, so two spellings of one variable compare equal."""
    return _BRACED.sub(r"$\1", word.strip())


def _resolved(
    named: str, script: str, text: str, dockerfiles: Collection[str], toolkits: Collection[str]
) -> str:
    """The one container file of the repo ``named`` stands for: a path (from the repo's root,
    where the script is run, or from the script's folder), or a variable the script sets to
    such paths. Of several (one per target: uccl build.sh:236-266 ``docker/Dockerfile.gh``,
    ``.efa``, ``.cuda``, ``.rocm``, ``.therock``), the one named for the toolkit the repo's own
    files require (README.md:103 CUDA 12.8/13.0: ``Dockerfile.cuda``); ``""`` when none or
    several still."""
    variable = _ENGINE_VARIABLE.match(named)
    values = _assigned(variable.group(1), text) if variable is not None else [named]
    files = {f for v in values if "$" not in v for f in _files(v, script, dockerfiles)}
    if len(files) > 1:
        files = {f for f in files if _named_for(f, toolkits)}
    return files.pop() if len(files) == 1 else ""


def _named_for(path: str, toolkits: Collection[str]) -> bool:
    """Whether the file's name holds one of ``toolkits`` as a word (``Dockerfile.cuda``)."""
    return not set(_NAME_WORD.findall(path.rsplit("/", 1)[-1].lower())).isdisjoint(toolkits)


def _files(path: str, script: str, dockerfiles: Collection[str]) -> list[str]:
    places = (normpath(path), normpath(join(dirname(script), path)))
    return [p for p in places if p in dockerfiles][:1]


def _assigned(name: str, text: str) -> list[str]:
    """The values ``text``'s commands give the variable ``name`` (a comment's usage line,
    ``#   CONTAINER_ENGINE=podman   Use podman instead of docker``, gives none):
    ``NAME=value``, ``${NAME:=value}``, ``${NAME:-value}``, quotes dropped."""
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    plain = re.compile(rf"(?:^|[\s;(])(?:export\s+)?{name}=[\"']?([^\s\"';)$]+)", re.MULTILINE)
    default = re.compile(rf"\$\{{{name}:?[-=]([^}}\s]+)\}}")
    found = [*plain.findall(code), *default.findall(code)]
    return [value.strip("\"'") for value in found]


def route_needs(
    routes: list[ContainerRoute], files: Mapping[str, tuple[str, str]]
) -> tuple[list[Requirement], set[str]]:
    """What the container build ``routes`` need of the host and of the image, and the refs of
    their container files, whose requirements are the repo's (``files``: rel -> (ref, text)).
    The engine is cited where the image is built and where the build runs in it; the packages
    the image installs (``RUN apt-get install … build-essential cmake …``, uccl
    docker/Dockerfile.cuda:13-19) are what the build inside it links and runs."""
    needs: list[Requirement] = []
    imaged: set[str] = set()
    for route in routes:
        ref, text = files[route.script]
        script = SourceFile(ref=ref, rel=route.script, text=text)
        words = f"{route.engine} build of the image the build script then builds the repo in"
        need = script.requirement(
            "system_package", route.engine, route.build_line, text=words, confidence="medium"
        )
        needs.append(msgspec.structs.replace(need, also_at=(script.source(route.run_line),)))
        if route.dockerfile and route.dockerfile in files:
            ref, text = files[route.dockerfile]
            image = SourceFile(ref=ref, rel=route.dockerfile, text=text)
            needs.extend(_each_line(image, image_commands(image)))
            imaged.add(ref)
    return needs, imaged


def _each_line(image: SourceFile, commands: list[Command]) -> list[Requirement]:
    """The packages the image's commands install, each cited on every line of its command:
    one ``apt-get install`` over seven lines names ``cmake`` and ``ninja-build`` on its third
    (uccl docker/Dockerfile.cuda:13-19)."""
    lines = {c.line: sorted(set(c.lines) - {c.line}) for c in commands}
    return [
        msgspec.structs.replace(
            r, also_at=(*r.also_at, *(image.source(n) for n in lines.get(r.source.line or 0, ())))
        )
        for r in installed_packages(image, commands, tools=True)
    ]
