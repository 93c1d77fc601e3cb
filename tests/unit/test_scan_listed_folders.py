"""A name a requirements list item opens with that is a folder of the repo is the repo's own
variant, not a distribution (scan/specspans.py ``folder_named``)."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# NVIDIA/multi-gpu-programming-models@9a600f5ea8f5e53614e30b7b36e9136107178dd8 README.md:24-27
README = (
    "# Requirements\n"
    "* CUDA: version 11.0 (9.2 if build with `DISABLE_CUB=1`) or later is required by all "
    "variants.\n"
    "  * `nccl_graphs` requires NCCL 2.15.1, CUDA 11.7 and CUDA Driver 515.65.01 or newer\n"
    "  * `multi_node_p2p` requires CUDA 12.4, a CUDA Driver 550.54.14 or newer and the NVIDIA "
    "IMEX daemon running.\n"
)


def _subjects(root: Path) -> set[str]:
    return {r.subject for r in scan_repo(root, "repo").component.requirements}


def test_a_listed_name_that_is_a_folder_of_the_repo_is_no_distribution(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    for folder in ("nccl_graphs", "multi_node_p2p"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "Makefile").write_text("all:\n\tnvcc -o x x.cu\n", encoding="utf-8")
    subjects = _subjects(tmp_path)
    assert "nccl" in subjects
    assert not {s for s in subjects if s.startswith("pypi:")}


def test_the_same_names_without_such_folders_stay_distributions(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    assert {"pypi:nccl-graphs", "pypi:multi-node-p2p"} <= _subjects(tmp_path)


def test_a_folder_that_builds_nothing_names_no_variant(tmp_path: Path) -> None:
    # review31: any folder at any depth dropped the distribution of its name ("- `cupy`"
    # beside kernels/cupy/README.md); only a folder with a build of its own is a variant
    (tmp_path / "README.md").write_text(README, encoding="utf-8")
    for folder in ("docs/nccl_graphs", "multi_node_p2p"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "README.md").write_text("# notes\n", encoding="utf-8")
    assert {"pypi:nccl-graphs", "pypi:multi-node-p2p"} <= _subjects(tmp_path)
