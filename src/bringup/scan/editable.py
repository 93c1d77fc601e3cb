"""A repo whose README says editable installs do not work for it: the install the plan guesses
from its build table alone (``pip install -e .``, ``scan.pyproject``) is made a plain one.
pybind/cmake_example@7a94877f README.md:37 "Modern editable installs are not supported"
beside pyproject.toml:1 ``[build-system]`` (outsider13 D3); scikit-build-core's projects say
the same of older releases. A stated ``pip install -e .`` is the author's and stays."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import msgspec

from bringup import lazyre
from bringup.model import Step
from bringup.scan.walk import RepoFile

_UNSUPPORTED = lazyre.compile(
    r"\beditable\s+(?:installs?|installations?|mode|builds?)\s+(?:is|are)\s+not\s+"
    r"(?:supported|possible|available)"
    r"|\bdo(?:es)?\s*(?:not|n't)\s+support\s+editable\b"
    r"|\bcannot\s+be\s+installed\s+in\s+editable\s+mode",
    re.IGNORECASE,
)
_EDITABLE = ("-e", "--editable")


def says_unsupported(text: str) -> bool:
    """Whether ``text`` says editable installs are not supported."""
    return _UNSUPPORTED.search(text) is not None


def not_editable(defaults: Sequence[Step], texts: Mapping[str, tuple[RepoFile, str]]) -> list[Step]:
    """``defaults`` with a guessed editable install made plain when the top-level README says
    editable installs are not supported; unchanged otherwise."""
    readmes = [
        text
        for entry, text in texts.values()
        if "/" not in entry.rel and entry.rel.lower().startswith("readme")
    ]
    if not any(says_unsupported(text) for text in readmes):
        return list(defaults)
    return [_plain(step) if step.kind == "install" else step for step in defaults]


def _plain(step: Step) -> Step:
    if not any(word in _EDITABLE for word in step.argv):
        return step
    argv = tuple(word for word in step.argv if word not in _EDITABLE)
    name = step.name.replace("install -e ", "install ") if step.name else step.name
    return msgspec.structs.replace(step, argv=argv, name=name)
