"""A snapshot as a readable summary, grouped host / toolchain / python / each backend's
facts (``sections``), each value with its source. Values that could not be established are
shown as what they are (absent, unknown, timed out, failed, unparsed) with the reason, never
as blanks. A document (``bringup.report.document``) drawn as terminal text (made for 80
columns and log files as much as for a wide terminal), Markdown or HTML."""

from __future__ import annotations

from collections import Counter
from typing import Optional

from bringup import backends, subjects
from bringup.backends.base import Backend
from bringup.model import Fact, Snapshot
from bringup.model.snapshot import REPORTED_PATH
from bringup.report.document import Compact, Document, Table, items, section, text
from bringup.report.styled import Line
from bringup.report.wording import counted

_GENERIC = ("host", "toolchain", "python", "probe", "report")
"""Fact key heads that belong to no backend."""


def _accelerators() -> tuple[Backend, ...]:
    return tuple(b for b in backends.registered() if b.vendor is not None)


def _prefixes(backend: Backend) -> tuple[str, ...]:
    """The key heads of a backend's facts (its namespace, and any other head of its fact keys
    that is not a generic one, as a driver's ``<vendor>.`` beside ``<toolkit>.``)."""
    heads = {key.partition(".")[0] for key in backend.fact_keys} - set(_GENERIC)
    named = {f"{head}." for head in heads} | {backend.signature_namespace}
    return tuple(sorted(named - {""}))


def sections() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Section title -> the key prefixes it takes: the generic ones, one per registered
    backend with devices (named after it), then the probe's own."""
    return (
        ("host", ("host.",)),
        ("toolchain", ("toolchain.",)),
        ("python", ("python.",)),
        *((b.name, _prefixes(b)) for b in _accelerators()),
        ("probe", ("probe.", "report", "report.encoding")),
        ("not read (lines that look like facts)", ("report.unread",)),
    )


_STATUS_STYLE = {
    "absent": "yellow",
    "unknown": "yellow",
    "timed_out": "red",
    "failed": "red",
    "unparsed": "red",
}


def snapshot_document(snapshot: Snapshot) -> Document:
    """The headline, then each section as a table of what, value and source; where the
    table does not fit, one block per fact (``what  value  (source)``, wrapped under the
    value's column, a path or a command never split unless it is longer than a line)."""
    origin = {"live": "this machine", "replay": "a recorded host", "report": "a pasted report"}
    title = text(("bringup probe", "bold"), f": {origin[snapshot.origin]}, {snapshot.taken_at}")
    document = Document(title)
    document.add(items([Line(line) for line in headline(snapshot)]))
    for title_text, prefixes in sections():
        facts = [f for f in snapshot.facts if _in_section(f.key, prefixes)]
        rows = [(_label(f.key), *_value(f), str(f.source)) for f in facts]
        rows += _extra_rows(snapshot, title_text)
        if not rows:
            continue
        cells = tuple(
            (Line(what, "bold"), Line(value, style), Line(source, "dim"))
            for what, value, style, source in rows
        )
        compact = tuple(
            Compact(text((value, style), (f"({source})", "dim")), prose=True)
            for _what, value, style, source in rows
        )
        table = Table(("what", "value", "source"), cells, compact=compact)
        document.add(section(title_text, table))
    return document


def _more_stated(snapshot: Snapshot) -> str:
    """A vendor tool's own count beyond the devices listed (``nvidia-smi -q``'s "Attached
    GPUs : 4" above one pasted block), said beside them, with its line where it has one (a
    command's answer has none)."""
    said = []
    for backend, devices in backends.with_devices():
        fact = snapshot.fact(devices.count_fact) if devices.count_fact else None
        listed = len(snapshot.devices(backend.vendor or backend.name))
        if fact is not None and fact.ok and isinstance(fact.value, int) and fact.value > listed:
            vendor = backend.vendor or backend.name
            line = fact.source.line
            said.append(
                f"; {fact.value} {vendor} in all" + (f", line {line}" if line is not None else "")
            )
    return "".join(said)


def headline(snapshot: Snapshot) -> list[str]:
    """The few lines that answer "what is this machine" before the details."""
    lines = []
    if snapshot.accelerators:
        kinds: dict[str, int] = {}
        for device in snapshot.accelerators:
            label = f"{device.vendor} {device.family or device.name}"
            kinds[label] = kinds.get(label, 0) + 1
        said = ", ".join(f"{n} x {k}" for k, n in kinds.items())
        lines.append(f"accelerators: {said}{_more_stated(snapshot)}")
    else:
        name_facts = {d.name_fact for _b, d in backends.with_devices()} - {""}
        named = [
            f"{f.value} (line {f.source.line})"
            for f in snapshot.facts
            if f.key in name_facts and f.ok
        ]
        # a device the report names with no table of them is there, its count unsaid:
        # "none found" beside torch's "CUDA available: True" read as no GPU (outsider23c D17)
        said = f"{', '.join(named)} named, none listed: how many is not said" if named else ""
        lines.append(f"accelerators: {said or 'none found'}")
    for item in _accelerators():
        driver = subjects.subject(item.driver_subject) if item.driver_subject else None
        if driver is None or driver.fact_key is None or not item.toolkit_prefixes:
            continue
        toolkit = _toolkit_line(snapshot, item.toolkit_prefixes)
        lines.append(f"{item.name}: {toolkit}; {_driver_line(snapshot, driver.fact_key)}")
    python = snapshot.fact("python.default.version")
    if python is not None and python.ok:
        lines.append(f"python: {python.value} by default, {len(snapshot.pythons)} found")
    managers = Counter(p.manager for p in snapshot.system_packages)
    if managers:
        said = ", ".join(f"{n} ({manager})" for manager, n in managers.items())
        lines.append(f"distribution packages installed: {said}")
    return lines


def located(path: str) -> str:
    """`` at PATH``, or `` (reported; where, not said)`` for what a pasted report names
    without a path: "toolkit 11.4 at (reported)" read as if that were the place."""
    return " (as reported, no path given)" if path == REPORTED_PATH else f" at {path}"


def _toolkit_line(snapshot: Snapshot, prefixes: tuple[str, ...]) -> str:
    toolkits = [t for t in snapshot.toolkits if t.kind.startswith(prefixes)]
    if not toolkits:
        return "no toolkit"
    chosen = next((t for t in toolkits if t.active), toolkits[0])
    more = f" (+{len(toolkits) - 1} more)" if len(toolkits) > 1 else ""
    return f"toolkit {chosen.version}{located(chosen.path)}{more}"


def _driver_line(snapshot: Snapshot, key: str) -> str:
    driver = snapshot.fact(key)
    if driver is None:
        return "driver not probed"
    if driver.ok:
        return f"driver {driver.value}"
    return f"driver {driver.status.replace('_', ' ')} ({driver.reason})"


def _in_section(key: str, prefixes: tuple[str, ...]) -> bool:
    """A prefix ending in ``.`` takes the keys under it; any other names one key."""
    return any(key.startswith(p) if p.endswith(".") else key == p for p in prefixes)


def _label(key: str) -> str:
    """The key without its head where the section says it: a generic head, or a backend's
    name when all its facts are under it (``<backend>.``; a backend whose keys
    mix heads keeps them)."""
    head, _, rest = key.partition(".")
    own = tuple(b.name for b in _accelerators() if _prefixes(b) == (f"{b.name}.",))
    return rest if head in (*_GENERIC, *own) and rest else key


def _value(fact: Fact) -> tuple[str, str]:
    """The value as text, and its style: a value that could not be established says what
    it is (absent, unknown, timed out, failed, unparsed) and why."""
    if fact.ok:
        # a value kept beside another (``merge_facts``) says why: which line it contradicts
        return str(fact.value) + (f" ({fact.reason})" if fact.reason else ""), ""
    status = fact.status.replace("_", " ")
    reason = f": {fact.reason}" if fact.reason else ""
    return f"{status}{reason}", _STATUS_STYLE.get(fact.status, "yellow")


def _extra_rows(snapshot: Snapshot, section: str) -> list[tuple[str, str, str, str]]:
    """Devices, toolkit packages and interpreters under their section."""
    rows: list[tuple[str, str, str, str]] = []
    if section == "python":
        for python in snapshot.pythons:
            packages = (
                "" if python.packages is None else f", {counted(len(python.packages), 'package')}"
            )
            text = f"{python.version} ({python.origin}{packages})"
            rows.append((python.path, text, "", str(python.source)))
    item = _accelerator(section)
    if item is not None:
        for toolkit in snapshot.toolkits:
            if not toolkit.kind.startswith(item.toolkit_prefixes):
                continue
            flags = ", active" if toolkit.active else ""
            chip = f" for {toolkit.chip}" if toolkit.chip else ""
            text = f"{toolkit.version}{chip}{located(toolkit.path)}{flags}"
            rows.append((toolkit.kind, text, "", str(toolkit.source)))
        for device in snapshot.accelerators:
            if device.vendor != item.vendor:
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
            rows.append((f"device {device.index}", ", ".join(parts), "", str(device.source)))
    return rows


def _accelerator(section: str) -> Optional[Backend]:
    return next((b for b in _accelerators() if b.name == section), None)
