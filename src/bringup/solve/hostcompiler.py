"""The host compiler a toolkit's compiler drives, as a need of the repos that compile with it.

nvcc compiles host code with the machine's GCC and refuses one newer than it knows
(``crt/host_config.h``: "unsupported GNU version"); the knowledge base has those rows
(``nvcc_gcc.toml``: CUDA 11.3 -> GCC < 11). A row joins the solve only where both of its
subjects are needed, and no repo states "GCC" when it builds a ``CUDAExtension``
(IDEA-Research/GroundingDINO@856dde20 setup.py:80-85, facebookresearch/sam2@2b90b9f5
setup.py:103), so an environment pinned CUDA 11.3 on a GCC 12.2 host was planned as if it
would build. A repo that compiles with a toolkit therefore needs the host compiler the
toolkit's rows name and this host has: then the rows hold for it, and the plan installs a
compiler they admit or the conflict says why none fits.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

import msgspec

from bringup import backends
from bringup.model.requirements import Component, Requirement
from bringup.model.rules import Rule
from bringup.model.source import Source
from bringup.solve.host import HostFacts
from bringup.subjects import canonical_subject, catalogue, scope_of

_BUILD_FILES = ("setup.py", "CMakeLists.txt", "Makefile", "GNUmakefile", "meson.build")
_BUILD_SUFFIXES = (".cmake", ".mk")


def _toolkits() -> frozenset[str]:
    """The toolkits whose compilers the backends name (``nvcc`` -> ``cuda``)."""
    return frozenset(s for b in backends.registered() for s in b.vocabulary.compilers.values())


def _build_file(source: Source) -> bool:
    name = posixpath.basename(source.ref or "")
    return source.kind == "file" and (name in _BUILD_FILES or name.endswith(_BUILD_SUFFIXES))


def _compiles_with(component: Component, toolkit: str) -> Source | None:
    """Where ``component`` compiles with ``toolkit``: a step that builds with it (``pip
    install -e .`` of a setup.py with a ``CUDAExtension``), else a build file among the
    places that state its need of the toolkit; None when nothing says it compiles."""
    kinds = {
        b.device_kind for b in backends.registered() if toolkit in b.vocabulary.compilers.values()
    }
    for step in component.steps:
        if step.needs.toolkit and step.needs.device_kind in kinds:
            return step.source
    for req in component.requirements:
        if req.hard and canonical_subject(req.subject) == toolkit:
            for place in (req.source, *req.also_at):
                if _build_file(place):
                    return place
    return None


def _compilers(rules: Sequence[Rule], toolkit: str, host: HostFacts) -> list[str]:
    """The host compilers the toolkit's rows name that this host has, the catalogue's first
    (GCC, nvcc's default on Linux) alone: one compiler builds the host code."""
    named = {
        canonical_subject(r.then_subject)
        for r in rules
        if canonical_subject(r.subject) == toolkit
        and scope_of(canonical_subject(r.then_subject)) == "system_tool"
    }
    present = [s.name for s in catalogue() if s.name in named and host.installed_versions(s.name)]
    return present[:1]


def with_host_compiler(
    components: Sequence[Component], host: HostFacts, rules: Sequence[Rule]
) -> list[Component]:
    """``components``, each that compiles with a toolkit also needing the host compiler the
    toolkit's rows constrain (any version: the rows say which), cited where it compiles."""
    toolkits = _toolkits()
    out = []
    for given in components:
        component, added = given, []
        stated = {canonical_subject(r.subject) for r in component.requirements}
        for toolkit in sorted(toolkits & stated):
            where = _compiles_with(component, toolkit)
            if where is None:
                continue
            for compiler in _compilers(rules, toolkit, host):
                if compiler in stated:
                    continue
                added.append(
                    Requirement(
                        subject=compiler,
                        spec="",
                        component=component.name,
                        source=where,
                        confidence="medium",
                        text=f"compiles with the {toolkit} toolkit, whose compiler drives "
                        f"the host's {compiler}",
                    )
                )
        if added:
            requirements = (*component.requirements, *added)
            component = msgspec.structs.replace(component, requirements=requirements)
        out.append(component)
    return out
