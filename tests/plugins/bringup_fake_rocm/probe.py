"""The fake ROCm backend's collector: the release in ``/opt/rocm/.info/version`` (one line,
``6.1.2`` or ``6.1.2-119``) and each GPU ``rocm-smi --showproductname`` lists (``GPU[0] : Card
Series: AMD Instinct MI300X``)."""

from __future__ import annotations

import re

from bringup.model import Accelerator, Fact, Source, Toolkit, command_source, file_source
from bringup.probe.access import not_on_path, read_text, run, which
from bringup.probe.context import Collected, ProbeContext

VERSION_FILE = "/opt/rocm/.info/version"
_FIELD = re.compile(r"^GPU\[(\d+)\]\s*:\s*([^:]+?)\s*:\s*(.*?)\s*$")
_CHIP = re.compile(r"\bMI\d{3}[A-Z]?\b")


def probe_rocm(ctx: ProbeContext) -> Collected:
    toolkit = _toolkit(ctx)
    devices = _devices(ctx)
    return Collected(facts=(toolkit[0], devices[0]), toolkits=toolkit[1], accelerators=devices[1])


def _toolkit(ctx: ProbeContext) -> tuple[Fact, tuple[Toolkit, ...]]:
    text, missing = read_text(ctx, VERSION_FILE, "rocm.toolkit.active")
    if missing is not None:
        return missing, ()
    release = (text or "").strip().split("-")[0]
    source = file_source(VERSION_FILE)
    toolkit = Toolkit(kind="rocm", version=release, path="/opt/rocm", source=source, active=True)
    return Fact(key="rocm.toolkit.active", value=release, source=source), (toolkit,)


def _devices(ctx: ProbeContext) -> tuple[Fact, tuple[Accelerator, ...]]:
    program = which(ctx, "rocm-smi")
    if program is None:
        return not_on_path("rocm.rocm_smi", "rocm-smi"), ()
    done, failed = run(ctx, [program, "--showproductname"], "rocm.rocm_smi")
    if failed is not None:
        return failed, ()
    source = command_source(done.argv)
    return Fact(key="rocm.rocm_smi", value="ok", source=source), _parse(done.stdout, source)


def _parse(text: str, source: Source) -> tuple[Accelerator, ...]:
    series: dict[int, str] = {}
    for line in text.splitlines():
        match = _FIELD.match(line)
        if match and match.group(2).lower() == "card series":
            series[int(match.group(1))] = match.group(3)
    found = []
    for index, name in sorted(series.items()):
        chip = _CHIP.search(name)
        family = chip.group(0) if chip else None
        found.append(
            Accelerator(vendor="amd", index=index, name=name, family=family, source=source)
        )
    return tuple(found)
