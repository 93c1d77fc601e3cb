"""Python distributions whose own build imports torch (``builds_on_torch.toml``, each record
with the setup.py line that shows it): under the installer's default build isolation their
build cannot see the environment's torch and fails, and with it the one ``uv pip install``
of every repo sharing the environment (outside tester O5, D8: ``flash_attn`` beside
``torch==2.12.0`` for three repos). ``up`` installs them in a second command, after torch,
with ``--no-build-isolation``, and puts what their build imports in the first."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from importlib import resources

from bringup.model.requirements import Component
from bringup.tomlfile import parse_toml

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_NONE: Mapping[str, str] = {}


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.lru_cache(maxsize=1)
def builds_on_torch() -> dict[str, tuple[str, ...]]:
    """Distribution (normalised) -> what its build imports besides torch."""
    text = resources.files("bringup.run").joinpath("builds_on_torch.toml").read_text("utf-8")
    records = parse_toml(text, "builds_on_torch.toml").get("distribution", [])
    return {_key(r["name"]): tuple(r.get("build_tools", ())) for r in records}


def split_builds(
    requirements: Sequence[str], names: Mapping[str, str] = _NONE
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``requirements`` as (the first install, with the build tools of the second added;
    the second: what builds on torch), each in the order given. ``names``: the distribution a
    requirement that starts with no name installs (a bare VCS URL, ``git+https://github.com/
    NVIDIA/apex``: apex, whose build imports torch all the same)."""
    known = builds_on_torch()
    named = {r: names.get(r) or _name(r) for r in requirements}
    later = [r for r in requirements if _key(named[r]) in known]
    if not later:
        return tuple(requirements), ()
    first = [r for r in requirements if r not in later]
    present = {_key(named[r]) for r in first}
    for requirement in later:
        for tool in known[_key(named[requirement])]:
            if _key(tool) not in present:
                present.add(_key(tool))
                first.append(tool)
    return tuple(first), tuple(later)


def _name(requirement: str) -> str:
    match = _NAME.match(requirement.strip())
    return match.group(0) if match else requirement


def needing(components: Sequence[Component], built: Sequence[str]) -> tuple[str, ...]:
    """The repos of ``components`` that name a distribution of ``built`` (as a requirement of
    their own); all of them when none does (what asked for it cannot be told)."""
    wanted = {_key(_name(b)) for b in built}
    found = tuple(
        c.name
        for c in components
        if any(_key(r.subject.removeprefix("pypi:")) in wanted for r in c.requirements)
    )
    return found or tuple(c.name for c in components)
