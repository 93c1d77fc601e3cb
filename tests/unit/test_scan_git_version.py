"""A build that asks git for its version, on a tree with no ``.git`` (a ``git archive``
extract): the step that builds the checkout is skipped, saying it needs a git clone, where
``check`` said "runs here now" and ``up`` then failed with "setuptools-scm was unable to
detect version" (outsider19 D3)."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Component
from bringup.plan.gitcheckout import needs_checkout
from bringup.report.reason_wording import reason_text
from bringup.scan.repo import scan_repo

# wookayin/gpustat@7a3b9644 pyproject.toml:1-4 and setup.py:1-37 (the lines that read the
# version: setuptools_scm.get_version() unless GPUSTAT_VERSION is set)
GPUSTAT_PYPROJECT = """\
# pyproject.toml

[build-system]
requires = ["setuptools>=45", "setuptools_scm[toml]>=6.2", "wheel"]
"""
GPUSTAT_SETUP = """\
#!/usr/bin/env python

import sys
import os
import re
from setuptools import setup, Command

__PATH__ = os.path.abspath(os.path.dirname(__file__))


def read_readme():
    with open('README.md') as f:
        return f.read()


def read_version():
    try:
        import setuptools_scm
    except ImportError as ex:
        raise ImportError(
            "setuptools_scm not found. When running setup.py directly, "
            "setuptools_scm needs to be installed manually. "
            "Or consider running `pip install -e .` instead."
        )
    version = setuptools_scm.get_version()
    setuptools_scm.dump_version(root=__PATH__, version=version,
                                write_to='gpustat/_version.py')
    return version


if os.getenv("GPUSTAT_VERSION"):
    # release process, e.g. GPUSTAT_VERSION="1.1" python setup.py sdist
    __version__ = os.environ["GPUSTAT_VERSION"]
else:
    # Let dev version auto-generated from git tags, or
    # grab the version information from PKG-INFO for source distribution
    __version__ = read_version()
"""
# KinglittleQ/torch-batch-svd@c0a96119 setup.py:1-10 (the version takes the commit's hash)
TBS_SETUP = (
    "import subprocess\n"
    "\n"
    "from setuptools import setup\n"
    "from torch.utils.cpp_extension import CUDAExtension, BuildExtension\n"
    "from pathlib import Path\n"
    "\n"
    'LIB_NAME = "torch_batch_svd"\n'
    "\n"
    'rev = "+" + subprocess.check_output(["git", "rev-parse", "--short", "HEAD"])'
    '.decode("ascii").rstrip()\n'
    'version = "1.1.0" + rev\n'
)
# BenZickel/torch_arima setup.py:1-13 (stored version 6fdeb9cd): the same call in a ``try``
# whose handler keeps the base version, so the build goes on without git
ARIMA_SETUP = """\
import setuptools, subprocess

# Baseline version identifier
version='0.0.6'

# Try to add commit hash to version
try:
    commit_sha = subprocess.check_output(
        ["git", "rev-parse", "--short", "HEAD"]).decode("ascii").strip()
    version += f"+{commit_sha}"
# catch all exception to be safe
except Exception:
    pass  # probably not a git repo
"""


def _scanned(root: Path, files: dict[str, str]) -> Component:
    root.mkdir()
    for rel, text in files.items():
        (root / rel).write_text(text, encoding="utf-8")
    return scan_repo(root, "repo").component


def _skipped(component: Component) -> list[str]:
    """The reasons the plan gives for the steps that build the checkout."""
    found = []
    for step in component.steps:
        reason = needs_checkout(step, component)
        if reason is not None:
            found.append(f"{step.name}: {reason_text(reason)}")
    return found


def test_setuptools_scm_version_on_an_archive_needs_a_git_clone(tmp_path: Path) -> None:
    files = {"pyproject.toml": GPUSTAT_PYPROJECT, "setup.py": GPUSTAT_SETUP}
    component = _scanned(tmp_path / "gpustat", files)
    said = _skipped(component)
    assert len(said) == 1
    assert "repo/setup.py:25" in said[0]
    assert "setuptools_scm.get_version()" in said[0]
    # a git work tree has the metadata: the build runs
    (tmp_path / "clone").mkdir()
    (tmp_path / "clone" / ".git").mkdir()
    assert _skipped(_scanned(tmp_path / "clone" / "gpustat", files)) == []
    # an sdist's PKG-INFO holds the version setuptools_scm reads
    sdist = {**files, "PKG-INFO": "Metadata-Version: 2.1\nName: gpustat\nVersion: 1.1.1\n"}
    assert _skipped(_scanned(tmp_path / "sdist", sdist)) == []


def test_a_git_run_that_raises_needs_a_git_clone(tmp_path: Path) -> None:
    readme = "```\npython setup.py install\n```\n"
    component = _scanned(tmp_path / "tbs", {"setup.py": TBS_SETUP, "README.md": readme})
    said = _skipped(component)
    assert len(said) == 1
    assert "git rev-parse --short HEAD" in said[0]
    assert "repo/setup.py:9" in said[0]
    # caught, it falls back to the base version: no need
    caught = _scanned(tmp_path / "arima", {"setup.py": ARIMA_SETUP, "README.md": readme})
    assert _skipped(caught) == []


# review38 finding 3, r15/setup.py: the commit's hash is asked for only where a .git is there
R15_SETUP = """\
import os
import subprocess

from setuptools import setup

version = "1.0.0"
if os.path.isdir(".git"):
    sha = subprocess.check_output(["git", "rev-parse", "--short", "HEAD"]).decode().strip()
    version += "+" + sha

setup(name="r15", version=version)
"""


def test_a_git_run_behind_a_check_for_git_metadata_needs_no_clone(tmp_path: Path) -> None:
    readme = "```\npip install .\n```\n"
    component = _scanned(tmp_path / "r15", {"setup.py": R15_SETUP, "README.md": readme})
    assert _skipped(component) == []
    # the same run in a helper the guarded branch calls, an else way, a conditional expression
    helper = (
        "import os, shutil, subprocess\nfrom setuptools import setup\n"
        "def sha():\n"
        '    return subprocess.check_output(["git", "rev-parse", "HEAD"]).decode()\n'
        'if not os.path.exists(os.path.join(os.path.dirname(__file__), ".git")):\n'
        '    version = "1.0"\n'
        "else:\n"
        '    version = "1.0+" + sha()\n'
        'tag = sha() if shutil.which("git") else ""\n'
        'setup(name="r15", version=version)\n'
    )
    assert _skipped(_scanned(tmp_path / "helper", {"setup.py": helper, "README.md": readme})) == []
    # a guard on something else leaves the run a need
    other = R15_SETUP.replace('os.path.isdir(".git")', 'os.getenv("R15_SHA", "1")')
    said = _skipped(_scanned(tmp_path / "other", {"setup.py": other, "README.md": readme}))
    assert len(said) == 1
    assert "repo/setup.py:8" in said[0]


SCM_PYPROJECT = """\
[build-system]
requires = ["setuptools>=64", "setuptools_scm>=6.2"]
build-backend = "setuptools.build_meta"

[project]
name = "scm"
dynamic = ["version"]

[tool.setuptools_scm]
"""
# what `git archive` writes into setuptools_scm's template for .git_archival.txt (export-subst)
FILLED_ARCHIVAL = """\
node: 7a3b9644c0ffee1234567890abcdef1234567890
node-date: 2026-11-30T10:00:00+00:00
describe-name: v1.2.0
ref-names: HEAD -> main, tag: v1.2.0
"""


def test_a_filled_in_git_archival_gives_setuptools_scm_its_version(tmp_path: Path) -> None:
    readme = "```\npip install .\n```\n"
    files = {"pyproject.toml": SCM_PYPROJECT, "README.md": readme}
    archived = {**files, ".git_archival.txt": FILLED_ARCHIVAL}
    assert _skipped(_scanned(tmp_path / "archive", archived)) == []
    # the template unexpanded (a copy, not an archive) gives none
    template = "node: $Format:%H$\nnode-date: $Format:%cI$\ndescribe-name: $Format:%(describe)$\n"
    said = _skipped(_scanned(tmp_path / "copy", {**files, ".git_archival.txt": template}))
    assert len(said) == 1
    assert "[tool.setuptools_scm]" in said[0]
    # a setuptools_scm pinned below 7 does not read the file
    pinned = SCM_PYPROJECT.replace("setuptools_scm>=6.2", "setuptools_scm<7")
    old = {**archived, "pyproject.toml": pinned}
    assert len(_skipped(_scanned(tmp_path / "old", old))) == 1
    # a plain git run is no setuptools_scm: the file does not answer it
    tbs = {"setup.py": TBS_SETUP, "README.md": readme, ".git_archival.txt": FILLED_ARCHIVAL}
    assert len(_skipped(_scanned(tmp_path / "tbs", tbs))) == 1
