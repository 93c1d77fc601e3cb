"""outsider13 D10: the probe listed no distribution package, so ``check`` asked to install, as
root, what the tester's Debian host had (``dpkg -l``: make, wget, curl, gdb, libssl-dev,
zlib1g-dev). Now dpkg's status file (read under the sysroot) and rpm's database (``rpm -qa``,
through the runner) are read, and an installed package is no action.

Real lines: the install line of bigorange1024/ascendc@541ca73c
docs/engineering/环境复现与开发指南.md:73-75 (O13's repo) and of ROCm/aotriton's README
(``apt install ... libssl-dev ... zlib1g-dev`` pattern: the same Debian names); dpkg status
paragraphs of Debian 12 (bookworm) packages as dpkg writes them (their ``Package``, ``Status``
and ``Version`` fields: deb-control(5), dpkg-query(1) ``db:Status-Abbrev``; a package removed
with its configuration kept is ``deinstall ok config-files``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.model import Component, command_source, file_source
from bringup.probe.collectors.distro import RPM_QUERY, dpkg_installed, probe_distro, rpm_installed
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.process import Completed
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.sysdeps import installed_packages
from bringup.solve.needs import need_checks
from cpuclock import cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"

STATUS = """Package: libssl-dev
Status: install ok installed
Priority: optional
Section: libdevel
Architecture: amd64
Multi-Arch: same
Source: openssl
Version: 3.0.19-1~deb12u2
Depends: libssl3 (= 3.0.19-1~deb12u2)
Description: Secure Sockets Layer toolkit - development files
 This package is part of the OpenSSL project's implementation of the SSL and
 Package: not-a-field (a description's continuation line)

Package: make
Status: install ok installed
Priority: optional
Section: devel
Architecture: amd64
Version: 4.3-4.1

Package: rsync
Status: deinstall ok config-files
Priority: optional
Architecture: amd64
Version: 3.2.7-1

Package: zlib1g-dev
Status: install ok installed
Architecture: amd64
Source: zlib
Version: 1:1.2.13.dfsg-1
"""
GUIDE = """## 1. 系统依赖

```bash
sudo apt-get update
sudo apt-get install -y gcc g++ make cmake wget curl python3 python3-pip \\
  libssl-dev zlib1g-dev gdb
sudo apt-get install -y rsync
```
"""


def test_installed_packages_of_the_status_file_with_their_lines() -> None:
    found = {p.name: p for p in dpkg_installed(STATUS)}
    assert set(found) == {"libssl-dev", "make", "zlib1g-dev"}  # rsync: removed, config kept
    assert found["libssl-dev"].version == "3.0.19-1~deb12u2"
    assert found["libssl-dev"].source == file_source("/var/lib/dpkg/status", 1)
    assert found["make"].source == file_source("/var/lib/dpkg/status", 14)


def test_a_status_file_of_hostile_length_reads_in_linear_time() -> None:

    hostile = ("Package: " + "a" * 50_000 + "\n") * 20 + ("Status: install ok installed\n" * 2000)
    started = cpu_seconds()
    dpkg_installed(hostile * 10)
    assert cpu_seconds() - started < 2.0


class _Rpm:
    """rpm's database as ``RPM_QUERY`` prints it (openEuler 22.03 LTS names)."""

    def run(self, argv: Any, **_kw: Any) -> Completed:
        if tuple(argv) != RPM_QUERY:
            return Completed(argv=tuple(argv), error="not recorded")
        out = (
            "openssl-devel\t1.1.1m-15.oe2203\nzlib-devel\t1.2.11-19.oe2203\n"
            "gpg-pubkey\tb25e7f66-5d3e2f4c\n"
        )
        return Completed(argv=tuple(argv), returncode=0, stdout=out)


def test_rpm_database_through_the_runner_where_rpm_is_on_path(tmp_path: Path) -> None:
    (tmp_path / "usr/bin").mkdir(parents=True)
    (tmp_path / "usr/bin/rpm").write_text("")
    ctx = ProbeContext(runner=_Rpm(), files=Sysroot(tmp_path), env={"PATH": "/usr/bin"})
    found = {p.name: (p.manager, p.version) for p in probe_distro(ctx).system_packages}
    assert found == {
        "openssl-devel": ("rpm", "1.1.1m-15.oe2203"),
        "zlib-devel": ("rpm", "1.2.11-19.oe2203"),
    }
    assert rpm_installed("no tab here\n", command_source(RPM_QUERY)) == ()


def _needs(packages: Any) -> dict[str, tuple[str, str | None]]:
    file = SourceFile(ref="guide.md", rel="guide.md", text=GUIDE)
    found = installed_packages(file, parse_commands(GUIDE, first_line=1))
    component = Component(name="ascendc", path=".", role="ops", requirements=tuple(found))
    checks = need_checks(component, packages)
    return {c.spec: (c.status, c.pin) for c in checks if c.subject == "system_package"}


def test_an_installed_package_is_met_under_its_own_or_its_table_name() -> None:
    needs = _needs(dpkg_installed(STATUS))
    assert needs["libssl-dev"] == ("ok", "installed (dpkg: libssl-dev 3.0.19-1~deb12u2)")
    assert needs["zlib1g-dev"][0] == "ok"
    assert needs["rsync"] == ("needed", None)  # only its configuration is left
    rpm = rpm_installed(_Rpm().run(RPM_QUERY).stdout, command_source(RPM_QUERY))
    # the knowledge base's table: libssl-dev is openssl-devel on openEuler
    assert _needs(rpm)["libssl-dev"] == ("ok", "installed (rpm: openssl-devel 1.1.1m-15.oe2203)")


def _check(capsys: pytest.CaptureFixture[str], repo: Path, host: Path) -> dict[str, Any]:
    main(["check", str(repo), "--snapshot", str(host), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]
    return data


def test_check_asks_for_no_installed_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "ascendc"
    repo.mkdir()
    (repo / "README.md").write_text(GUIDE)
    before = _check(capsys, repo, HOST)
    host = tmp_path / "host"
    shutil.copytree(HOST, host, symlinks=True)
    (host / "files/var/lib/dpkg").mkdir(parents=True)
    (host / "files/var/lib/dpkg/status").write_text(STATUS)
    after = _check(capsys, repo, host)

    def asked(data: dict[str, Any]) -> set[str]:
        return {a["subject"] for a in data["plan"]["actions"] if a["kind"] == "system_package"}

    assert {"libssl-dev", "zlib1g-dev", "rsync"} <= asked(before)
    assert "libssl-dev" not in asked(after)
    assert "zlib1g-dev" not in asked(after)
    assert "rsync" in asked(after)


def test_a_recording_keeps_of_dpkgs_status_what_the_probe_reads(tmp_path: Path) -> None:
    """left33: ``probe --record`` wrote dpkg's whole status file into the fixture (megabytes
    of descriptions and dependencies on a desktop); it keeps the fields the probe reads of the
    installed packages, and replays to the same packages."""
    from bringup.probe.collectors.distro import dpkg_as_read
    from bringup.probe.recording import RecordingFiles, _write_tree
    from bringup.probe.redact import Redactor

    kept = dpkg_as_read(STATUS)
    assert kept == (
        "Package: libssl-dev\nStatus: install ok installed\nVersion: 3.0.19-1~deb12u2\n\n"
        "Package: make\nStatus: install ok installed\nVersion: 4.3-4.1\n\n"
        "Package: zlib1g-dev\nStatus: install ok installed\nVersion: 1:1.2.13.dfsg-1\n\n"
    )
    read = [(p.name, p.version) for p in dpkg_installed(STATUS)]
    assert [(p.name, p.version) for p in dpkg_installed(kept)] == read
    files = RecordingFiles()
    files.contents["/var/lib/dpkg/status"] = STATUS.encode()
    _write_tree(tmp_path, files, Redactor(hostname=None, username=None))
    assert (tmp_path / "var/lib/dpkg/status").read_text() == kept
