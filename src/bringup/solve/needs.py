"""Requirements that are not versions: a submodule to fetch, an environment variable to set,
a system package or tool to install, the network while building. ``spec`` names the thing
(a path, a variable, a tool, a URL). The solver chooses nothing for them: each becomes a
check with status ``needed`` and the plan says what to do (``git submodule update --init``,
set the variable, install the package); a build that downloads needs the network."""

from __future__ import annotations

from bringup.model.requirements import Component
from bringup.model.resolution import Check
from bringup.model.source import Source
from bringup.subjects import NEEDS


def need_checks(component: Component) -> list[Check]:
    """One ``needed`` check per thing the component needs, citing every place that says so."""
    places: dict[tuple[str, str, bool], list[Source]] = {}
    declared = [r.spec for r in component.requirements if r.subject == "submodule"]
    for req in component.requirements:
        if req.subject == "system_package":
            # one install line's packages, each its own need: the tools found here are none,
            # the rest each its own package (outsider13 D10: "install make wget curl ... gdb"
            # as one name, though make, wget and curl were here)
            for name in dict.fromkeys(req.spec.split()):
                places.setdefault((req.subject, name, req.hard), []).append(req.source)
        elif req.subject in NEEDS:
            spec = _submodule_of(req.spec, declared) if req.subject == "submodule" else req.spec
            places.setdefault((req.subject, spec, req.hard), []).append(req.source)
    return [
        Check(
            component=component.name,
            subject=subject,
            spec=spec,
            source=sources[0],
            status="needed",
            hard=hard,
            also=tuple(sources[1:]),
        )
        for (subject, spec, hard), sources in places.items()
    ]


def _submodule_of(path: str, declared: list[str]) -> str:
    """The declared submodule a checked path lies in (CMake tests
    ``third_party/secure_c/include``; ``.gitmodules`` declares ``third_party/secure_c``)."""
    owners = [d for d in declared if path.startswith(d.rstrip("/") + "/")]
    return min(owners, key=len) if owners else path
