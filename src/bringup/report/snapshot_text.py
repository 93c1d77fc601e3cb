"""A snapshot as a readable summary, grouped host / toolchain / python / ascend / cuda. Values
that could not be established are shown as what they are (absent, unknown, timed out, failed,
unparsed) with the reason, never as blanks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bringup.model import Fact, Snapshot

if TYPE_CHECKING:
    from rich.console import Console

SECTIONS = (
    ("host", ("host.",)),
    ("toolchain", ("toolchain.",)),
    ("python", ("python.",)),
    ("ascend", ("ascend.",)),
    ("cuda", ("nvidia.", "cuda.")),
    ("probe", ("probe.", "report")),
)

_STATUS_STYLE = {
    "absent": "yellow",
    "unknown": "yellow",
    "timed_out": "red",
    "failed": "red",
    "unparsed": "red",
}


def render_snapshot(snapshot: Snapshot, console: Console) -> None:
    """Print the summary on ``console`` (a Rich console)."""
    from rich.markup import escape
    from rich.table import Table

    origin = {"live": "this machine", "replay": "a recorded host", "report": "a pasted report"}
    console.print(f"[bold]bringup probe[/bold]: {origin[snapshot.origin]}, {snapshot.taken_at}")
    for line in headline(snapshot):
        console.print("  " + escape(line))
    wide = console.width >= 120
    for title, prefixes in SECTIONS:
        facts = [f for f in snapshot.facts if f.key.startswith(prefixes) or f.key in prefixes]
        rows = _extra_rows(snapshot, title)
        if not facts and not rows:
            continue
        table = Table(
            title=title, title_justify="left", show_header=False, box=None, pad_edge=False
        )
        table.add_column("what", style="bold", no_wrap=True)
        table.add_column("value")
        if wide:
            table.add_column("source", style="dim")
        cells = [(_label(f.key), _value(f), str(f.source)) for f in facts] + rows
        for row in cells:
            table.add_row(*(row if wide else row[:2]))
        console.print()
        console.print(table)


def headline(snapshot: Snapshot) -> list[str]:
    """The few lines that answer "what is this machine" before the details."""
    lines = []
    if snapshot.accelerators:
        kinds: dict[str, int] = {}
        for device in snapshot.accelerators:
            label = f"{device.vendor} {device.family or device.name}"
            kinds[label] = kinds.get(label, 0) + 1
        lines.append("accelerators: " + ", ".join(f"{n} x {k}" for k, n in kinds.items()))
    else:
        lines.append("accelerators: none found")
    for vendor, driver_key, prefix in (
        ("ascend", "ascend.driver.version", "cann-"),
        ("cuda", "nvidia.driver.version", "cuda"),
    ):
        lines.append(
            f"{vendor}: {_toolkit_line(snapshot, prefix)}; {_driver_line(snapshot, driver_key)}"
        )
    python = snapshot.fact("python.default.version")
    if python is not None and python.ok:
        lines.append(f"python: {python.value} by default, {len(snapshot.pythons)} found")
    return lines


def _toolkit_line(snapshot: Snapshot, prefix: str) -> str:
    toolkits = [t for t in snapshot.toolkits if t.kind.startswith(prefix)]
    if not toolkits:
        return "no toolkit"
    chosen = next((t for t in toolkits if t.active), toolkits[0])
    more = f" (+{len(toolkits) - 1} more)" if len(toolkits) > 1 else ""
    return f"toolkit {chosen.version} at {chosen.path}{more}"


def _driver_line(snapshot: Snapshot, key: str) -> str:
    driver = snapshot.fact(key)
    if driver is None:
        return "driver not probed"
    if driver.ok:
        return f"driver {driver.value}"
    return f"driver {driver.status.replace('_', ' ')} ({driver.reason})"


def _label(key: str) -> str:
    head, _, rest = key.partition(".")
    return rest if head in ("host", "toolchain", "python", "ascend", "probe") and rest else key


def _value(fact: Fact) -> str:
    from rich.markup import escape

    if fact.ok:
        return escape(str(fact.value))
    style = _STATUS_STYLE.get(fact.status, "yellow")
    status = fact.status.replace("_", " ")
    reason = f": {escape(fact.reason)}" if fact.reason else ""
    return f"[{style}]{status}[/{style}]{reason}"


def _extra_rows(snapshot: Snapshot, section: str) -> list[tuple[str, str, str]]:
    """Devices, toolkit packages and interpreters under their section."""
    from rich.markup import escape

    rows: list[tuple[str, str, str]] = []
    if section == "python":
        for python in snapshot.pythons:
            packages = "" if python.packages is None else f", {len(python.packages)} packages"
            text = f"{python.version} ({python.origin}{packages})"
            rows.append((escape(python.path), escape(text), str(python.source)))
    vendor = {"ascend": "ascend", "cuda": "nvidia"}.get(section)
    if vendor is not None:
        for toolkit in snapshot.toolkits:
            if (toolkit.kind == "cuda") != (section == "cuda"):
                continue
            flags = ", active" if toolkit.active else ""
            chip = f" for {toolkit.chip}" if toolkit.chip else ""
            text = f"{toolkit.version}{chip} at {toolkit.path}{flags}"
            rows.append((toolkit.kind, escape(text), str(toolkit.source)))
        for device in snapshot.accelerators:
            if device.vendor != vendor:
                continue
            parts = [device.name]
            if device.family:
                parts.append(f"family {device.family}")
            if device.compute_capability:
                parts.append(f"sm {device.compute_capability}")
            if device.memory_total_mib is not None:
                used = f"{device.memory_used_mib} / " if device.memory_used_mib is not None else ""
                parts.append(f"{used}{device.memory_total_mib} MiB")
            if device.health:
                parts.append(device.health)
            rows.append((f"device {device.index}", escape(", ".join(parts)), str(device.source)))
    return rows
