"""A step that builds the checkout whose build asks git for its version, on a tree with no
``.git`` (``scan.gitversion``): it stops there ("setuptools-scm was unable to detect version",
wookayin/gpustat@7a3b9644 setup.py:25 in a ``git archive`` extract, outsider19 D3), so ``up``
skips it and ``check`` says what it needs, a git clone, rather than "runs here now"."""

from __future__ import annotations

from typing import Optional

from bringup.model import Component, Step
from bringup.model.plan import Reason
from bringup.plan.itself import installs_checkout
from bringup.scan.gitversion import GIT_VERSION

_KEY = f"scan.note.{GIT_VERSION}"


def needs_checkout(step: Step, component: Component) -> Optional[Reason]:
    """Why ``step`` cannot build this copy of the repo: it builds the checkout, and the scan
    noted that the build asks git for a version the tree cannot give."""
    note = next((f for f in component.findings if f.key == _KEY), None)
    if note is None or not installs_checkout(step):
        return None
    return Reason(kind="checkout", need=note.reason or "", sources=(note.source,))
