"""The OS a repo's CI runs on, as the repo's word when nothing else in the repo names one.

Every job of TransferQueue's workflows says ``runs-on: ubuntu-latest``
(.github/workflows/run-tests.yml:18): the project is built and tested on Linux only. CI is a
feature of its own (``scopes.CI``: its pins are the versions it happens to test), but the
OS of its runners is what the maintainers build on; when no manifest, guide or script of
the repo's own scope names an OS, the runners' OSes (any of them) are the repo's soft need.
A label that is an expression (``${{ matrix.os }}``) names nothing, and a workflow that runs
no build, install or test (torchtitan-npu's deploy-docs.yml and sync-upstream.yml, a
stale-issue bot) says nothing about where the repo runs.
"""

from __future__ import annotations

import re
from typing import Optional

import msgspec

from bringup import lazyre
from bringup.model import Requirement

_RUNNER_OS = lazyre.compile(r"^(ubuntu|linux|windows|macos)(?=$|[-_\s\d])", re.IGNORECASE)
_BUILDS = lazyre.compile(
    r"\b(?:pytest|ctest|tox|nox|cmake|python3?\s+(?:-m\s+build|setup\.py)|bash\s+\S*build)\b"
    r"|\bpip3?\s+install\s+(?:-e\s+|--editable\s+)?[\"']?\.(?:[\[\s\"']|$)",
    re.MULTILINE,
)
"""A command of a workflow that builds, installs or tests the repo (``pip install -e .``,
``pytest``; not a docs tool's ``pip install -r .github/mkdocs/…``)."""
_OS_NAMES = {"ubuntu": "linux", "linux": "linux", "windows": "windows", "macos": "macos"}


def runner_os(label: str, workflow: str) -> Optional[str]:
    """The OS a runner label names (``ubuntu-22.04``, ``windows-latest``, a self-hosted
    runner's ``Linux`` label), or ``None``; ``None`` too when the ``workflow`` it runs
    builds, installs and tests nothing."""
    if "${{" in label or not _BUILDS.search(workflow):
        return None
    named = _RUNNER_OS.match(label.strip())
    return _OS_NAMES[named.group(1).lower()] if named else None


def ci_os(own: list[Requirement], ci: list[Requirement]) -> list[Requirement]:
    """The CI runners' OS needs, as the repo's, when the repo's own needs name no OS."""
    if any(r.subject == "os" for r in own):
        return []
    runners = [r for r in ci if r.subject == "os" and (r.text or "").startswith("CI: runs-on")]
    return [msgspec.structs.replace(r, hard=False, confidence="low") for r in runners]
