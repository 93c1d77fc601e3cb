"""The tests' own requirements list, installed before the tests run.

A repo's CI often installs a second requirements file for its tests only, right before it
runs them: hpcaitech/TensorNVMe@6403388 .github/workflows/build.yml:30-31 ``pip install -r
tests/requirements.txt`` then ``PYTHONPATH=$PWD pytest tests``, the list naming pytest and
transformers, which tests/test_adam.py:7 imports. A plan that runs the tests without it fails
at collection (outsider18 D16). The list is the tests' (a ``tests``/``test`` folder or a
``test`` word in its name), and the CI installs it before a pytest run in the same file.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable, Sequence

from bringup import lazyre
from bringup.model import Step
from bringup.scan.commands import Command, pip_install_targets
from bringup.scan.extraction import Extraction, SourceFile
from bringup.scan.stepkinds import command_needs, step_name
from bringup.scan.testgroups import GROUP_STEP

_PYTEST = lazyre.compile(r"\bpytest\b|\bpy\.test\b")
_TEST_WORD = lazyre.compile(r"(?:^|[-_./])tests?(?=$|[-_./])", re.IGNORECASE)
_GROUP = "--group"


def _tests_list(path: str) -> bool:
    """Whether the requirements file at ``path`` is the tests' (``tests/requirements.txt``,
    ``requirements-test.txt``, ``test-requirements.txt``, ``requirements/tests.txt``)."""
    return path.endswith(".txt") and "requirement" in path.lower() and bool(_TEST_WORD.search(path))


def run_dirs(commands: Sequence[Command], start: str | None = ".") -> list[str | None]:
    """The folder, from the repo's root ("." for the root), each of one script's ``commands``
    runs in after the script's own ``cd``s (``cd python`` then ``pip install -e ".[test]"``
    installs python/'s package, review39 7), from ``start`` (its step's ``working-directory``,
    ``start_dir``); None after a move it cannot follow (``cd $DIR``, ``cd ..`` above the root,
    ``pushd``)."""
    dirs: list[str | None] = []
    here = start
    for command in commands:
        dirs.append(here)
        program = command.argv[0] if command.argv else ""
        if program in ("pushd", "popd"):
            here = None
        elif program == "cd" and here is not None:
            here = _moved(here, command)
    return dirs


def _moved(here: str, command: Command) -> str | None:
    """Where ``cd`` from ``here`` goes: a relative folder in plain words, else None."""
    target = command.argv[1] if len(command.argv) == 2 and command.plain else ""
    return start_dir(target, here)


def start_dir(folder: str, here: str = ".") -> str | None:
    """The folder ``folder`` names from ``here``, from the repo's root: None for none, one
    outside the checkout or one a variable names (``${{ matrix.dir }}``, ``$HOME``)."""
    if not folder or folder[0] in "/~-" or "$" in folder:
        return None
    moved = posixpath.normpath(posixpath.join(here, folder))
    return None if moved == ".." or moved.startswith("../") else moved


def tests_installs(
    commands: Sequence[Command], file: SourceFile, dirs: Sequence[str | None]
) -> tuple[Step, ...]:
    """The installs of the tests' own requirements that the CI workflow ``file`` runs before
    a pytest run of its own, from ``commands``, those of the jobs it runs (``ci``: read once,
    a job switched off with ``if: false`` left out): a tests' requirements list (by its path
    from the repo's root) or the checkout's own package with its tests' extra (``pip install
    -e ".[test]"``, wookayin/gpustat@7a3b9644 .github/workflows/ci.yml:63 before ``pytest``
    at :71, the extra naming mockito, setup.py:99-103; outsider19 D6). Only a plain command is
    a step (``pip install -r tests/requirements.txt > /dev/null`` would hand pip ``>``). Each
    runs in its folder of ``dirs`` (``run_dirs``, one for each of ``commands``), none after a
    move that cannot be followed."""
    found: list[Step] = []
    ordered = sorted(zip(commands, dirs), key=lambda pair: pair[0].line)
    for index, (command, cwd) in enumerate(ordered):
        targets = pip_install_targets(command.argv) if command.plain and cwd else None
        if targets is None or not any(_runs_pytest(c.argv) for c, _ in ordered[index + 1 :]):
            continue
        lists = [posixpath.normpath(listed) for listed in targets[1]]
        if any(_tests_list(p) and "$" not in p for p in lists) or _tests_extra(command.argv):
            found.append(
                Step(
                    name=step_name(command.argv),
                    kind="install",
                    argv=command.argv,
                    source=file.source(command.line),
                    needs=command_needs(command),
                    cwd=cwd or ".",
                )
            )
    return tuple(found)


_OWN_EXTRAS = lazyre.compile(r"^\.?/?\[([\w ,.-]{1,200})\]$")
"""The checkout's own package with extras: ``.[test]``, ``./[tests,dev]``."""


def _tests_extra(argv: Sequence[str]) -> bool:
    """Whether ``argv`` installs the checkout's own package with its tests' extra."""
    for word in argv:
        extras = _OWN_EXTRAS.match(word)
        if extras and any(_TEST_WORD.search(e.strip()) for e in extras.group(1).split(",")):
            return True
    return False


def _runs_pytest(argv: Sequence[str]) -> bool:
    return bool(_PYTEST.search(" ".join(argv)))


def _what(argv: tuple[str, ...]) -> tuple[str, ...]:
    """What an install command installs, whichever pip runs it: its words after ``install``
    (verl's CI runs ``pip install --no-deps -e .[test]`` in one workflow and ``pip3 install
    --no-deps -e .[test]`` in another, shangxt10/verl_mindspeedmm@da9e8534)."""
    return argv[argv.index("install") + 1 :] if "install" in argv else argv


def _group(step: Step) -> bool:
    """Whether ``step`` installs a dependency group: a ``pip install --group`` of the repo's
    or the tests' group ``testgroups`` names."""
    return _GROUP in step.argv or step.name.startswith(GROUP_STEP)


def _cwd(step: Step) -> str:
    return posixpath.normpath(step.cwd or ".")


def _installed_lists(steps: Sequence[Step]) -> set[str]:
    """The requirements files the steps already install, from the repo's root."""
    installed: set[str] = set()
    for step in steps:
        targets = pip_install_targets(step.argv) if step.kind == "install" else None
        for listed in targets[1] if targets else ():
            installed.add(posixpath.normpath(posixpath.join(step.cwd, listed)))
    return installed


def tests_requirements_first(
    steps: Sequence[Step], extractions: Iterable[Extraction], is_file: Callable[[str], bool]
) -> list[Step]:
    """``steps`` with each install of the tests' requirements the repo's CI runs before its
    pytest run (``Extraction.test_installs``, read with the CI file) just before the first test
    step that runs pytest (a ``pip install pytest`` before it is no test, review38 10), where
    no step installs that list or that extra already and the checkout has it (``is_file``, by
    path in the repo)."""
    first = next(
        (i for i, s in enumerate(steps) if s.kind == "test" and _runs_pytest(s.argv)),
        None,
    )
    if first is None:
        return list(steps)
    installed = _installed_lists(steps)
    done = {(_cwd(s), _what(s.argv)) for s in steps}
    added: list[Step] = []
    # the CI's installs first; a dependency group (``testgroups``) only where nothing else
    # installs the tests' needs
    ci = sorted(
        (s for e in extractions for s in e.test_installs),
        key=lambda s: (_group(s), s.source.ref, s.source.line or 0),
    )
    for step in ci:
        if _group(step) and (added or any(_group(s) for s in steps)):
            continue
        targets = pip_install_targets(step.argv)
        cwd = _cwd(step)
        lists = [posixpath.normpath(posixpath.join(cwd, p)) for p in targets[1]] if targets else []
        wanted = [p for p in lists if _tests_list(p) and "$" not in p]
        if (cwd, _what(step.argv)) in done or (
            wanted and all(p in installed or not is_file(p) for p in wanted)
        ):
            continue
        package = (posixpath.join(cwd, f) for f in ("setup.py", "pyproject.toml"))
        if not wanted and not any(is_file(posixpath.normpath(f)) for f in package):
            continue
        installed.update(wanted)
        done.add((cwd, _what(step.argv)))
        added.append(step)
    return [*steps[:first], *added, *steps[first:]]
