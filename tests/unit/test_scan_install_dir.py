"""A top-level ``install/`` directory holds the repo's own install scripts, as ``scripts/``
and ``build/`` do: what its script pins is the repo's need, even beside a README of its own."""

from __future__ import annotations

from bringup.scan.extraction import SourceFile
from bringup.scan.scopes import REPO, Scopes
from bringup.scan.shell import extract_shell

# FlagOpen/FlagScale@da4935ec install/install-requirements.sh:85-86 (README.md:64 runs it)
FLAGSCALE = (
    "    # Navigate to requirements directory and install basic dependencies\n"
    "    uv pip install torch==2.7.1+cu128 torchaudio==2.7.1+cu128 torchvision==0.22.1+cu128"
    " --extra-index-url https://download.pytorch.org/whl/cu128\n"
)


def test_an_install_folders_script_pins_the_repos_needs() -> None:
    rel = "install/install-requirements.sh"
    file = SourceFile(ref=f"FlagScale/{rel}", rel=rel, text=FLAGSCALE)
    pins = {(r.subject, r.spec) for r in extract_shell(file).requirements if r.subject[:1] == "t"}
    assert pins == {
        ("torch", "==2.7.1+cu128"),
        ("torchaudio", "==2.7.1+cu128"),
        ("torchvision", "==0.22.1+cu128"),
    }


def test_an_install_folder_with_a_readme_is_no_sub_project() -> None:
    files = ["setup.py", "README.md", "install/README.md", "install/install-requirements.sh"]
    assert Scopes(files, {}).of("install/install-requirements.sh") == REPO
