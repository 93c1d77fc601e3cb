"""A guide's install of the repo itself from its own repository's URL or from the index under
its own name is the route of installing the checkout: one install stays, the checkout's, so
``up`` builds what was scanned, once (review24 M5)."""

from __future__ import annotations

from bringup.model import Step, file_source
from bringup.scan.steps_found import without_own_release


def _step(line: str, ref: str, number: int) -> Step:
    argv = tuple(line.split())
    return Step(name=line, kind="install", argv=argv, source=file_source(ref, number))


# pyg-team/pyg-lib@764e3a492eb0d1ed9616808ec9fec2416f8d6b7d README.md:61-62, and the install
# of the checkout the scan adds from its pyproject.toml (setup.py runs CMake)
NINJA = _step("pip install ninja wheel", "README.md", 61)
PYG_GIT = _step(
    "pip install --no-build-isolation git+https://github.com/pyg-team/pyg-lib.git", "README.md", 62
)
CHECKOUT = _step("pip install -e .", "pyproject.toml", 1)
# NVIDIA/cudnn-frontend@3929da2ef4c1dba1bb8acb68727b9134f26f40c0 README.md:104
CUDNN_GIT = _step(
    "pip install -v git+https://github.com/NVIDIA/cudnn-frontend.git", "README.md", 104
)


def test_the_repos_own_url_gives_way_to_the_checkout_in_its_place() -> None:
    kept = without_own_release([NINJA, PYG_GIT, CHECKOUT], ["pyg-lib"], "pyg-lib")
    assert kept == [NINJA, CHECKOUT]


def test_the_checkout_folder_names_the_repo_when_the_distribution_differs() -> None:
    # its distribution is nvidia-cudnn-frontend (pyproject.toml:6); the URL names the repo
    kept = without_own_release([CHECKOUT, CUDNN_GIT], ["nvidia-cudnn-frontend"], "cudnn-frontend")
    assert kept == [CHECKOUT]


def test_another_repos_url_stays() -> None:
    # constructed: pyg-lib's checkout beside an install of another project from git
    other = _step("pip install git+https://github.com/pyg-team/pytorch_geometric.git", "x.md", 3)
    assert without_own_release([other, CHECKOUT], ["pyg-lib"], "pyg-lib") == [other, CHECKOUT]


def test_without_an_install_of_the_checkout_the_url_stays() -> None:
    assert without_own_release([NINJA, PYG_GIT], ["pyg-lib"], "pyg-lib") == [NINJA, PYG_GIT]


def test_a_pep508_name_at_a_fork_url_is_the_repo() -> None:
    # constructed: the same install under its distribution name from a fork of another name
    fork = _step("pip install pyg-lib@git+https://github.com/someone/fork.git@v0.4", "x.md", 1)
    assert without_own_release([fork, CHECKOUT], ["pyg-lib"], "pyg-lib") == [CHECKOUT]


def test_an_install_of_a_subfolder_is_not_the_repos() -> None:
    # constructed: only a subfolder of the checkout is installed
    sub = _step("pip install -e ./benchmarks", "README.md", 70)
    assert without_own_release([PYG_GIT, sub], ["pyg-lib"], "pyg-lib") == [PYG_GIT, sub]
