"""The repo's own install that its CI or its Dockerfile runs, as its build step where nothing
else states one (outsider22 D6).

A setup.py repo whose README says only "pip install vllm-ascend" (the published wheel) still
builds from its checkout where it is tested or packaged: cosdt/vllm-ascend
.github/workflows/vllm_ascend_test.yaml:99-101 ``- name: Install vllm_ascend`` / ``pip install
-e .``, and its Dockerfile:28 ``COPY . /workspace/vllm-ascend/`` then :38 ``RUN python3 -m pip
install /workspace/vllm-ascend/``. Either is the checkout's install, which the plan had left
out. Only an install of the checkout itself counts, at its top: not the CI's step that runs in
another folder (the same workflow's :95-97 ``working-directory: /root/vllm-empty`` / ``pip
install -e .`` installs vLLM), not the installs of a lint or docs workflow (ruff.yml:50 ``pip
install -r requirements-lint.txt``), not one that names packages or lists.
"""

from __future__ import annotations

import bisect
import posixpath
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bringup import lazyre
from bringup.model.requirements import Step
from bringup.scan.commands import Command, joined_lines
from bringup.scan.envprefix import prefix_notes
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.sourceinstalls import installs_here
from bringup.scan.stepkinds import command_needs, step_name

_CHECKS_ONLY = lazyre.compile(
    r"(?:^|[-_.])(?:lint\w*|ruff|mypy|yapf|flake8|pylint|black|isort|format\w*|style|typos|"
    r"spell\w*|codespell|pre-?commit|docs?|documentation|sphinx|pages)(?=$|[-_.])",
    re.IGNORECASE,
)
"""A workflow file named for a linter, a formatter or the docs: what it installs is for that."""
_WORKDIR = lazyre.compile(r"^\s*WORKDIR\s+(\S+)\s*$", re.IGNORECASE)
_COPY_ALL = lazyre.compile(r"^\s*(?:COPY|ADD)\s+(?:--\S+\s+)*\.\/?\s+(\S+)\s*$", re.IGNORECASE)
"""``COPY . /workspace/x/``: the build context (the checkout, for a Dockerfile at its top)."""
_STAGE = lazyre.compile(r"^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?\s*$", re.IGNORECASE)
"""``FROM [--platform=…] IMAGE [AS NAME]``: a stage begins, on an image or an earlier stage."""
_COPY_FROM = lazyre.compile(r"^\s*(?:COPY|ADD)\s+(?:--\S+\s+)*--from=(\S+)", re.IGNORECASE)
"""``COPY --from=STAGE``: files of another stage (or image), never the build context."""


def _step(command: Command, file: SourceFile, notes: tuple[str, ...] = ()) -> Step:
    return Step(
        name=step_name(command.argv),
        kind="install",
        argv=command.argv,
        source=file.source(command.line),
        needs=command_needs(command),
        notes=(*prefix_notes(command.env), *notes) or (),
    )


def ci_checkout_installs(
    commands: Sequence[Command], file: SourceFile, dirs: Sequence[str | None]
) -> tuple[Step, ...]:
    """The first install of the checkout at its top that the CI workflow ``file`` runs
    (``dirs``: the folder each of ``commands`` runs in, ``run_dirs``), unless the workflow is
    a linter's or the docs'."""
    if _CHECKS_ONLY.search(posixpath.basename(file.rel)):
        return ()
    for command, cwd in zip(commands, dirs):
        if command.plain and cwd == "." and installs_here(command.argv):
            return (_step(command, file),)
    return ()


def _folder(path: str, workdir: str) -> str:
    return posixpath.normpath(posixpath.join(workdir, path))


def _checkout_argv(argv: tuple[str, ...], copied: str, workdir: str) -> tuple[str, ...] | None:
    """``argv`` with the folder the image copied the checkout to named as the checkout
    (``.``), when it installs that folder; None when it installs another."""
    if installs_here(argv):
        return argv if workdir == copied else None
    words = tuple(
        "." if not w.startswith("-") and _folder(w, workdir) == copied else w for w in argv
    )
    return words if words != argv and installs_here(words) else None


class _Place(NamedTuple):
    line: int
    stage: int
    workdir: str
    copied: str


def _places(text: str) -> tuple[list[_Place], set[int]]:
    """Each logical line's stage, ``WORKDIR`` and folder the checkout was copied to, and the
    stages the final image is made of. A stage starts afresh (``/``, nothing copied) unless its
    ``FROM`` names an earlier stage, whose folder and copy it inherits; ``COPY --from=STAGE``
    copies that stage's files, not the checkout. The final image is the last stage, the stages
    it is built ``FROM`` and those it copies from, theirs in turn: what ``docker build .``
    builds (https://docs.docker.com/build/building/multi-stage/); a stage outside it (a
    ``dev`` or ``test`` image built only with ``--target``) is not run."""
    names: dict[str, int] = {}
    ends: list[tuple[str, str]] = []  # each stage's (workdir, copied) so far
    uses: list[set[int]] = []
    places: list[_Place] = []
    for joined in joined_lines(text):
        stage = _STAGE.match(joined.text)
        if stage is not None:
            base = names.get(stage.group(1).lower())
            ends.append(ends[base] if base is not None else ("/", ""))
            uses.append({base} if base is not None else set())
            if stage.group(2):
                names[stage.group(2).lower()] = len(ends) - 1
        here = len(ends) - 1
        if here < 0:  # the ARG lines before the first FROM
            places.append(_Place(joined.line, here, "/", ""))
            continue
        workdir, copied = ends[here]
        moved = _WORKDIR.match(joined.text)
        source = _COPY_FROM.match(joined.text)
        copy = _COPY_ALL.match(joined.text)
        if moved is not None:
            workdir = _folder(moved.group(1), workdir)
        elif source is not None:
            named = source.group(1).lower()
            # a stage's number: ASCII digits ('²'.isdigit(), and int() refuses it)
            number = int(named) if named.isascii() and named.isdigit() else None
            index = names.get(named, number)
            uses[here].update({index} if index is not None and index < here else set())
        elif copy is not None:
            copied = _folder(copy.group(1), workdir)
        ends[here] = (workdir, copied)
        places.append(_Place(joined.line, here, workdir, copied))
    final: set[int] = set()
    waiting = [len(ends) - 1] if ends else []
    while waiting:
        stage_index = waiting.pop()
        if stage_index not in final:
            final.add(stage_index)
            waiting.extend(uses[stage_index])
    return places, final


def docker_checkout_installs(file: SourceFile, commands: Sequence[Command]) -> tuple[Step, ...]:
    """The first of the ``RUN`` lines' ``commands`` that installs the checkout the Dockerfile
    ``file`` copies in whole (``COPY . DEST``), from ``DEST`` or in it, in a stage of the final
    image (``_places``); the Dockerfile must be at the repo's top, where its build context is
    the checkout."""
    if "/" in file.rel:
        return ()
    places, final = _places(file.text)
    starts = [p.line for p in places]  # ascending: the logical lines in the file's order
    for command in commands if any(p.copied for p in places) else ():
        # the last logical line at or before the command's (one look, not a pass per command)
        place = places[max(bisect.bisect_right(starts, command.line) - 1, 0)]
        copied, workdir = place.copied, place.workdir
        if place.stage not in final or not copied or not command.plain:
            continue
        argv = _checkout_argv(command.argv, copied, workdir)
        if argv is not None:
            note = f"the image installs the checkout it copies to {copied}: here, from the checkout"
            return (
                _step(command._replace(argv=argv), file, (note,) if argv != command.argv else ()),
            )
    return ()


def _image(ref: str) -> bool:
    return posixpath.basename(ref).lower().startswith(("dockerfile", "containerfile"))


def with_checkout_install(steps: Sequence[Step], extractions: Iterable[Extraction]) -> list[Step]:
    """``steps`` led by the CI's (else the Dockerfile's) install of the checkout, where no
    step builds or installs the checkout already."""
    if any(s.kind == "build" or (s.cwd in ("", ".") and installs_here(s.argv)) for s in steps):
        return list(steps)
    found = sorted(
        (s for e in extractions for s in e.checkout_installs),
        key=lambda s: (_image(s.source.ref), s.source.ref, s.source.line or 0),
    )
    return [*found[:1], *steps]
