"""A framework stated only in a folder named after it, beside another framework, is an option.

A repo that supports two frameworks as alternatives keeps a guide per framework: MindSpeed-LLM
(lvhaojieming/MIndSpeed@faadbe7) installs torch 2.7.1 in docs/zh/pytorch/training/
install_guide.md:65 and "MindSpore 2.9.0" in docs/zh/mindspore/install_guide.md:60, the other
backend. Both guides were read as the repo's, so one environment was planned with both
(outsider20 D9). A need of a framework whose every place lies under a folder named after that
framework, while the repo states another framework outside such a folder, takes that
framework's route (``option:<framework>``): the solver leaves it out of the repo's environment
and the report still shows it. Two frameworks each stated only in its own folder stay: no line
says which route is the repo's."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping

import msgspec

from bringup.model import Requirement
from bringup.scan.docsections import framework_named
from bringup.subjects import frameworks


def _framework(requirement: Requirement) -> str:
    """The framework a requirement's subject is ("torch" is "pytorch"), or ""."""
    if requirement.feature or requirement.subject not in frameworks():
        return ""
    return framework_named(requirement.subject)


def _folders(requirement: Requirement, rel_of: Mapping[str, str]) -> set[str]:
    """The framework the folders of each place of ``requirement`` are named after, the
    innermost; "" for a place under none."""
    rels = (rel_of.get(s.ref, "") for s in (requirement.source, *requirement.also_at))
    named = (
        list(filter(None, map(framework_named, posixpath.dirname(r).split("/")))) for r in rels
    )
    return {found[-1] if found else "" for found in named}


def framework_options(
    requirements: list[Requirement], rel_of: Mapping[str, str]
) -> list[Requirement]:
    """``requirements`` with each framework stated only in folders named after it given that
    framework's option, where the repo states another framework elsewhere.
    ``rel_of``: each read file's path in the repo by its ``Source.ref``."""
    alone = {id(r): f for r in requirements if (f := _framework(r)) and _folders(r, rel_of) == {f}}
    elsewhere = {_framework(r) for r in requirements if id(r) not in alone}
    return [
        msgspec.structs.replace(r, feature=f"option:{alone[id(r)]}")
        if id(r) in alone and elsewhere - {alone[id(r)], ""}
        else r
        for r in requirements
    ]
