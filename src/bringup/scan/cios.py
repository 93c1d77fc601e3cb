"""The OS and CPU of a repo's CI runners and images, read from a workflow that builds the repo.

Every job of TransferQueue's workflows says ``runs-on: ubuntu-latest``
(.github/workflows/run-tests.yml:18): the project is built and tested on Linux; a
matrix of runners (``os: [ubuntu-22.04, ubuntu-22.04-arm]``) builds on each of its CPUs. CI is
a feature of its own (``scopes.CI``), but where the repo's own files name no OS or CPU, the
runners' CPUs, and the OSes of a matrix of several, are its word (``borrowed``). A label that
is an expression (``${{ matrix.os }}``) names nothing, and a workflow that runs no build,
install or test (torchtitan-npu's deploy-docs.yml and sync-upstream.yml, a stale-issue bot)
says nothing about where the repo runs.
"""

from __future__ import annotations

import functools
import re
from typing import Optional

from bringup import lazyre
from bringup.scan.images import ARCH_NAMES

_RUNNER_OS = lazyre.compile(r"^(ubuntu|linux|windows|macos)(?=$|[-_.\s\d])", re.IGNORECASE)
_BUILDS = lazyre.compile(
    r"\b(?:pytest|ctest|tox|nox|cmake|python3?\s+(?:-m\s+build|setup\.py)|bash\s+\S*build)\b"
    r"|\bpip3?\s+install\s+(?:-e\s+|--editable\s+)?[\"']?\.(?:[\[\s\"']|$)",
    re.MULTILINE,
)
"""A command of a workflow that builds, installs or tests the repo (``pip install -e .``,
``pytest``; not a docs tool's ``pip install -r .github/mkdocs/…``)."""
_DOCS = lazyre.compile(r"^name:[^\n]*\b(?:docs?|documentation|mkdocs|sphinx)\b", re.I | re.M)
"""A workflow named for the documentation ("name: Build Docs", ao .github/workflows/
doc_build.yml:1; "Build Docs and deploy to Github Pages", MatX build-docs.yml:1): it builds
the docs, whatever it installs to do so, and its runner says nothing of where the repo runs."""
_OS_NAMES = {"ubuntu": "linux", "linux": "linux", "windows": "windows", "macos": "macos"}


@functools.lru_cache(maxsize=1)
def builds(workflow: str) -> bool:
    """Whether the ``workflow`` builds, installs or tests the repo, not only its docs (asked
    once a file: each runner and image line of it asks)."""
    return _BUILDS.search(workflow) is not None and _DOCS.search(workflow) is None


def runner_os(label: str, workflow: str) -> Optional[str]:
    """The OS a runner label names (``ubuntu-22.04``, ``windows-latest``, a self-hosted
    runner's ``Linux`` label), or ``None``; ``None`` too when the ``workflow`` it runs
    builds, installs and tests nothing."""
    if "${{" in label or not builds(workflow):
        return None
    named = _RUNNER_OS.match(label.strip())
    return _OS_NAMES[named.group(1).lower()] if named else None


_RUNNER_ARCH = lazyre.compile(
    r"(?:^|[-_.\s])(aarch64|arm64|arm|x86_64|x64|amd64)(?=$|[-_.\s])", re.IGNORECASE
)
"""A CPU in a runner label, its words split by ``-``, ``_`` or ``.`` (PyTorch's self-hosted
``linux.arm64.2xlarge``, pytorch/ao@36027d82 .github/workflows/regression_test_aarch64.yml:17)."""
_HOSTED = lazyre.compile(r"^(?:ubuntu|windows)-(?:latest|\d+(?:\.\d+)?)$", re.IGNORECASE)
"""A GitHub-hosted runner label with no CPU in it: an x64 machine (``ubuntu-22.04``; its Arm
twin is ``ubuntu-22.04-arm``)."""


def runner_arches(labels: list[str], workflow: str) -> list[str]:
    """The CPUs a matrix of runner labels names (an ``os:`` matrix, causal-conv1d
    .github/workflows/publish.yaml:41 ``[ubuntu-22.04, ubuntu-22.04-arm]``: the x64 of a
    hosted runner with no CPU named among them), when one of them names a CPU at all and the
    ``workflow`` builds, installs or tests the repo. One runner's labels (``runs-on:
    ubuntu-24.04-arm``, Tencent/ncnn@a4d2ea1d .github/workflows/linux-aarch64.yml:37, beside
    a workflow per other CPU; ``runs-on: X64``, FlagOpen/FlagScale@da4935ec .github/workflows/
    functional-tests-metax.yml:18) say where that job runs, as one CPU a script branches to
    does (``archchecks``), not which CPUs the repo supports: the caller reads only matrices."""
    if not builds(workflow):
        return []
    named = [_RUNNER_ARCH.search(label) for label in labels if "${{" not in label]
    found = [ARCH_NAMES.get(m.group(1).lower(), m.group(1).lower()) for m in named if m]
    if not found:
        return []
    found += ["x86_64" for label in labels if _HOSTED.match(label.strip())]
    return list(dict.fromkeys(found))


_RUNS_ON = lazyre.compile(r"^[ \t]*runs-on:[ \t]*\[?([^\n#\]]*)", re.MULTILINE)


def runner_cpus(workflow: str) -> frozenset[str]:
    """The CPUs the jobs of a ``workflow`` that builds, installs or tests the repo run on, by
    the CPUs their ``runs-on:`` labels name (``runs-on: linux-aarch64-a3-8``,
    shangxt10/verl_mindspeedmm@da9e8534 .github/workflows/e2e_ascend.yml:70); a label that
    names none (``ubuntu-latest``) or is an expression is not read."""
    if "runs-on" not in workflow or not builds(workflow):
        return frozenset()
    labels = [
        label.strip("\"' ")
        for line in _RUNS_ON.finditer(workflow)
        for label in line.group(1).split(",")
        if "${{" not in label
    ]
    named = [_RUNNER_ARCH.search(label) for label in labels]
    return frozenset(ARCH_NAMES.get(m.group(1).lower(), m.group(1).lower()) for m in named if m)
