"""A repo that is itself a device-only Python package needs that package's devices.

No line of cosdt/vllm-ascend@a524b50 asks for vllm_ascend: its setup.py:66 names it
(``name='vllm_ascend'``), it is the Ascend platform plugin of vLLM, and ``check`` said "may
run here" on a host with no NPU (outsider22 D5) where a repo that pins vllm_ascend needs one.
The repo's own distribution (``Component.distributions``, ``scan.owndists``) is read as such a
pin: which kind of device it needs (``solve.kinds``) and the devices a host without any lacks
(``solve.nodevice``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Optional

from bringup import backends
from bringup.model.requirements import Component, Requirement
from bringup.subjects import canonical_subject


def own_device_package(component: Component, packages: Collection[str]) -> Optional[Requirement]:
    """The repo's own distribution as a line, cited where its build file names it, when it is
    one of ``packages`` (canonical names); None otherwise."""
    built = next(
        (d for d in component.distributions if canonical_subject(d.subject) in packages), None
    )
    if built is None:
        return None
    return Requirement(
        subject=built.subject,
        spec="",
        component=component.name,
        source=built.source,
        confidence="high",
    )


def own_package_kinds(component: Component) -> dict[str, Requirement]:
    """Each device backend whose devices alone the repo's own distribution works on
    (``device_packages``), with that distribution as its line."""
    found: dict[str, Requirement] = {}
    for backend, _devices in backends.with_devices():
        line = own_device_package(component, backend.vocabulary.device_packages)
        if line is not None:
            found[backend.name] = line
    return found
