"""The distribution's installed packages, so that no action asks to install what is installed
(outsider13 D10: make, wget, curl, gdb, libssl-dev and zlib1g-dev were on the tester's Debian
host, ``dpkg -l``, and ``check`` told them to be installed as root). Debian's are read from
dpkg's status file under the sysroot (nothing run); RPM's are asked of ``rpm``'s database
(``rpm -qa``) where ``rpm`` is on the probed host's PATH."""

from __future__ import annotations

from collections.abc import Iterator

from bringup.model import Source, SystemPackage, command_source, file_source, keys
from bringup.probe.access import read_text, run, which
from bringup.probe.context import Collected, ProbeContext

DPKG_STATUS = "/var/lib/dpkg/status"
_STATUS_LIMIT = 64 << 20
"""dpkg's status file on a desktop with thousands of packages is a few MiB."""
RPM_QUERY = ("rpm", "-qa", "--queryformat", "%{NAME}\\t%{VERSION}-%{RELEASE}\\n")


def probe_distro(ctx: ProbeContext) -> Collected:
    return Collected(system_packages=(*_dpkg(ctx), *_rpm(ctx)))


def _dpkg(ctx: ProbeContext) -> tuple[SystemPackage, ...]:
    text, _failure = read_text(ctx, DPKG_STATUS, keys.OS_ID, limit=_STATUS_LIMIT)
    return () if text is None else dpkg_installed(text)


_READ = ("Package", "Status", "Version")
"""The fields of a status file's paragraph the probe reads."""


def _paragraphs(text: str) -> Iterator[tuple[int, dict[str, str]]]:
    """(line of its ``Package:``, its ``_READ`` fields) of each paragraph of a status file that
    is an installed package's (``Status`` ends ``installed``: a removed package keeps a
    paragraph with another status)."""
    fields: dict[str, str] = {}
    start = 0
    for number, line in enumerate([*text.splitlines(), ""], 1):
        if not line.strip():
            name, version = fields.get("Package", ""), fields.get("Version", "")
            if name and version and fields.get("Status", "").split()[-1:] == ["installed"]:
                yield start, fields
            fields, start = {}, 0
            continue
        key, colon, value = line.partition(":")
        if colon and not line[:1].isspace() and key in _READ:
            fields[key] = value.strip()
            start = start or (number if key == "Package" else 0)


def dpkg_installed(text: str) -> tuple[SystemPackage, ...]:
    """The installed packages of a dpkg status file, each cited at its ``Package:`` line."""
    return tuple(
        SystemPackage(
            manager="dpkg",
            name=fields["Package"],
            version=fields["Version"],
            source=file_source(DPKG_STATUS, start),
        )
        for start, fields in _paragraphs(text)
    )


def dpkg_as_read(text: str) -> str:
    """A status file as the probe reads it, for ``probe --record``: each installed package's
    ``_READ`` fields, nothing else (a desktop's file is megabytes of descriptions, maintainers'
    addresses and configuration files no replay reads: left33)."""
    return "".join(
        "".join(f"{key}: {fields[key]}\n" for key in _READ if key in fields) + "\n"
        for _start, fields in _paragraphs(text)
    )


def _rpm(ctx: ProbeContext) -> tuple[SystemPackage, ...]:
    if which(ctx, "rpm") is None:
        return ()
    done, failure = run(ctx, RPM_QUERY, keys.OS_ID)
    return () if failure is not None else rpm_installed(done.stdout, command_source(done.argv))


def rpm_installed(stdout: str, source: Source) -> tuple[SystemPackage, ...]:
    """``NAME<TAB>VERSION-RELEASE`` lines of ``RPM_QUERY`` (``gpg-pubkey`` entries are keys)."""
    found: list[SystemPackage] = []
    for line in stdout.splitlines():
        name, tab, version = line.strip().partition("\t")
        if tab and name and version and name != "gpg-pubkey":
            found.append(SystemPackage(manager="rpm", name=name, version=version, source=source))
    return tuple(found)
