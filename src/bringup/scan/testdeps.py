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
from collections.abc import Callable, Mapping, Sequence

from bringup import lazyre
from bringup.model import Step, file_source
from bringup.scan.ci import RUN_KEYS, scripts_of
from bringup.scan.commands import Command, parse_commands, pip_install_targets
from bringup.scan.stepkinds import command_needs, step_name
from bringup.scan.walk import RepoFile

_PYTEST = lazyre.compile(r"\bpytest\b|\bpy\.test\b")
_TEST_WORD = lazyre.compile(r"(?:^|[-_./])tests?(?=$|[-_./])", re.IGNORECASE)


def _tests_list(path: str) -> bool:
    """Whether the requirements file at ``path`` is the tests' (``tests/requirements.txt``,
    ``requirements-test.txt``, ``test-requirements.txt``, ``requirements/tests.txt``)."""
    return path.endswith(".txt") and "requirement" in path.lower() and bool(_TEST_WORD.search(path))


def _ci_commands(text: str) -> list[Command]:
    """The commands of the workflow ``text``'s ``run``/``script`` values (CircleCI's
    ``command`` too), in the order of their lines, as ``ci`` reads them (YAML with lines
    kept: a commented-out ``# - run: pip install …`` is no command, and a ``run: |`` block's
    ``pip install \\`` continues on its next line); none for invalid YAML."""
    from bringup.scan import yamlnodes  # PyYAML only when YAML is read

    try:
        documents = yamlnodes.documents(text)
    except yamlnodes.YAMLError:
        return []
    commands: list[Command] = []
    for document in documents:
        for key, value in yamlnodes.pairs(document):
            if key.lower() in RUN_KEYS:
                for script, line in scripts_of(value):
                    commands.extend(parse_commands(script, line))
    return sorted(commands, key=lambda command: command.line)


def _ci_installs(text: str) -> list[tuple[str, Command]]:
    """``(list, command)`` of each tests' requirements list the workflow ``text`` installs
    before a pytest run of its own, the list's path taken from the repo's root. Only a plain
    command is a step (``commands``: ``pip install -r tests/requirements.txt > /dev/null``
    would hand pip ``>``)."""
    found: list[tuple[str, Command]] = []
    commands = _ci_commands(text)
    for index, command in enumerate(commands):
        targets = pip_install_targets(command.argv) if command.plain else None
        if not targets or not any(_runs_pytest(later.argv) for later in commands[index + 1 :]):
            continue
        for listed in targets[1]:
            path = posixpath.normpath(listed)
            if _tests_list(path) and "$" not in path:
                found.append((path, command))
    return found


def _runs_pytest(argv: Sequence[str]) -> bool:
    return bool(_PYTEST.search(" ".join(argv)))


def _installed_lists(steps: Sequence[Step]) -> set[str]:
    """The requirements files the steps already install, from the repo's root."""
    installed: set[str] = set()
    for step in steps:
        targets = pip_install_targets(step.argv) if step.kind == "install" else None
        for listed in targets[1] if targets else ():
            installed.add(posixpath.normpath(posixpath.join(step.cwd, listed)))
    return installed


def tests_requirements_first(
    steps: Sequence[Step], texts: Mapping[str, tuple[RepoFile, str]], is_file: Callable[[str], bool]
) -> list[Step]:
    """``steps`` with an install of each tests' requirements list the repo's CI installs
    before its pytest run (``_ci_installs``) just before the first test step that runs pytest
    (a ``pip install pytest`` before it is no test, review38 10), where no step
    installs that list already and the checkout has it (``is_file``, by path in the repo).
    ``texts``: the files read, by citation."""
    first = next(
        (i for i, s in enumerate(steps) if s.kind == "test" and _runs_pytest(s.argv)),
        None,
    )
    if first is None:
        return list(steps)
    installed = _installed_lists(steps)
    added: list[Step] = []
    for ref, (file, text) in sorted(texts.items()):
        if file.kind != "ci" or "pytest" not in text:
            continue
        for path, command in _ci_installs(text):
            if path in installed or not is_file(path):
                continue
            installed.add(path)
            added.append(
                Step(
                    name=step_name(command.argv),
                    kind="install",
                    argv=command.argv,
                    source=file_source(ref, command.line),
                    needs=command_needs(command),
                )
            )
    return [*steps[:first], *added, *steps[first:]]
