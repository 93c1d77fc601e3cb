"""What a repo-level install script's ``pip install`` lines name (issue 11, python packages):
an install script's every distribution, pinned or not; a build script's pins only. Real
lines, quoted with their repository, commit, file and line."""

from __future__ import annotations

from bringup.scan.shell import extract_shell
from scan_needs import source_file

# FlagOpen/FlagScale@da4935ec install/install-requirements.sh:85-88 (cut), then :100-101
FLAGSCALE_INSTALL = """    # Navigate to requirements directory and install basic dependencies
    uv pip install torch==2.7.1+cu128
    uv pip install deepspeed
    uv pip install -r ./requirements/requirements-common.txt
    uv pip install nvidia-cudnn-cu12==9.7.1.26
    CMAKE_ARGS="-DCMAKE_POLICY_VERSION_MINIMUM=3.5" uv pip install nvidia-cudnn-frontend
"""


def _packages(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    return [
        (r.subject, r.spec, r.source.line)
        for r in extract_shell(source_file(rel, text)).requirements
        if r.subject.startswith("pypi:") or r.subject == "torch"
    ]


def test_an_install_script_needs_what_it_installs_pinned_or_not() -> None:
    found = _packages("install/install-requirements.sh", FLAGSCALE_INSTALL)
    assert ("pypi:deepspeed", "", 3) in found
    assert ("pypi:nvidia-cudnn-frontend", "", 6) in found
    assert ("pypi:nvidia-cudnn-cu12", "==9.7.1.26", 5) in found


def test_a_build_script_needs_only_what_it_pins() -> None:
    # hicann/shmem@643bfb73 scripts/build.sh:432-436: the docs tools a build script's docs
    # function installs are no need of the build
    text = (
        "    pip install sphinx\n"
        "    pip install sphinx_rtd_theme\n"
        "    pip install myst_parser\n"
        "    pip install breathe\n"
        "    pip install linkify-it-py\n"
    )
    assert _packages("scripts/build.sh", text) == []


def test_a_script_named_for_installing_the_repo_needs_only_what_it_pins() -> None:
    # the same shmem lines (hicann/shmem@643bfb73 scripts/build.sh:432-436) in scripts whose
    # names install, reinstall or remove the repo itself, not its dependencies (constructed
    # names: the review's scripts/build_and_install.sh, install.sh, reinstall.sh, uninstall.sh)
    text = "    pip install sphinx\n    pip install breathe\n"
    for rel in ("scripts/build_and_install.sh", "install.sh", "reinstall.sh", "uninstall.sh"):
        assert _packages(rel, text) == [], rel


def test_a_script_named_for_the_dependencies_needs_what_it_installs() -> None:
    # FlagScale's install/install-requirements.sh (above) and constructed names of the same
    # kind: install_deps.sh (hicann/ops-nn's), install_dependencies.sh
    for rel in ("install_deps.sh", "scripts/install_dependencies.sh"):
        assert ("pypi:deepspeed", "", 3) in _packages(rel, FLAGSCALE_INSTALL), rel


def test_a_script_named_for_its_pip_installs_needs_what_it_installs() -> None:
    # NVIDIA/Fuser@81c4b22f tools/pip-install-things.sh:3
    text = "pip3 install --pre torch --index-url https://download.pytorch.org/whl/nightly/cu130\n"
    assert ("torch", "", 1) in _packages("tools/pip-install-things.sh", text)
