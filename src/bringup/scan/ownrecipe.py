"""A step read with its own recipe: the Makefile targets it makes (with the targets they
depend on and the ``$(MAKE) target`` calls of their recipes), the shell script it runs, or
its own command. A step whose recipe publishes, deploys or pushes (``publishes``) is never a
bring-up step: ``make all`` of PaddlePaddle/PaddleMIX@6afaf05 ppdiffusers/Makefile:5 makes
``deploy``, whose line 14 is ``twine upload --skip-existing dist/*``. A ``make install``
whose recipe is a ``pip install -r requirements.txt`` (the same file, line 22) installs into
the environment, not into a build's install prefix (``in_environment``)."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable, Sequence
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model.requirements import Publishing, Step
from bringup.model.source import Source, file_source
from bringup.scan.commands import Command, parse_commands, pip_install_targets, run_program
from bringup.scan.makerules import Rule, made, made_goals, read_makefile
from bringup.scan.publishes import publishing
from bringup.scan.stepfiles import script_of

Read = Callable[[str], Optional[str]]
Cite = Callable[[str, int], Source]

_MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
_RELEASE_TARGET = lazyre.compile(
    r"^(?:.*[-_.])?(?:publish|upload|push)(?:[-_.].*)?$|^(?:.*[-_.])?deploy$"
)
"""A target named for sending a release away (``deploy``, ``upload-pypi``, ``docker-push``,
``publish_docs``); ``deploy-version`` (ppdiffusers/Makefile:17, which writes version.py) is
not: there the word names what the version is for."""
_SHELLS = frozenset({"bash", "sh", "zsh"})
_ROOT = frozenset({"sudo", "su", "doas"})
_BUILDERS = frozenset({"make", "gmake", "ninja", "$(MAKE)", "${MAKE}"})
_COPIES = frozenset({"install", "cp", "ln", "mv", "rsync"})
_PLACES = ("--user", "--prefix", "--root", "--target", "--home", "DESTDIR=", "PREFIX=")


def _shown(command: Command) -> str:
    return " ".join(command.argv)


def _script(rel: str, read: Read) -> list[Command]:
    """The commands of the repo's shell script ``rel`` (none when it is not one)."""
    text = read(rel) if rel.endswith(".sh") else None
    return parse_commands(text) if text is not None else []


def _run_script(command: Command, folder: str) -> Optional[str]:
    """The repo file a recipe's command runs as a shell script (``bash x.sh``, ``./x.sh``)."""
    program, args = run_program(command.argv)
    if program in _SHELLS:
        words = [a for a in args if not a.startswith("-")]
        path = words[0] if words else ""
    else:
        path = command.argv[0] if command.argv and command.argv[0].endswith(".sh") else ""
    if not path.endswith(".sh") or "$" in path:
        return None
    return posixpath.normpath(posixpath.join(folder, path))


def _makefile(folder: str, read: Read) -> tuple[str, Optional[str]]:
    for name in _MAKEFILES:
        rel = posixpath.normpath(posixpath.join(folder, name))
        text = read(rel)
        if text is not None:
            return rel, text
    return "", None


def _release_rule(rules: Sequence[Rule], rel: str, cite: Cite) -> Optional[Publishing]:
    """A rule made that is named for a release (``_RELEASE_TARGET``), as the reason."""
    rule = next((r for r in rules if _RELEASE_TARGET.match(r.target)), None)
    if rule is None:
        return None
    return Publishing(command=f"make {rule.target}", source=cite(rel, rule.line))


def _outside(command: Command) -> bool:
    """Whether ``command`` writes outside the environment: as root, a build's own install
    (``$(MAKE) -C build install``, ``cmake --install``), an install to a place of its own
    (``--user``, ``--prefix``), a copy to an absolute or variable path (``$(PREFIX)/bin``)."""
    program, args = run_program(command.argv)
    if command.argv[:1] and command.argv[0] in _ROOT:
        return True
    if (program in _BUILDERS and "install" in args) or (program == "cmake" and "--install" in args):
        return True
    if any(a.startswith(_PLACES) for a in args):
        return True
    return program in _COPIES and any(a.startswith(("/", "$", "~")) for a in args[1:])


def _installs_in_environment(commands: Sequence[Command]) -> bool:
    """Whether the commands install, all into the environment (``pip install``, ``python
    setup.py install``), none outside it (``_outside``)."""
    if any(_outside(c) for c in commands):
        return False
    return any(pip_install_targets(c.argv) is not None or _setup_install(c.argv) for c in commands)


def _setup_install(argv: tuple[str, ...]) -> bool:
    program, args = run_program(argv)
    return (
        program.startswith("python")
        and bool(args)
        and args[0].endswith("setup.py")
        and bool({"install", "develop"} & set(args))
    )


class Recipes:
    """The repo's steps read with their own recipes (``read``: a repo-relative path's text,
    None when there is none; ``cite``: how a line of one is cited). What a shell script
    publishes is looked for once however many steps run it: ops-nn's 119 guides that run
    ``bash build.sh`` (1,727 commands) had it looked through 119 times."""

    def __init__(self, read: Read, cite: Cite = file_source) -> None:
        self.read = read
        self.cite = cite
        self._scripts: dict[tuple[str, int], Optional[Publishing]] = {}

    def steps(self, steps: Sequence[Step]) -> list[Step]:
        """``steps`` each marked with what its own recipe publishes and whether it installs
        into the environment only."""
        out: list[Step] = []
        for step in steps:
            folder = step.cwd or "."
            own = publishing(step.argv)
            goals = made_goals(step.argv)
            script = script_of(step)
            if step.needs.publishes is not None:
                out.append(step)
            elif own is not None:
                found = Publishing(command=" ".join(step.argv), source=step.source)
                out.append(_with(step, found))
            elif goals is not None:
                out.append(self._made(step, goals))
            elif script is not None and script.endswith(".sh"):
                found_in = self._script(posixpath.normpath(posixpath.join(folder, script)), 0)
                out.append(_with(step, found_in) if found_in is not None else step)
            else:
                out.append(step)
        return out

    def _script(self, rel: str, depth: int) -> Optional[Publishing]:
        """``_published`` of the commands of the shell script ``rel``, once per depth."""
        key = (rel, depth)
        if key not in self._scripts:
            self._scripts[key] = self._published(_script(rel, self.read), rel, depth)
        return self._scripts[key]

    def _published(
        self, commands: Iterable[Command], rel: str, depth: int = 1
    ) -> Optional[Publishing]:
        """The first command of ``commands`` (read in ``rel``) that publishes, looking one
        level into the shell scripts they run."""
        for command in commands:
            if publishing(command.argv) is not None:
                return Publishing(command=_shown(command), source=self.cite(rel, command.line))
            script = _run_script(command, posixpath.dirname(rel)) if depth else None
            if script is not None:
                inner = self._script(script, depth - 1)
                if inner is not None:
                    return inner
        return None

    def _made(self, step: Step, goals: Sequence[str]) -> Step:
        folder = step.cwd or "."
        rel, text = _makefile(folder, self.read)
        if text is None:
            return step
        reached = made(read_makefile(text), goals)
        commands = [c for _, found in reached for c in found]
        publishes = self._published(commands, rel) or _release_rule(
            [r for r, _ in reached], rel, self.cite
        )
        in_environment = bool(reached) and _installs_in_environment(commands)
        if publishes is None and not in_environment:
            return step
        needs = msgspec.structs.replace(
            step.needs, publishes=publishes, in_environment=in_environment and publishes is None
        )
        return msgspec.structs.replace(step, needs=needs)


def read_recipes(steps: Sequence[Step], read: Read, cite: Cite = file_source) -> list[Step]:
    """``steps`` read with their own recipes from the files ``read`` gives (``Recipes``)."""
    return Recipes(read, cite).steps(steps)


def _with(step: Step, found: Publishing) -> Step:
    return msgspec.structs.replace(step, needs=msgspec.structs.replace(step.needs, publishes=found))
