"""Steps that write outside every environment: ``make install`` / ``ninja install`` /
``cmake --install`` with the build's default prefix (``/usr/local`` for CMake and autotools),
and anything run through ``sudo``. A README's optional "install the C++ API" section
(rusty1s/pytorch_spline_conv@050f58a4 README.md:194 ``make install``) is no bring-up step: ``up``
lists it with the reason and never runs it; the user runs it if they want it there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

_BUILDERS = frozenset({"make", "gmake", "ninja"})
_ROOT = frozenset({"sudo", "su", "doas"})
_PREFIXES = ("DESTDIR=", "PREFIX=", "prefix=", "--prefix", "-DCMAKE_INSTALL_PREFIX")


def system_wide(argv: Sequence[str]) -> Optional[str]:
    """Where ``argv`` installs outside any environment ("/usr/local", "as root"), or None."""
    if not argv:
        return None
    program = argv[0].rsplit("/", 1)[-1]
    if program in _ROOT:
        return "as root"
    if any(a.startswith(_PREFIXES) for a in argv[1:]):
        return None
    if program in _BUILDERS and "install" in argv[1:]:
        return "the build's install prefix (/usr/local unless the build sets one)"
    if program == "cmake" and "--install" in argv[1:]:
        return "CMake's install prefix (/usr/local unless the build sets one)"
    return None
