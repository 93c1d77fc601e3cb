"""The build after an autotools configure: ``make``, and ``make check`` where the repo runs it.

fribidi/fribidi@58895678's README.md:37-38 says "Start with running the `autogen.sh` script and
follow the instructions": the plan ran ``bash autogen.sh`` and stopped, though autogen.sh only
writes and runs ``configure``; the build is ``make``, which its CI runs next with ``make
check`` (.github/workflows/make.yml:27-29 ``./autogen.sh``, ``make``, ``make check``; left38).
A configure step of the top (``autogen.sh``, ``./configure``) with no ``make``
after it is followed by the CI's ``make`` (else ``make`` cited at the repo's autoconf input, as
CMake's default steps are cited at CMakeLists.txt:1) and by ``make check`` only where the CI
runs it or a step of the repo's already does: no target is guessed."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence

from bringup import lazyre
from bringup.model import Step, file_source
from bringup.scan.commands import Command, program_name
from bringup.scan.envprefix import prefix_notes
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.stepkinds import command_needs, step_name

_MAKES = frozenset({"make", "gmake"})
_JOBS = lazyre.compile(
    r"""\s(?:-j|--jobs[= ]?)\s?(?:\d{1,4}|"?\$\s?\(\s?nproc\s?\)"?|"?\$\{?\w{1,40}\}?"?)?(?=\s|$)"""
)
"""The jobs option in a command's words joined by spaces: ``-j8``, ``-j 8``, ``-j$(nproc)``
(its words ``-j$ ( nproc )``), ``--jobs=4``, a bare ``-j`` (review39 8)."""
_CONFIGURES = frozenset({"autogen.sh", "configure"})
"""What configures the top: ``configure``, and ``autogen.sh``, which by its convention runs it
unless ``NOCONFIGURE`` is set (fribidi autogen.sh:32-34); ``autoreconf`` alone runs none. A
step carries no variables: ``NOCONFIGURE=1 ./autogen.sh`` runs as ``./autogen.sh`` (its note
says so, ``envprefix``), which configures, and ``make`` follows it as any other's (review39)."""


def _target(argv: Sequence[str]) -> str | None:
    """The target of a ``make [-jN] [target]`` ("" for the default, which ``all`` names by
    convention), None for any other command (``make -C sub``, two targets, a variable set)."""
    if program_name(tuple(argv)) not in _MAKES:
        return None
    rest = _JOBS.sub(" ", " " + " ".join(argv[1:]) + " ").split()
    if not rest or rest == ["all"]:
        return ""
    return rest[0] if len(rest) == 1 and rest[0].isidentifier() else None


def _run_words(command: Command, target: str) -> tuple[str, ...]:
    """What the step runs: the command's words where the command is plain, else the make and
    its target alone (``make -j$(nproc)`` needs a shell for its job count)."""
    return command.argv if command.plain else (command.argv[0], *([target] if target else []))


def ci_makes(
    commands: Sequence[Command], file: SourceFile, dirs: Sequence[str | None]
) -> tuple[Step, ...]:
    """The CI workflow ``file``'s ``make`` and ``make check`` runs at the repo's top, from
    ``commands`` (those of the jobs it runs, ``ci``), as steps: not one its script runs in
    another folder by ``dirs`` (``run_dirs``: ``cd doc`` then ``make check``, review39 7)."""
    found = []
    for command, cwd in zip(commands, dirs):
        target = _target(command.argv) if cwd == "." else None
        if target in ("", "check"):
            words = _run_words(command, target or "")
            found.append(
                Step(
                    name=step_name(words),
                    kind="test" if target else "build",
                    argv=words,
                    source=file.source(command.line),
                    needs=command_needs(command),
                    notes=prefix_notes(command.env),
                )
            )
    return tuple(found)


def _configures(step: Step) -> bool:
    """Whether ``step`` runs an autotools configure of the top."""
    if step.cwd not in ("", "."):
        return False
    words = [posixpath.basename(w) for w in step.argv[:2]]
    return any(w in _CONFIGURES for w in words)


def with_make(
    steps: Sequence[Step], extractions: Iterable[Extraction], autoconf: str, at: str
) -> list[Step]:
    """``steps`` with ``make`` and, where the CI runs it, ``make check`` after the last
    autotools configure step when no ``make`` follows it; ``autoconf``: the repo's top-level
    autoconf input ("" for none, then no change), cited as ``at`` where the CI has no make."""
    last = max((i for i, s in enumerate(steps) if _configures(s)), default=None)
    if not autoconf or last is None:
        return list(steps)
    after = [_target(s.argv) for s in steps[last + 1 :]]
    ci = sorted(
        (s for e in extractions for s in e.makes), key=lambda s: (s.source.ref, s.source.line or 0)
    )
    made = next((s for s in ci if _target(s.argv) == ""), None)
    default = Step(name="make", kind="build", argv=("make",), source=file_source(at, 1))
    checked = next((s for s in ci if _target(s.argv) == "check"), None)
    added = [made or default] if "" not in after else []
    added += [checked] if checked is not None and "check" not in after else []
    return [*steps[: last + 1], *added, *steps[last + 1 :]]
