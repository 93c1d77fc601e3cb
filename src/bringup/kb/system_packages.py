"""The distribution packages that provide a build tool or headers a repo checks for, on
Debian/Ubuntu (apt) and openEuler (dnf). A tool not listed is named as found, unknown
package. Sources: each Debian name is the package page at packages.debian.org (bookworm);
each openEuler name is the binary package built by the src-openeuler repository of the same
project (gitee.com/src-openeuler/<project>, its .spec ``%package``)."""

from __future__ import annotations

from typing import NamedTuple

from bringup.model.source import Source


class SystemPackage(NamedTuple):
    debian: str
    openeuler: str
    """"" where the openEuler package is not known: only the Debian one is named."""
    project: str
    """The src-openeuler repository that builds the openEuler package."""


_TABLE = {
    "clang": SystemPackage("clang", "clang", "clang"),
    "lld": SystemPackage("lld", "lld", "lld"),
    "ld.lld": SystemPackage("lld", "lld", "lld"),
    "ninja": SystemPackage("ninja-build", "ninja-build", "ninja-build"),
    "zlib": SystemPackage("zlib1g-dev", "zlib-devel", "zlib"),
    "lcov": SystemPackage("lcov", "lcov", "lcov"),
    "gcov": SystemPackage("gcc", "gcc", "gcc"),
    "git": SystemPackage("git", "git", "git"),
    "patchelf": SystemPackage("patchelf", "patchelf", "patchelf"),
    "ccache": SystemPackage("ccache", "ccache", "ccache"),
    "make": SystemPackage("make", "make", "make"),
    "g++": SystemPackage("g++", "gcc-c++", "gcc"),
    "pkg-config": SystemPackage("pkg-config", "pkgconf", "pkgconf"),
    "wget": SystemPackage("wget", "wget", "wget"),
    "curl": SystemPackage("curl", "curl", "curl"),
    "rsync": SystemPackage("rsync", "rsync", "rsync"),
    "gdb": SystemPackage("gdb", "gdb", "gdb"),
    "openssl": SystemPackage("openssl", "openssl", "openssl"),
    "libssl": SystemPackage("libssl-dev", "openssl-devel", "openssl"),
    # the container runtimes a step's script starts its container with (``containerimage``);
    # openEuler's docker is src-openeuler/docker's ``Name: docker-engine`` (``Provides: docker``)
    "docker": SystemPackage("docker.io", "docker-engine", "docker"),
    "podman": SystemPackage("podman", "podman", "podman"),
    # the GNU build system's tools (an ``autogen.sh`` checks for them: fribidi@5889567
    # autogen.sh:17-26 ``which libtoolize``, ``which autoreconf``)
    "autoreconf": SystemPackage("autoconf", "autoconf", "autoconf"),
    "autoconf": SystemPackage("autoconf", "autoconf", "autoconf"),
    "autoheader": SystemPackage("autoconf", "autoconf", "autoconf"),
    "automake": SystemPackage("automake", "automake", "automake"),
    "aclocal": SystemPackage("automake", "automake", "automake"),
    "libtoolize": SystemPackage("libtool", "libtool", "libtool"),
    "libtool": SystemPackage("libtool", "libtool", "libtool"),
    # tools and libraries real repos name that Debian packages (bookworm's candidates by
    # ``apt-cache policy``: dos2unix 7.4.3-1, gawk 1:5.2.1-2, pigz 2.6-1, liburing-dev 2.3-3,
    # libaio-dev 0.3.113-4); the openEuler name is left unsaid ("") until read from its spec
    # (outsider18 D4: "install dos2unix (no known distribution package)" for
    # ops-transformer's quick_install.md dos2unix, which Debian has)
    "dos2unix": SystemPackage("dos2unix", "", ""),
    "gawk": SystemPackage("gawk", "", ""),
    "pigz": SystemPackage("pigz", "", ""),
    "liburing": SystemPackage("liburing-dev", "", ""),
    "libaio": SystemPackage("libaio-dev", "", ""),
    # a header-only library a build script stops without (``shellheaders``: cann-hccl forks'
    # build.sh ``/opt/nlohmann_json/include``); bookworm's candidate 3.11.2-2 by ``apt-cache
    # policy nlohmann-json3-dev``
    "nlohmann_json": SystemPackage("nlohmann-json3-dev", "", ""),
}


_DEBIAN = {package.debian: package for package in _TABLE.values()}
"""The same packages by their Debian names: an ``apt-get install`` line names them so
(``libssl-dev zlib1g-dev gdb``, bigorange1024/ascendc@541ca73c docs/engineering/
环境复现与开发指南.md:74-75)."""


def system_package(tool: str) -> tuple[SystemPackage, Source] | None:
    """The packages providing ``tool`` (a program name, ``zlib`` or ``libssl`` for its headers,
    or a Debian package name): ``openssl`` is the program a guide installs to make
    certificates (``sudo apt-get install -y openssl``, Ascend-msmonitor docs/zh/
    getting_started/install_guide.md:109-117), which OpenSSL's headers (``libssl-dev``) lack."""
    found = _TABLE.get(tool.lower()) or _DEBIAN.get(tool.lower())
    if found is None:
        return None
    source = Source(
        kind="kb",
        ref=f"system-packages/{tool.lower()}",
        url=f"https://packages.debian.org/bookworm/{found.debian}",
    )
    return found, source
