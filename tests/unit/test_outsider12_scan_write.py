"""``scan --write`` keeps each requirement's words, where they were found and how sure the
reading was (outsider12 #19): read back, an entry said ``conf: high``, ``source:
bringup.toml:N`` and ``as written: bringup.toml`` whatever the scan had read."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan import load_manifest, scan_stack
from bringup.scan.manifest import MANIFEST_NAME

# IST-DASLab/marlin@2f6d7c10e124b3c5fa29ff8d77d568bd7af3274c README.md:62-65
MARLIN_README = """## Requirements:

* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should match with torch)
* NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet optimized for Hopper)
"""  # noqa: E501


def test_a_drafted_entry_reads_back_with_its_words_source_and_confidence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "marlin"
    repo.mkdir()
    (repo / "README.md").write_text(MARLIN_README, encoding="utf-8")
    before = {r.subject: r for r in scan_stack([repo]).components[0].requirements}
    assert before["compute_capability"].confidence == "medium"
    assert main(["scan", "--write", str(repo)]) == 0
    capsys.readouterr()
    drafted = (repo / MANIFEST_NAME).read_text(encoding="utf-8")
    assert 'source = "README.md:4"' in drafted
    assert 'confidence = "medium"' in drafted
    load_manifest(repo / MANIFEST_NAME)
    after = {r.subject: r for r in scan_stack([repo]).components[0].requirements}
    for subject in ("cuda", "compute_capability"):
        was, now = before[subject], after[subject]
        assert (now.spec, now.confidence, now.text) == (was.spec, was.confidence, was.text)
        assert now.source.ref.endswith(MANIFEST_NAME)
        assert [(s.ref, s.line) for s in now.also_at] == [
            (str(repo / "README.md"), was.source.line)
        ]


def test_a_hand_written_entry_without_them_stays_high_and_cites_the_manifest(
    tmp_path: Path,
) -> None:
    (tmp_path / MANIFEST_NAME).write_text(
        '[[requirements]]\nsubject = "cuda"\nspec = ">=12.1"\n', encoding="utf-8"
    )
    (cuda,) = [r for r in scan_stack([tmp_path]).components[0].requirements if r.subject == "cuda"]
    assert (cuda.confidence, cuda.text, cuda.also_at) == ("high", "bringup.toml", ())


def test_a_source_without_a_line_is_the_file(tmp_path: Path) -> None:
    (tmp_path / MANIFEST_NAME).write_text(
        '[[requirements]]\nsubject = "cuda"\nspec = ">=12.1"\nsource = "docs/setup.md"\n'
        'confidence = "low"\n',
        encoding="utf-8",
    )
    (cuda,) = [r for r in scan_stack([tmp_path]).components[0].requirements if r.subject == "cuda"]
    assert cuda.confidence == "low"
    assert [(s.ref, s.line) for s in cuda.also_at] == [(str(tmp_path / "docs/setup.md"), None)]


def test_a_repo_given_by_a_relative_path_drafts_sources_beside_its_manifest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # outsider19 D14: ``scan upwork/tbs --write`` wrote ``source = "upwork/tbs/README.md:49"``,
    # the path from the directory scan ran in, not from the manifest's
    repo = tmp_path / "upwork" / "marlin"
    repo.mkdir(parents=True)
    (repo / "README.md").write_text(MARLIN_README, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["scan", "--write", "upwork/marlin"]) == 0
    capsys.readouterr()
    drafted = (repo / MANIFEST_NAME).read_text(encoding="utf-8")
    assert 'source = "README.md:3"' in drafted
    assert 'source = "README.md:4"' in drafted
    assert 'source = "upwork/' not in drafted
