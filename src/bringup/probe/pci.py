"""PCI devices from sysfs: accelerators are counted here even when no driver is loaded, so
"no driver" and "no device" can be told apart."""

from __future__ import annotations

import posixpath

from bringup.model import Fact, Source
from bringup.probe.context import ProbeContext

PCI_ROOT = "/sys/bus/pci/devices"


def pci_devices(ctx: ProbeContext) -> list[tuple[str, str, str]]:
    """(address, vendor id, class code) of every PCI device, lower-case hex (``0x10de``)."""
    found = []
    for vendor_path in ctx.files.glob(posixpath.join(PCI_ROOT, "*", "vendor")):
        device = posixpath.dirname(vendor_path)
        try:
            vendor = ctx.files.read_text(vendor_path).strip().lower()
            klass = ctx.files.read_text(posixpath.join(device, "class")).strip().lower()
        except OSError:
            continue
        found.append((posixpath.basename(device), vendor, klass))
    return found


def count_pci(ctx: ProbeContext, key: str, vendor: str, class_prefixes: tuple[str, ...]) -> Fact:
    """How many PCI devices of ``vendor`` have a class starting with one of the prefixes
    (``0x03`` display, ``0x12`` processing accelerator)."""
    source = Source(kind="file", ref=PCI_ROOT)
    if not ctx.files.is_dir(PCI_ROOT):
        return Fact(key=key, source=source, status="unknown", reason=f"{PCI_ROOT} is not readable")
    matching = [
        address
        for address, vendor_id, klass in pci_devices(ctx)
        if vendor_id == vendor and klass.startswith(class_prefixes)
    ]
    return Fact(key=key, value=len(matching), source=source)
