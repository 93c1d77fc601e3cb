"""Steps that write outside every environment: ``make install`` / ``ninja install`` /
``cmake --install`` with the build's default prefix (``/usr/local`` for CMake and autotools),
and anything run through ``sudo``. A README's optional "install the C++ API" section
(rusty1s/pytorch_spline_conv@050f58a4 README.md:194 ``make install``) is no bring-up step: ``up``
lists it with the reason and never runs it; the user runs it if they want it there. A ``make
install`` whose recipe the scan read as an install into the environment (``pip install -r
requirements.txt``, PaddlePaddle/PaddleMIX@6afaf05 ppdiffusers/Makefile:22) is an ordinary
install step. Nor does ``up`` ever run a step whose own recipe publishes, deploys or pushes
(``StepNeeds.publishes``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

from bringup.model.plan import Reason
from bringup.model.requirements import Step

_BUILDERS = frozenset({"make", "gmake", "ninja"})
_ROOT = frozenset({"sudo", "su", "doas"})
_PREFIXES = ("DESTDIR=", "PREFIX=", "prefix=", "--prefix", "-DCMAKE_INSTALL_PREFIX")


def system_wide(argv: Sequence[str], *, in_environment: bool = False) -> Optional[str]:
    """Where ``argv`` installs outside any environment ("/usr/local", "as root"), or None;
    ``in_environment``: its recipe was read and installs into the environment only."""
    if not argv:
        return None
    program = argv[0].rsplit("/", 1)[-1]
    if program in _ROOT:
        return "as root"
    if in_environment or any(a.startswith(_PREFIXES) for a in argv[1:]):
        return None
    if program in _BUILDERS and "install" in argv[1:]:
        return "the build's install prefix (/usr/local unless the build sets one)"
    if program == "cmake" and "--install" in argv[1:]:
        return "CMake's install prefix (/usr/local unless the build sets one)"
    return None


def refusal(step: Step) -> Optional[Reason]:
    """Why ``up`` never runs ``step`` on any machine: its recipe publishes (the command and
    its line), or it installs outside every environment; None otherwise."""
    publishes = step.needs.publishes
    if publishes is not None:
        return Reason(
            kind="publish", need=publishes.command, sources=(step.source, publishes.source)
        )
    where = system_wide(step.argv, in_environment=step.needs.in_environment)
    return None if where is None else Reason(kind="system", need=where, sources=(step.source,))
