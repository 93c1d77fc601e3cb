"""The install steps that are another kind of host's: a step whose own words install a device
backend's packages or wheel builds (``pip install flash-attn``, ``torch==2.1.0+cu118``, an
index such as ``--index-url .../whl/cu121``), or that runs a repo script whose own lines do
(montehoover/verl@9c46ae81 README.md:20 ``bash scripts/install_vllm_sglang_mcore.sh``, which
installs vllm 0.11.0, flash-attn ``+cu12`` and nvidia-cudnn-cu12): on a host of another kind
they would put that backend's wheels into its environment, so they are not planned there
(outsider23 D10). Pure: a repo's steps and lines in, the kinds each step installs for out."""

from __future__ import annotations

import posixpath
import re

from bringup import backends
from bringup.model.requirements import Component, Requirement, Step

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def install_kinds(step: Step, component: Component) -> frozenset[str]:
    """The device backends whose packages ``step`` installs, by its words or its script's."""
    from bringup.solve.kinds import kind_of_subject

    if step.kind != "install":
        return frozenset()
    found = {_build_kind(word) for word in step.argv}
    if "install" in step.argv:
        names = (_NAME.match(w) for w in step.argv[step.argv.index("install") + 1 :])
        found |= {kind_of_subject(f"pypi:{m.group(0)}") for m in names if m is not None}
    lines = script_lines(step, component)
    found |= {kind_of_subject(r.subject) for r in lines} | {_build_kind(r.spec) for r in lines}
    return frozenset(k for k in found if k)


def _build_kind(word: str) -> str | None:
    """The backend whose wheel build (a local label, ``+cu118``) or wheel index a word names."""
    for backend in backends.registered():
        labels = backend.vocabulary.local_builds
        if labels and "+" in word and re.search(rf"\+(?:{labels})(?!\d)", word):
            return backend.name
        if any(re.search(index, word) for index, _subject in backend.vocabulary.wheel_indexes):
            return backend.name
    return None


def script_lines(step: Step, component: Component) -> tuple[Requirement, ...]:
    """The repo's lines read from the scripts ``step`` runs (``bash scripts/x.sh``)."""
    scripts = [w for w in step.argv[:2] if w.endswith(".sh") and "$" not in w]
    paths = {posixpath.normpath(posixpath.join(step.cwd, script)) for script in scripts}
    paths = {p for p in paths if not p.startswith(("..", "/"))}
    if not paths:
        return ()
    lines = [*component.requirements, *(r for s in component.scopes for r in s.requirements)]
    return tuple(r for r in lines if any(_at(r.source.ref, path) for path in paths))


def _at(ref: str, path: str) -> bool:
    return ref == path or ref.endswith(f"/{path}")
