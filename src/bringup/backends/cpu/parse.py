"""Pure parsers for the host tier every machine has: os-release, /proc/cpuinfo, /proc/meminfo,
the C library's version line, compiler and build-tool banners, and the symbol versions a
libstdc++ binary provides. Each takes text and a source and returns ``Collected``."""

from __future__ import annotations

import re

from bringup import lazyre
from bringup.model import Fact, Source, keys
from bringup.parsing import (
    Collected,
    at_line,
    describe_bad_text,
    fact,
    first_version,
    key_values,
    looks_binary,
    numbered_lines,
    unparsed,
)

_GLIBC = lazyre.compile(r"(?:glibc|GLIBC|GNU libc)[ -]?\)?\s*([0-9]+\.[0-9]+)")
_LDD_LAST = lazyre.compile(r"^ldd \(.*\)\s+([0-9]+\.[0-9]+)\s*$")
_PARENS = lazyre.compile(r"\([^()]*\)")
_BUSYBOX = lazyre.compile(r"^BusyBox v(\d{1,4}(?:\.\d{1,4}){1,3})\b", re.MULTILINE)
"""A BusyBox applet's usage banner (``BusyBox v1.27.2 (2017-10-15 01:03:11 CEST) multi-call
binary.``): its ``--version`` is an unknown option, answered with the banner and exit 1."""
_GLIBCXX = lazyre.compile(r"GLIBCXX_3\.4(?:\.(\d{1,4}))?(?![\d.])")
_CXXABI = lazyre.compile(r"CXXABI_1\.3(?:\.(\d{1,4}))?(?![\d.])")
_MEMTOTAL = lazyre.compile(r"^MemTotal:\s+(\d{1,15})\s*kB", re.MULTILINE)


def parse_os_release(text: str, source: Source) -> Collected:
    """``/etc/os-release``: ID, VERSION_ID, PRETTY_NAME (shell-style ``KEY="value"``)."""
    pairs = key_values(text)
    if "ID" not in pairs and "NAME" not in pairs:
        return unparsed(keys.OS_ID, source, describe_bad_text(text, "os-release KEY=value lines"))
    found = []
    for key, name in ((keys.OS_ID, "ID"), (keys.OS_VERSION_ID, "VERSION_ID")):
        if name in pairs:
            value, line = pairs[name]
            found.append(fact(key, value, source, line=line))
    pretty = pairs.get("PRETTY_NAME") or pairs.get("NAME")
    if pretty is not None:
        found.append(fact(keys.OS_PRETTY_NAME, pretty[0], source, line=pretty[1]))
    return Collected(facts=tuple(found))


def cpuinfo_fields(text: str) -> tuple[dict[str, str], int]:
    """The first processor block of ``/proc/cpuinfo`` as a dict, and the processor count."""
    fields: dict[str, str] = {}
    count = 0
    in_first = True
    for _, line in numbered_lines(text):
        key, separator, value = line.partition(":")
        if separator != ":":
            if fields:
                in_first = False
            continue
        key = key.strip()
        if key == "processor":
            count += 1
        if in_first:
            fields.setdefault(key, value.strip())
    return fields, count


def guess_arch(fields: dict[str, str]) -> str | None:
    """The architecture a cpuinfo block describes, when nothing better says it."""
    if "flags" in fields and "vendor_id" in fields:
        return "x86_64"
    if "CPU implementer" in fields or "Features" in fields:
        return "aarch64"
    return None


def parse_cpuinfo(text: str, source: Source, *, arch: str | None = None) -> Collected:
    """``/proc/cpuinfo``: model name, logical CPU count, micro-architecture (archspec)."""
    from bringup.backends.cpu.microarch import microarchitecture

    fields, count = cpuinfo_fields(text)
    if count == 0 or looks_binary(text):
        return unparsed(keys.CPU_MODEL, source, describe_bad_text(text, "'processor : N' blocks"))
    found = [fact(keys.CPU_COUNT, count, source)]
    model = fields.get("model name") or fields.get("Model name") or fields.get("cpu model")
    if model is None and "CPU implementer" in fields:
        model = f"implementer {fields['CPU implementer']} part {fields.get('CPU part', '?')}"
    if model:
        found.append(fact(keys.CPU_MODEL, model, source, line=_line_of(text, model)))
    machine = arch or guess_arch(fields)
    uarch = microarchitecture(fields, machine) if machine else None
    if uarch is not None:
        found.append(fact(keys.CPU_MICROARCH, uarch, source))
    return Collected(facts=tuple(found))


def _line_of(text: str, needle: str) -> int | None:
    for number, line in numbered_lines(text):
        if needle in line:
            return number
    return None


def parse_meminfo(text: str, source: Source) -> Collected:
    """``/proc/meminfo``: MemTotal in MiB."""
    match = _MEMTOTAL.search(text)
    if match is None:
        return unparsed(
            keys.MEMORY_TOTAL_MIB, source, describe_bad_text(text, "a 'MemTotal: N kB' line")
        )
    line = text.count("\n", 0, match.start()) + 1
    return Collected(
        facts=(fact(keys.MEMORY_TOTAL_MIB, int(match.group(1)) // 1024, source, line=line),)
    )


def parse_glibc(text: str, source: Source) -> Collected:
    """``getconf GNU_LIBC_VERSION`` (``glibc 2.36``) or ``ldd --version``'s first line
    (``ldd (Debian GLIBC 2.36-9+deb12u7) 2.36``)."""
    for number, line in numbered_lines(text):
        match = _LDD_LAST.match(line.strip()) or _GLIBC.search(line)
        if match:
            return Collected(facts=(fact(keys.GLIBC, match.group(1), source, line=number),))
    return unparsed(keys.GLIBC, source, describe_bad_text(text, "'glibc X.Y' or ldd's banner"))


def busybox_banner(text: str) -> bool:
    """Whether ``text`` holds a BusyBox applet's usage banner (its answer to ``--version``)."""
    return _BUSYBOX.search(text) is not None


def parse_tool_banner(text: str, source: Source, *, key: str = keys.GCC) -> Collected:
    """A ``--version`` banner (gcc, g++, clang, cmake, make, ninja, git, curl, wget): the first
    dotted number on the first line that has one, once parenthesised vendor notes are removed
    (``gcc (Debian 12.2.0-14) 12.2.0``, ``gcc (GCC) 8.5.0 20210514 (Red Hat 8.5.0-20)``,
    ``curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1``). A BusyBox applet has no version of
    its own: it is found (review31 L5: its usage banner answers ``--version``), its value names
    BusyBox's release (``BusyBox 1.27.2``), never the tool's (review32 LOW: wget 1.27.2)."""
    if not looks_binary(text):
        busybox = _BUSYBOX.search(text)
        if busybox is not None:
            at = text.count("\n", 0, busybox.start()) + 1
            applet = Fact(
                key=key,
                value=f"BusyBox {busybox.group(1)}",
                source=at_line(source, at),
                reason=f"a BusyBox {busybox.group(1)} applet: no version of its own",
            )
            return Collected(facts=(applet,))
        for number, line in numbered_lines(text):
            version = first_version(_PARENS.sub(" ", line)) or first_version(line)
            if version is not None:
                return Collected(facts=(fact(key, version, source, line=number),))
            if line.strip():
                break
    return unparsed(key, source, describe_bad_text(text, "a version banner"))


def parse_libstdcxx_versions(text: str, source: Source) -> Collected:
    """The highest ``GLIBCXX_3.4.N`` and ``CXXABI_1.3.N`` symbol versions in a libstdc++
    binary (read as Latin-1 text): what ``strings libstdc++.so.6 | grep GLIBCXX`` shows."""
    glibcxx = [int(m.group(1) or 0) for m in _GLIBCXX.finditer(text)]
    cxxabi = [int(m.group(1) or 0) for m in _CXXABI.finditer(text)]
    if not glibcxx:
        return unparsed(
            keys.GLIBCXX_MAX, source, "no GLIBCXX_3.4 symbol versions: not a libstdc++ binary"
        )
    found = [fact(keys.GLIBCXX_MAX, _dotted("3.4", max(glibcxx)), source)]
    if cxxabi:
        found.append(fact(keys.CXXABI_MAX, _dotted("1.3", max(cxxabi)), source))
    return Collected(facts=tuple(found))


def _dotted(base: str, minor: int) -> str:
    return f"{base}.{minor}" if minor else base
