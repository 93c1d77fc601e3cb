"""outsider13 D10: an ``apt-get install`` continued over two lines asked for one package named
"make wget curl python3-pip libssl-dev zlib1g-dev gdb", so make, wget and curl, found here, were
still to install, and no name of it was known. Real lines from bigorange1024/ascendc@541ca73c
docs/engineering/环境复现与开发指南.md:73-75."""

from __future__ import annotations

from bringup.kb.system_packages import system_package
from bringup.model import file_source
from bringup.model.requirements import Component
from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.sysdeps import installed_packages
from bringup.solve.needs import need_checks

GUIDE = """sudo apt-get update
sudo apt-get install -y gcc g++ make cmake wget curl python3 python3-pip \\
  libssl-dev zlib1g-dev gdb
"""


def test_each_package_of_an_install_line_is_its_own_need() -> None:
    file = SourceFile(ref="guide.md", rel="guide.md", text=GUIDE)
    found = installed_packages(file, parse_commands(GUIDE, first_line=73))
    packages = [r for r in found if r.subject == "system_package"]
    component = Component(name="ascendc", path=".", role="ops", requirements=tuple(packages))
    names = [c.spec for c in need_checks(component) if c.subject == "system_package"]
    assert {"make", "wget", "curl", "libssl-dev", "zlib1g-dev", "gdb"} <= set(names)
    assert all(" " not in name for name in names)
    assert {c.source for c in need_checks(component)} == {file_source("guide.md", 74)}


def test_a_debian_name_is_a_known_package() -> None:
    known = system_package("libssl-dev")
    assert known is not None
    assert known[0].openeuler == "openssl-devel"
    assert system_package("rsync") is not None
    assert system_package("no-such-package") is None


def test_the_openssl_program_is_its_own_package_not_the_headers() -> None:
    # Ascend-msmonitor docs/zh/getting_started/install_guide.md:109-117: "sudo apt-get install
    # -y openssl" to make certificates; libssl-dev holds the headers, not the program
    known = system_package("openssl")
    assert known is not None
    assert (known[0].debian, known[0].openeuler) == ("openssl", "openssl")
