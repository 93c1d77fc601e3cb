"""The tests' dependency group a ``pyproject.toml`` declares, installed before the tests run.

A PEP 735 group holds what the tests import and the package does not: NVIDIA/nvmath-python@63409f5
pyproject.toml:231-241 ``tests-no-cupy`` names pytest and hypothesis, which tests/conftest.py:13
imports; its docs install the tests' needs with ``pip install --group dev``
(docs/sphinx/installation.rst:463). A plan that runs pytest without it fails every test at
collection on ``No module named 'hypothesis'`` (outsider20 D2: 18 of 18). The group is the
tests' (a ``test``/``tests`` word in its name) and holds pytest, itself or through the groups it
includes; of several, one that names no toolkit's flavour (``tests-cu12``, ``tests-rocm``: the
same tests with one CUDA's array library) comes first, then the first declared.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bringup import lazyre
from bringup.model import Step, StepNeeds
from bringup.scan.extraction import SourceFile
from bringup.scan.locate import line_of_table
from bringup.tomlfile import line_of

_TEST_WORD = lazyre.compile(r"(?:^|[-_.])tests?(?=$|[-_.])", re.IGNORECASE)
_FLAVOUR = lazyre.compile(r"(?:^|[-_])(?:cu(?:da)?\d{1,3}x?|rocm\d*|sysctk\d*)(?=$|[-_])", re.I)
"""A group for one toolkit's flavour: ``tests-cu12``, ``tests-cuda11x``, ``test-rocm``."""
_PYTEST = lazyre.compile(r"^\s*pytest\s*(?:$|[\[<>=!~;@ ])", re.IGNORECASE)
"""An entry that is pytest itself (``pytest``, ``pytest>=8``), not a plugin (``pytest-xdist``)."""


def _holds_pytest(groups: Mapping[str, Any], name: str, seen: set[str]) -> bool:
    """Whether group ``name`` lists pytest, itself or through an ``include-group``."""
    if name in seen or not isinstance(groups.get(name), list):
        return False
    seen.add(name)
    for entry in groups[name]:
        if isinstance(entry, str) and _PYTEST.match(entry):
            return True
        included = entry.get("include-group") if isinstance(entry, dict) else None
        if isinstance(included, str) and _holds_pytest(groups, included, seen):
            return True
    return False


GROUP_STEP = "install the tests' dependency group "
"""How the group's install step is named (``testdeps`` tells it from the CI's installs)."""


def _entries(groups: Mapping[str, Any], name: str, seen: set[str]) -> list[str]:
    """The requirements group ``name`` lists, with those of the groups it includes, each once:
    what ``pip install --group`` installs, named one by one since only pip 25.1 or newer has
    ``--group`` (review39: a stdlib venv's pip is older, 23.0.1 from Python 3.11.2's
    ensurepip, and ``up`` makes one where uv is missing or cannot seed pip)."""
    if name in seen or not isinstance(groups.get(name), list):
        return []
    seen.add(name)
    found: list[str] = []
    for entry in groups[name]:
        included = entry.get("include-group") if isinstance(entry, dict) else None
        listed = [entry] if isinstance(entry, str) else []
        listed += _entries(groups, included, seen) if isinstance(included, str) else []
        found += [e for e in listed if e not in found]
    return found


def tests_group_install(file: SourceFile, groups: Mapping[str, Any]) -> tuple[Step, ...]:
    """The install of the tests' dependency group of the repo's top ``pyproject.toml``
    (``file``, its ``[dependency-groups]`` table ``groups``), or none."""
    if file.rel != "pyproject.toml":
        return ()
    named = [
        g
        for g in groups
        if isinstance(g, str) and _TEST_WORD.search(g) and _holds_pytest(groups, g, set())
    ]
    if not named:
        return ()
    chosen = min(named, key=lambda g: bool(_FLAVOUR.search(g)))
    table = line_of_table(file.text, "dependency-groups") or 1
    step = Step(
        name=f"{GROUP_STEP}{chosen}",
        kind="install",
        argv=("python", "-m", "pip", "install", *_entries(groups, chosen, set())),
        source=file.source(line_of(file.text, chosen, start=table) or table),
        needs=StepNeeds(network=True),
    )
    return (step,)
