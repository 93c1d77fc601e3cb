"""A snapshot that lists another backend's devices has none of this one's, and says which it
lists: each vendor with its own count (review22 #9: the first device's vendor stood for all)."""

from __future__ import annotations

from bringup.backends.base import DeviceFacts
from bringup.model.snapshot import Accelerator, Snapshot
from bringup.model.source import Source
from bringup.solve.host import _count_without_tool

# constructed: a pasted report with one NVIDIA GPU and two Ascend NPUs, asked about a third
# backend's devices
SRC = Source(kind="report", ref="paste", line=1)
SNAPSHOT = Snapshot(
    taken_at="2026-12-04T00:00:00Z",
    origin="report",
    accelerators=(
        Accelerator(vendor="nvidia", index=0, name="Tesla V100", source=SRC),
        Accelerator(vendor="ascend", index=0, name="910B", source=SRC),
        Accelerator(vendor="ascend", index=1, name="910B", source=SRC),
    ),
)
OTHER = DeviceFacts(
    count_subject="xpu_count",
    kind_subject="xpu_kind",
    kind_field="family",
    tool_fact="xpu.tool",
    count_fact="xpu.count",
    pci_fact="xpu.pci",
    none="no XPU",
)


def test_each_vendor_is_counted_apart() -> None:
    value = _count_without_tool(SNAPSHOT, "xpu_count", None, OTHER)
    assert value.values == ("0",)
    assert value.reason == "the host's accelerators are 1 x nvidia, 2 x ascend"
