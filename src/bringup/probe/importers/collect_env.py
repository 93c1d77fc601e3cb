"""The fields of PyTorch's ``collect_env`` (``PyTorch version: 2.5.1``), vLLM's and its
plug-ins' variants (``OS                : Ubuntu 22.04 (aarch64)``), the ``lscpu`` block they
embed, and the ``ENV Variables:`` lines some add, as facts. The generic fields (OS,
compilers, Python, CPU) are here; the fields, device lines and variables that name a
backend's facts are its ``ReportTerms`` (``terms``).

"Could not collect", "N/A" and "None" are the report's own unknowns: they become ``unknown``
facts that quote it, never values."""

from __future__ import annotations

import re

from bringup import backends
from bringup.backends.cpu.parse import parse_tool_banner
from bringup.model import Accelerator, Fact, FactValue, Source, keys
from bringup.parsing import Collected, at_line, first_version, numbered_lines
from bringup.probe.importers.terms import BackendTerms, report_terms

_FIELD = re.compile(r"^([A-Za-z][A-Za-z0-9 ()/_.+-]*?)\s*:\s*(.*)$")
_UNKNOWN = ("could not collect", "n/a", "none", "not known", "unknown", "")
_OS_ARCH = re.compile(r"\((x86_64|aarch64)\)\s*$")
_ENV_LINE = re.compile(r"^([A-Z][A-Z0-9_]+)=(.*)$")
_ID_DIGITS = 9
"""A device index longer than this is not one (a pasted report can hold any digits; Python's int()
refuses strings over 4,300 digits)."""
_INT_DIGITS = 18
"""An integer field longer than this is left unparsed, for the same reason."""

# collect_env label -> (fact key, how to read the value)
FIELDS: dict[str, tuple[str, str]] = {
    "OS": (keys.OS_PRETTY_NAME, "text"),
    "GCC version": (keys.GCC, "banner"),
    "Clang version": (keys.CLANG, "banner"),
    "CMake version": (keys.CMAKE, "banner"),
    "Libc version": (keys.GLIBC, "version"),
    "Python version": (keys.PYTHON_DEFAULT, "version"),
    "Architecture": (keys.ARCH, "text"),
    "Model name": (keys.CPU_MODEL, "text"),
    "CPU(s)": (keys.CPU_COUNT, "int"),
    "ROCM used to build PyTorch": (keys.TORCH_ROCM, "version"),
}

LABELS = (
    "PyTorch version",
    "Is debug build",
    "Python platform",
    "Is XNNPACK available",
    "HIP runtime version",
    "MIOpen runtime version",
    "Versions of relevant libraries",
    "vLLM Version",
    "vLLM Build Flags",
    "ENV Variables",
    "Byte Order",
    "Vendor ID",
)
"""More labels of the generic reports, where a report pasted on one line is cut."""


def _fields(_registered: object) -> dict[str, tuple[str, str]]:
    found = dict(FIELDS)
    for item in report_terms():
        for label, read in item.terms.fields.items():
            found.setdefault(label, read)
    return found


def _collapsed(_registered: object) -> re.Pattern[str]:
    labels = [*_all_fields(), *LABELS]
    for item in report_terms():
        labels += [*item.terms.labels, *item.terms.packages]
    return re.compile(
        r"(?<=\S)\s+(?=(?:"
        + "|".join(re.escape(label) for label in labels)
        + r")\s*:|\[(?:pip3?|conda)\]\s)"
    )


_all_fields = backends.per_registry(_fields)
_collapsed_fields = backends.per_registry(_collapsed)


def expand_collapsed(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A collect_env pasted with its line ends lost (``PyTorch version: 2.5.1 Is debug build:
    False OS: ...``) as one segment per field, each keeping the number of the line it is on."""
    expanded: list[tuple[int, str]] = []
    for number, line in lines:
        if len(line) < 120 or len(line) > 200_000:
            expanded.append((number, line))
            continue
        parts = _collapsed_fields().split(line)
        expanded += [(number, part) for part in parts] if len(parts) >= 3 else [(number, line)]
    return expanded


def parse_collect_env(text: str, source: Source) -> Collected:
    """Every known collect_env field in ``text``, the devices it lists, and the backends'
    variables."""
    return read_collect_env(list(numbered_lines(text)), source)


def read_collect_env(lines: list[tuple[int, str]], source: Source) -> Collected:
    """As ``parse_collect_env``, over (line number, text) pairs."""
    facts: list[Fact] = []
    terms = report_terms()
    fields = _all_fields()
    variables = {v: t.env_prefix + v for t in reversed(terms) for v in t.environment}
    absent = tuple(word.lower() for t in terms for word in t.terms.absent)
    devices: dict[str, list[Accelerator]] = {t.name: [] for t in terms}
    properties: dict[str, dict[int, str]] = {t.name: {} for t in terms}
    none: dict[str, tuple[Source, str]] = {}
    for position, (number, line) in enumerate(lines):
        env = _ENV_LINE.match(line)
        if env and env.group(1) in variables:
            key = variables[env.group(1)]
            facts.append(Fact(key=key, value=env.group(2), source=at_line(source, number)))
            continue
        stated = _property(terms, line.strip(), at_line(source, number), properties)
        if stated is not None:
            facts.append(stated)
            continue
        for item in terms:
            devices[item.name] += _device_line(item, line, at_line(source, number))
        match = _FIELD.match(line.strip())
        if match is None:
            continue
        label, value = match.group(1).strip(), match.group(2).strip()
        none.update(_said_none(terms, label, value, at_line(source, number)))
        if label not in fields:
            continue
        if (not value or value.endswith("following:")) and position + 1 < len(lines):
            # a label whose value is "Probably one of the following:" or empty: on the next line
            where, value = lines[position + 1][0], lines[position + 1][1].strip()
        else:
            where = number
        key, kind = fields[label]
        facts.append(field_fact(key, kind, value, at_line(source, where), absent))
        arch = _OS_ARCH.search(value) if label == "OS" else None
        if arch:
            facts.append(Fact(key=keys.ARCH, value=arch.group(1), source=at_line(source, number)))
    listed: list[Accelerator] = []
    for item in terms:
        found = _with_properties(item, devices[item.name], properties[item.name])
        if found and item.count_fact:
            facts.append(Fact(key=item.count_fact, value=len(found), source=found[0].source))
        elif item.count_fact and item.name in none:
            nowhere, said = none[item.name]
            facts.append(Fact(key=item.count_fact, value=0, source=nowhere, reason=said))
        listed += found
    return Collected(facts=tuple(facts), accelerators=tuple(listed))


def _said_none(
    terms: tuple[BackendTerms, ...], label: str, value: str, where: Source
) -> dict[str, tuple[Source, str]]:
    """The backends whose device label the line gives a word for none: collect_env's "GPU
    models and configuration: No CUDA" (pytorch/pytorch#10657, a host with no GPU and no
    driver) lists no GPU, where a report without the line says nothing of the count."""
    return {
        item.name: (where, f"the report says {value!r}")
        for item in terms
        if label in item.terms.labels
        and item.terms.absent
        and value.lower().startswith(tuple(word.lower() for word in item.terms.absent))
    }


def _property(
    terms: tuple[BackendTerms, ...], line: str, where: Source, found: dict[str, dict[int, str]]
) -> Fact | None:
    """A line giving listed devices a property (a backend's ``ReportTerms.device_property``),
    kept by backend and device index, as its fact."""
    for item in terms:
        stated = item.terms.device_property
        match = stated.pattern.match(line) if stated is not None else None
        if stated is not None and match is not None:
            value = match.group(2)
            found[item.name].update(dict.fromkeys(map(int, match.group(1).split(",")), value))
            return Fact(key=stated.fact, value=value, source=where)
    return None


def _device_line(item: BackendTerms, line: str, where: Source) -> list[Accelerator]:
    """The devices a line of a backend's device list names (``<DEVICE> 0,1: <name>``)."""
    if item.vendor is None:
        return []
    for pattern in item.terms.device_lines:
        match = pattern.match(line)
        if match is None:
            continue
        name = match.group(2).strip()
        family = item.terms.family(name)
        return [
            Accelerator(vendor=item.vendor, index=int(i), name=name, family=family, source=where)
            for i in match.group(1).split(",")
            if len(i) <= _ID_DIGITS
        ]
    return []


def _with_properties(
    item: BackendTerms, devices: list[Accelerator], properties: dict[int, str]
) -> list[Accelerator]:
    stated = item.terms.device_property
    if stated is None:
        return devices
    return [
        stated.apply(device, properties[device.index]) if device.index in properties else device
        for device in devices
    ]


def field_fact(key: str, kind: str, value: str, source: Source, absent: tuple[str, ...]) -> Fact:
    """The fact ``value`` states, read as ``kind`` (``ReportTerms.fields``); a value in
    ``absent`` or one of the report's own unknowns gives an absent or unknown fact."""
    if value.lower().startswith(absent):
        return Fact(key=key, source=source, status="absent", reason=f"the report says {value!r}")
    if value.lower().rstrip(".") in _UNKNOWN or value.lower().startswith("could not"):
        return Fact(
            key=key,
            source=source,
            status="unknown",
            reason=f"the report says {value or 'nothing'!r}",
        )
    parsed: FactValue
    if kind == "banner":
        found = parse_tool_banner(value, source, key=key).facts[0]
        if found.ok:
            return found
        parsed = None
    elif kind == "version":
        parsed = first_version(value)
    elif kind == "bool":
        parsed = {"true": True, "yes": True, "false": False, "no": False}.get(value.lower())
    elif kind == "int":
        parsed = (
            int(value)
            if value.isascii() and value.isdigit() and len(value) <= _INT_DIGITS
            else None
        )
    else:
        parsed = value
    if parsed is None:
        return Fact(key=key, source=source, status="unparsed", reason=f"cannot read {value!r}")
    return Fact(key=key, value=parsed, source=source)
