"""An install of the repo's own folder that another install of the same folder covers.

A guide and a CI workflow often install the project each their own way: dfm/extending-jax@371dca9
README.md:316 ``pip install .`` and .github/workflows/tests.yml:31 ``python -m pip install -v
'.[test]'``. Both build the whole project (104 s and 108 s there, outsider23 D10), and the second
installs all the first does, with the ``test`` extra's packages beside it (pip's extras: the
distribution and the optional dependencies the extra names). So the plain install is listed,
not run: covered by the one with the extras. An install of the same folder with the same
extras is covered by the first of them.

Only where nothing else could tell the two apart: the same folder, both editable or both not
(``-e .`` links the checkout, ``.`` copies it), the same options besides verbosity and
``--upgrade`` (``--no-deps`` or ``--no-build-isolation`` on one only is another install), the
plain one holding no other target, and only installs between them in the plan's order (a build
or test between would lose the install it waited for)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from typing import NamedTuple

from bringup.model.plan import Reason
from bringup.model.requirements import Step
from bringup.scan.commands import PIP_VALUE_OPTIONS, pip_install_targets

_SAME = frozenset({"-v", "-vv", "-vvv", "--verbose", "-q", "-qq", "--quiet", "-U", "--upgrade"})
"""Options that change how much pip says, or whether it reinstalls, not what is installed."""

_FOLDER = re.compile(r"^(?P<path>\.[\w./-]*|[\w.-]+/[\w./-]*)(?:\[(?P<extras>[\w,. -]*)\])?$")
"""A folder as ``pip install`` names one (``.``, ``./``, ``../x``, ``sub/dir``), extras after it."""

_SHELL = re.compile(r"[|;&<>()`$]")


class _Target(NamedTuple):
    folder: str
    extras: frozenset[str]
    editable: bool


class _Install(NamedTuple):
    folders: tuple[_Target, ...]
    others: bool
    """Whether the command installs anything besides folders (a name, a list, a wheel)."""
    options: frozenset[str]


def _extras(text: str | None) -> frozenset[str]:
    """Extra names as pip compares them (PEP 685: lower case, runs of ``-_.`` as one ``-``)."""
    words = (re.sub(r"[-_.]+", "-", w.strip()).lower() for w in (text or "").split(","))
    return frozenset(w for w in words if w)


def _install(step: Step) -> _Install | None:
    """The folders a ``pip install`` step installs, whether it installs more, its options."""
    argv = step.argv
    if step.kind != "install" or pip_install_targets(argv) is None or "install" not in argv:
        return None
    if any(_SHELL.search(word) for word in argv):
        return None
    folders: list[_Target] = []
    options: set[str] = set()
    others = False
    editable = False
    value_of = ""
    for word in argv[argv.index("install") + 1 :]:
        if value_of:
            options.add(f"{value_of} {word}")
            others = others or value_of in ("-r", "--requirement")
            value_of = ""
            continue
        if word in ("-e", "--editable"):
            editable = True
            continue
        if word in ("-r", "--requirement") or word in PIP_VALUE_OPTIONS:
            value_of = word
            continue
        if word.startswith("-"):
            options.update(() if word in _SAME else (word,))
            continue
        found = _FOLDER.match(word)
        if found is None or word.endswith((".whl", ".zip", ".tar.gz")):
            others = True
        else:
            path = posixpath.normpath(posixpath.join(step.cwd or ".", found.group("path")))
            folders.append(_Target(path, _extras(found.group("extras")), editable))
        editable = False
    return _Install(tuple(folders), others, frozenset(options))


def _covers(plain: _Install, full: _Install) -> bool | None:
    """Whether ``full`` installs all ``plain`` does: True with more extras, False with the same
    ones (a repeat), None when it does not cover it."""
    if len(plain.folders) != 1 or plain.others or plain.options != full.options:
        return None
    target = plain.folders[0]
    for other in full.folders:
        if (other.folder, other.editable) == (target.folder, target.editable):
            if other.extras > target.extras:
                return True
            if other.extras == target.extras:
                return False
    return None


def covered_installs(
    steps: Sequence[Step], runs: Sequence[bool], *, first: int = 1
) -> dict[int, Reason]:
    """The steps (by index into ``steps``, the plan's order) that another install covers, with
    the reason naming it (its command, its number in the plan, whose steps start at ``first``,
    its line); ``runs`` says which steps the plan runs (only those cover or are covered: a
    skipped install covers nothing)."""
    parsed = [_install(s) if run else None for s, run in zip(steps, runs)]
    covering: dict[int, int] = {}
    for i, plain in enumerate(parsed):
        if plain is None:
            continue
        for j, full in enumerate(parsed):
            said = _covers(plain, full) if full is not None and j != i else None
            if (said or (said is False and j < i)) and j not in covering:
                covering[i] = j
                break
    found: dict[int, Reason] = {}
    for i, by in covering.items():
        j = by
        while j in covering:
            j = covering[j]
        low, high = min(i, j), max(i, j)
        if all(s.kind == "install" for s in steps[low:high]):
            found[i] = Reason(
                kind="covered",
                subject=str(first + j),
                need=steps[j].name,
                sources=(steps[j].source,),
            )
    return found
