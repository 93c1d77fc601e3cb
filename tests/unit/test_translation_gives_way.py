"""A translation's older statement gives way to the primary README's (outsider23c D8):
AutoGPTQ's README_zh.md names CUDA 11.7 / 11.8 for PyTorch 2.0.1 wheels, its README.md CUDA
11.8 / 12.1 for PyTorch 2.2.1 (tests/data/outsider23c/autogptq, lines in its SOURCES). Both
bound the plan, so ``solve --target A100:8 --what-if cuda=12.1`` said the repo "blocked: needs
CUDA == 11.7.* or == 11.8.* (README_zh.md:65)", at a CUDA its README ships wheels for."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan.repo import scan_repo
from bringup.scan.translations import original_of

REPO = Path(__file__).parent.parent / "data" / "outsider23c" / "autogptq"


def test_the_readme_wins_and_the_translation_is_named_beside_it(tmp_path: Path) -> None:
    root = tmp_path / "autogptq"
    shutil.copytree(REPO, root)
    component = scan_repo(root, "autogptq").component
    cuda = [r for r in component.requirements if r.subject == "cuda"]
    assert [r.source.line for r in cuda] == [7]  # README.md's CUDA 11.8 row
    assert "11.7" not in cuda[0].spec
    assert "its translation" in (cuda[0].text or "")
    assert "README_zh.md:6 says ==11.7.*" in (cuda[0].text or "")


def test_a_cuda_the_readme_ships_wheels_for_does_not_block(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "autogptq"
    shutil.copytree(REPO, root)
    main(["solve", str(root), "--target", "A100:8", "--what-if", "cuda=12.1"])
    out = capsys.readouterr().out
    assert "blocked" not in out
    assert "README_zh.md" not in out


def test_translations_by_their_suffix() -> None:
    rels = frozenset({"README.md", "README_zh.md", "README.zh-CN.md", "docs/install.md"})
    assert original_of("README_zh.md", rels) == "README.md"
    assert original_of("README.zh-CN.md", rels) == "README.md"
    assert original_of("README.md", rels) is None
    assert original_of("docs/install_zh.md", rels) == "docs/install.md"
    assert original_of("docs/usage_zh.md", rels) is None  # no original beside it


# ashawkey/torch-ngp@b6e080468925f0bb44827b4f8f0ed08291dcf8a9 environment.yml:5-7
TORCH_NGP_ENV = "dependencies:\n  - python\n  - cudatoolkit=11.3\n"


def test_a_what_if_that_blocks_a_repo_says_so_and_of_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The headline read "2 -> 1 environment" while repos became blocked, and the line said
    "this machine has CUDA 12.1" of a ``--target`` question (outsider23c D8)."""
    monkeypatch.setenv("COLUMNS", "200")
    root = tmp_path / "torch-ngp"
    root.mkdir()
    (root / "environment.yml").write_text(TORCH_NGP_ENV, encoding="utf-8")
    main(["solve", str(root), "--target", "A100:8", "--what-if", "cuda=12.1"])
    out = capsys.readouterr().out
    assert out.startswith("what if cuda=12.1: 1 -> 0 environments; 1 repo now blocked (torch-ngp)")
    assert "the target has CUDA 12.1" in out
    assert "this machine" not in out
    assert "torch-ngp cannot run on the target" in " ".join(out.split())
