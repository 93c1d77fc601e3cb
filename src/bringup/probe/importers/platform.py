"""The host a report describes, from the lines that name it: Python's ``platform.platform()``
(``Python platform: Linux-5.15.0-105-generic-x86_64-with-glibc2.35``, llamafactory's
``Platform:``), ``uname -a``, os-release pasted on one line or several, and the OS names of
collect_env or a template (``Ubuntu 22.04.4 LTS``, ``openEuler 22.03 (LTS-SP4)``).

The kernel release often names the distribution that built it (``ky10`` Kylin V10, ``oe2203``
openEuler 22.03, ``eulerosv2r10`` EulerOS 2.0): that guess is a ``low``-confidence fact, which a
stated OS wins over."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bringup.model import Fact, Source, keys
from bringup.model.source import Confidence
from bringup.probe.importers.reading import Reading, read_each_line
from bringup.probe.importers.vocabulary import Vocabulary

_PLATFORM = re.compile(
    r"(?<![\w-])Linux-(?P<kernel>\d+\.\d+[^\s]*?)-(?P<arch>x86_64|aarch64|arm64|ppc64le|s390x)"
    r"-with-(?P<tail>[\w.\-]+)",
    re.IGNORECASE,
)
_UNAME = re.compile(
    r"^Linux\s+\S+\s+(?P<kernel>\d+\.\d+\S*)\s+#.*?\b(?P<arch>x86_64|aarch64)\b.*GNU/Linux"
)
_GLIBC_TAIL = re.compile(r"^glibc(\d+\.\d+)$", re.IGNORECASE)
_OLD_TAIL = re.compile(r"^(?P<name>[A-Za-z]+)-(?P<version>\d+(?:\.\d+)*)")
_OS_RELEASE = re.compile(r"(?<![\w_])(ID|VERSION_ID|PRETTY_NAME)=(\"[^\"]*\"|'[^']*'|\S+)")
_OS_VERSION = re.compile(r"(?<![\w.])([Vv]?\d+(?:\.\d+)?)")


def read_platform(
    lines: Iterable[tuple[int, str]], source: Source, vocabulary: Vocabulary
) -> Reading:
    """Kernel, architecture, glibc and distribution facts from the lines that state them."""
    return read_each_line(
        lines,
        source,
        lambda line, where: (
            _platform_string(line, where, vocabulary)
            + _uname(line, where, vocabulary)
            + _os_release(line, where)
        ),
    )


def os_facts(
    pretty: str, where: Source, vocabulary: Vocabulary, confidence: Confidence
) -> list[Fact]:
    """``host.os.id`` and ``host.os.version_id`` from a distribution's name as written."""
    os_id = vocabulary.os_id(pretty)
    if os_id is None:
        return []
    found = [Fact(key=keys.OS_ID, value=os_id, source=where, confidence=confidence)]
    after = (
        pretty.lower().split(os_id.lower(), 1)[-1] if os_id.lower() in pretty.lower() else pretty
    )
    version = _OS_VERSION.search(after)
    if version is not None:
        value = version.group(1).upper() if version.group(1)[0] in "vV" else version.group(1)
        if os_id == "ubuntu":
            value = ".".join(value.split(".")[:2])
        found.append(Fact(key=keys.OS_VERSION_ID, value=value, source=where, confidence=confidence))
    return found


def _platform_string(line: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    match = _PLATFORM.search(line)
    if match is None:
        return []
    kernel, arch, tail = match.group("kernel"), match.group("arch"), match.group("tail")
    found = [
        Fact(key=keys.KERNEL, value=kernel, source=where),
        Fact(key=keys.ARCH, value="aarch64" if arch == "arm64" else arch, source=where),
    ]
    glibc = _GLIBC_TAIL.match(tail)
    old = _OLD_TAIL.match(tail)
    if glibc is not None:
        found.append(Fact(key=keys.GLIBC, value=glibc.group(1), source=where))
    elif old is not None:  # Python < 3.8: "-with-Ubuntu-18.04-bionic", "-with-centos-7.6.1810-Core"
        found += os_facts(f"{old.group('name')} {old.group('version')}", where, vocabulary, "high")
    return found + kernel_distribution(kernel, where, vocabulary)


def _uname(line: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    match = _UNAME.match(line.strip())
    if match is None:
        return []
    kernel = match.group("kernel")
    return [
        Fact(key=keys.KERNEL, value=kernel, source=where),
        Fact(key=keys.ARCH, value=match.group("arch"), source=where),
        *kernel_distribution(kernel, where, vocabulary),
    ]


def kernel_distribution(kernel: str, where: Source, vocabulary: Vocabulary) -> list[Fact]:
    """The distribution a kernel release's tag names, as a low-confidence guess."""
    for pattern, tag in vocabulary.kernel_tags:
        match = pattern.search(kernel)
        if match is None:
            continue
        version = tag.version
        for index, group in enumerate(match.groups(), start=1):
            version = version.replace(f"{{{index}}}", group)
        return [
            Fact(key=keys.OS_ID, value=tag.os, source=where, confidence="low"),
            Fact(key=keys.OS_VERSION_ID, value=version, source=where, confidence="low"),
        ]
    if kernel.endswith("-generic"):
        return [Fact(key=keys.OS_ID, value="ubuntu", source=where, confidence="low")]
    return []


def _os_release(line: str, where: Source) -> list[Fact]:
    """``ID="openEuler" VERSION_ID="24.03"``: os-release pasted (on one line or several)."""
    found = []
    for match in _OS_RELEASE.finditer(line):
        key = {"ID": keys.OS_ID, "VERSION_ID": keys.OS_VERSION_ID}.get(match.group(1))
        value = match.group(2).strip("\"'")
        if key is not None and value:
            found.append(Fact(key=key, value=value, source=where))
    return found
