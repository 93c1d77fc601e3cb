"""A repo whose route needs one kind of device, on a host with no accelerator at all: it needs
other hardware, as a GPU repo whose compute capability no device here shows does. mindx-science
pins ``mindspore_ascend==1.7.0`` (Ascend/mindx-science@8e312c0 requirements.txt:3, a build for
Ascend devices only) and LLM-TP-Inference-on-910B's run starts 8 ranks on NPUs (``--world_size
8``, KaihuaTang/LLM-TP-Inference-on-910B@e1c3284 README.md:26); ``check`` said both "run here
after installing CANN" on a CPU host while the sm_89 kernels "need other hardware" (outsider8
#5). The toolkit is still what can be installed here: the verdict lists it after the devices.

A repo whose route needs the toolkit alone (an operator built with CANN, a library that builds
host code beside its kernels) still runs here after installing it, its device steps counted
apart. One whose setup.py builds that kind's extensions and nothing else (``DEVICE_CODE_ONLY``:
camenduru/simple-knn's ``CUDAExtension``, outsider13 D4) builds here but its code runs on the
devices alone: its block is on the devices (``RUNS_ONLY_ON``), which ``check`` words as "builds
here; runs only on ..." (``report.check_rows``)."""

from __future__ import annotations

from typing import Optional

from bringup import backends
from bringup.model.requirements import Component, Requirement
from bringup.model.resolution import HardwareBlock
from bringup.model.source import Source
from bringup.scan.devicecode import DEVICE_CODE, says_device_code
from bringup.solve.host import HostFacts
from bringup.solve.otherkind import kind_shown
from bringup.solve.ownpackage import own_device_package
from bringup.subjects import block_scope, canonical_subject


def no_device_here(component: Component, host: HostFacts) -> list[HardwareBlock]:
    """The block of ``component`` on a host that shows no backend's devices or driver, when
    its route needs one kind's devices (``_route_device``); none otherwise."""
    from bringup.solve.kinds import kinds_needed

    registered = [backend for backend, _devices in backends.with_devices()]
    if any(kind_shown(host, backend) for backend in registered):
        return []
    needed = kinds_needed(component)
    for kind, line in needed.items():
        devices = backends.backend(kind).devices
        count = host.value(devices.count_subject) if devices is not None else None
        if count is None or count.values != ("0",):
            continue
        reason = _route_device(component, kind, count.subject) or _device_code(
            component, kind, count.subject
        )
        if reason is None:
            continue
        return [
            HardwareBlock(
                component=component.name,
                requirement=reason or line,
                host=count,
                kind="hardware",
                scope=block_scope(count.subject),
            )
        ]
    return []


def _route_device(component: Component, kind: str, count: str) -> Optional[Requirement]:
    """A line on ``kind``'s devices (``count``, at least one) when the repo's own route needs a
    distribution that works on those devices alone (``device_packages``: mindspore_ascend,
    vllm_ascend, triton_ascend), or is one itself, cited where the repo names it; None when
    none does. The
    devices are the need, not the package: "needs other hardware: vllm_ascend (any version)"
    named no device at all (outsider17 D2). (A torch adapter, torch_npu, is left out: it
    would move six-repos' train-adapter, a change of ``make demo`` left to a deliberate
    decision.)"""
    own = set(backends.backend(kind).vocabulary.device_packages)
    line = next(
        (r for r in component.requirements if r.hard and canonical_subject(r.subject) in own),
        None,
    ) or own_device_package(component, own)
    if line is None:
        return None
    text = f"{canonical_subject(line.subject)} {ROUTE_DEVICES}"
    return _devices_at(component, count, line, text, also_at=line.also_at)


ROUTE_DEVICES = "works on these devices alone"
"""The words of a device line ``_route_device`` makes, after the package's name."""


RUNS_ONLY_ON = "the code it builds runs on these devices alone"
"""The words of a device line ``_device_code`` makes: the repo builds here, and runs elsewhere."""


def _device_code(component: Component, kind: str, count: str) -> Optional[Requirement]:
    """A line on ``kind``'s devices (``count``, at least one) when the repo's setup.py builds
    that kind's extensions alone (``DEVICE_CODE_ONLY``) or a CMake program it builds links the
    device runtime (``DEVICE_PROGRAM``), cited where it builds or links them; or when the scan
    noted such a line folded under another of the toolkit's (``folded_device_code``)."""
    toolkit = backends.backend(kind).vocabulary.toolkit_subject
    line = next(
        (
            r
            for r in component.requirements
            if r.hard and r.subject == toolkit and says_device_code(r.text)
        ),
        None,
    )
    key = f"scan.note.{DEVICE_CODE}.{toolkit}"
    note = next((f for f in component.findings if f.key == key), None)
    if line is None and note is not None and toolkit is not None:
        line = Requirement(
            subject=toolkit,
            spec="",
            component=component.name,
            source=note.source,
            confidence="medium",
            text=note.reason,
        )
    return None if line is None else _devices_at(component, count, line, RUNS_ONLY_ON)


def _devices_at(
    component: Component,
    count: str,
    line: Requirement,
    text: str,
    also_at: tuple[Source, ...] = (),
) -> Requirement:
    """At least one of the devices ``count`` counts, cited where ``line`` says why."""
    return Requirement(
        subject=count,
        spec=">=1",
        component=component.name,
        source=line.source,
        confidence=line.confidence,
        text=text,
        also_at=also_at,
    )
