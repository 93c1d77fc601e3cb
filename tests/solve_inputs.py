"""Hand-built inputs for the solver and planner tests: repos, rules and recorded-style hosts
in a few lines each, and the reader of the resolvelib-style case files under
``tests/fixtures/solve/``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Optional

from bringup.backends.ascend import keys as ascend_keys
from bringup.backends.cuda import keys as cuda_keys
from bringup.model import (
    Accelerator,
    Component,
    Fact,
    Package,
    PythonInstall,
    Requirement,
    Role,
    Rule,
    Snapshot,
    Source,
    Step,
    StepNeeds,
    Toolkit,
    command_source,
    file_source,
    keys,
)
from bringup.solve import Catalogue
from bringup.tomlfile import read_toml

NPU_SMI = command_source(["npu-smi", "info"])


def where(text: str) -> Source:
    """``"ops/README.md:12"`` as a file source."""
    path, _, line = text.rpartition(":")
    return file_source(path, int(line)) if line.isdigit() else file_source(text)


def requirement(
    component: str, subject: str, spec: str, at: str = "", *, hard: bool = True
) -> Requirement:
    return Requirement(
        subject=subject,
        spec=spec,
        component=component,
        source=where(at or f"{component}/README.md:1"),
        hard=hard,
    )


def step(
    name: str,
    kind: str = "build",
    *,
    devices: int = 0,
    device_kind: Optional[str] = None,
    chips: Sequence[str] = (),
    toolkit: bool = False,
    at: str = "",
) -> Step:
    needs = StepNeeds(
        devices=devices,
        device_kind=device_kind,
        chips=tuple(chips),
        toolkit=toolkit,
    )
    return Step(
        name=name,
        kind=kind,  # type: ignore[arg-type]
        argv=("make", name),
        source=where(at or "Makefile:1"),
        needs=needs,
    )


def component(
    name: str,
    requires: Iterable[tuple[str, str]] = (),
    *,
    role: Role = "other",
    steps: Sequence[Step] = (),
    depends_on: Sequence[str] = (),
) -> Component:
    return Component(
        name=name,
        path=name,
        role=role,
        requirements=tuple(
            requirement(name, subject, spec, f"{name}/README.md:{n}")
            for n, (subject, spec) in enumerate(requires, start=1)
        ),
        steps=tuple(steps),
        depends_on=tuple(depends_on),
    )


def rule(
    rule_id: str,
    subject: str,
    spec: str,
    then_subject: str,
    then_spec: str,
    *,
    topic: str = "test",
) -> Rule:
    return Rule(
        id=rule_id,
        subject=subject,
        spec=spec,
        then_subject=then_subject,
        then_spec=then_spec,
        source="https://github.com/Ascend/pytorch/blob/master/COMPATIBILITY.en.md",
        topic=topic,
    )


def host(
    *,
    arch: str = "x86_64",
    glibc: str = "2.35",
    pythons: Sequence[str] = ("3.11.7",),
    packages: Mapping[str, str] | None = None,
    cann: Sequence[str] = (),
    npus: Sequence[str] = (),
    npu_smi: str = "absent",
    driver: Optional[str] = None,
    gcc: Optional[str] = None,
    facts: Mapping[str, str] | None = None,
) -> Snapshot:
    """A host as the probe would report it; ``npus`` lists the chip family of each NPU."""
    out = [
        Fact(key=keys.ARCH, value=arch, source=command_source(["uname", "-m"])),
        Fact(key=keys.GLIBC, value=glibc, source=command_source(["ldd", "--version"])),
    ]
    if npus or npu_smi == "ok":
        out.append(Fact(key=ascend_keys.ASCEND_NPU_SMI, value="ok", source=NPU_SMI))
    else:
        out.append(Fact(key=ascend_keys.ASCEND_NPU_SMI, status=npu_smi, source=NPU_SMI))  # type: ignore[arg-type]
    out.append(
        Fact(key=cuda_keys.NVIDIA_SMI, status="absent", source=command_source(["nvidia-smi"]))
    )
    driver_source = file_source("/usr/local/Ascend/driver/version.info", 1)
    if driver is not None:
        out.append(Fact(key=ascend_keys.ASCEND_DRIVER, value=driver, source=driver_source))
    else:
        out.append(Fact(key=ascend_keys.ASCEND_DRIVER, status="absent", source=driver_source))
    if gcc is not None:
        out.append(Fact(key=keys.GCC, value=gcc, source=command_source(["gcc", "--version"])))
    for key, value in (facts or {}).items():
        out.append(Fact(key=key, value=value, source=command_source(["probe", key])))
    accelerators = tuple(
        Accelerator(vendor="ascend", index=i, name=f"Ascend{family}", family=family, source=NPU_SMI)
        for i, family in enumerate(npus)
    )
    toolkits = tuple(
        Toolkit(
            kind="cann-toolkit",
            version=version,
            path=f"/usr/local/Ascend/ascend-toolkit/{version}",
            source=file_source(
                f"/usr/local/Ascend/ascend-toolkit/{version}/ascend_toolkit_install.info", 1
            ),
            active=n == 0,
        )
        for n, version in enumerate(cann)
    )
    installs = tuple(
        _python(version, (packages or {}) if n == 0 else None) for n, version in enumerate(pythons)
    )
    return Snapshot(
        taken_at="2025-01-01T00:00:00Z",
        origin="replay",
        facts=tuple(out),
        accelerators=accelerators,
        toolkits=toolkits,
        pythons=installs,
    )


def _python(version: str, packages: Mapping[str, str] | None) -> PythonInstall:
    """An interpreter; the default one (with ``packages``) cited as the probe cites it, by
    the command that ran ``inspect_env.py`` inside it."""
    path = f"/usr/bin/python{version.rsplit('.', 1)[0]}"
    if packages is None:
        return PythonInstall(
            path=path,
            version=version,
            origin="path",
            source=command_source([path.rsplit("/", 1)[1], "--version"]),
        )
    return PythonInstall(
        path=path,
        version=version,
        origin="default",
        source=command_source([path, "-I", "inspect_env.py"]),
        packages=tuple(Package(name=n, version=v) for n, v in packages.items()),
    )


def catalogue(releases: Mapping[str, Sequence[str]]) -> Catalogue:
    return Catalogue.from_mapping(releases)


# --- case files -----------------------------------------------------------------------------


def read_case(path: Path) -> dict[str, Any]:
    """A case file: ``[host]``, ``[releases]``, ``[[rules]]``, ``[[requested]]`` and
    ``[expected]`` (see tests/fixtures/solve/README.md)."""
    _text, data = read_toml(path)
    return data


def case_inputs(
    case: Mapping[str, Any],
) -> tuple[list[Component], Snapshot, list[Rule], Catalogue]:
    components = [
        Component(
            name=entry["name"],
            path=entry["name"],
            role=entry.get("role", "other"),
            requirements=tuple(
                requirement(entry["name"], subject, spec, at)
                for subject, spec, at in entry["requires"]
            ),
        )
        for entry in case["requested"]
    ]
    rules = [
        rule(
            r["id"],
            r["subject"],
            r["spec"],
            r["then_subject"],
            r["then_spec"],
            topic=r.get("topic", "case"),
        )
        for r in case.get("rules", [])
    ]
    spec = case.get("host", {})
    snapshot = host(
        arch=spec.get("arch", "x86_64"),
        glibc=spec.get("glibc", "2.35"),
        pythons=spec.get("pythons", ["3.11.7"]),
        cann=spec.get("cann", []),
        npus=spec.get("npus", []),
        driver=spec.get("driver"),
        gcc=spec.get("gcc"),
    )
    return components, snapshot, rules, catalogue(case.get("releases", {}))
