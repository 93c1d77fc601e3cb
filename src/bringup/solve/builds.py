"""An installed package built for one CUDA (``torch 2.0.1+cu117``: a wheel's local label) carries
kernels for the architectures that toolkit can target, and no others. Where the host's own
values call, by a hard row, for a newer toolkit (an H100's compute capability 9.0 needs CUDA
>= 11.8), that build cannot run there: it is not kept as the environment's version, the plan
installs a build of the release instead (pytorch/pytorch#110153: a cu117 torch on an H100)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Optional

from bringup.model.rules import Rule
from bringup.solve.host import HostFacts, Installed
from bringup.subjects import canonical_subject, scheme_for
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

_CUDA_BUILD = re.compile(r"\+cu(\d+)(\d)$")
"""A wheel's CUDA build tag: ``+cu117`` is CUDA 11.7, ``+cu92`` 9.2 (PyTorch's wheel index)."""


def cuda_build(version: str) -> Optional[str]:
    """The CUDA a package version's local label says it was built for, if it says."""
    found = _CUDA_BUILD.search(version)
    return f"{found[1]}.{found[2]}" if found else None


def _host_bounds(host: HostFacts, rules: Sequence[Rule]) -> list[SpecifierSet]:
    """The CUDA ranges hard rows demand of this host's fixed values."""
    bounds = []
    for rule in rules:
        if not rule.hard or canonical_subject(rule.then_subject) != "cuda":
            continue
        value = host.value(canonical_subject(rule.subject))
        if value is None or value.status != "ok" or not value.values:
            continue
        try:
            when = SpecifierSet(rule.spec, scheme_for(canonical_subject(rule.subject)))
            if all(when.contains(v) for v in value.values):
                bounds.append(SpecifierSet(rule.then_spec, scheme_for("cuda")))
        except (InvalidSpecifier, InvalidVersion):
            continue
    return bounds


def _fits(item: Installed, bounds: Sequence[SpecifierSet]) -> bool:
    build = cuda_build(item.version)
    if build is None:
        return True
    version = Version(build, scheme_for("cuda"))
    return all(bound.contains(version) for bound in bounds)


def without_unfit_builds(host: HostFacts, rules: Sequence[Rule]) -> HostFacts:
    """``host`` without the installed builds for a CUDA its own values rule out."""
    bounds = _host_bounds(host, rules)
    if not bounds:
        return host
    installed = {
        subject: tuple(item for item in items if _fits(item, bounds))
        for subject, items in host.installed.items()
    }
    return replace(host, installed=installed)
