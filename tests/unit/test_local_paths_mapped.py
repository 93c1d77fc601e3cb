"""A requirements file named by an absolute path through a folder named as the repo is the
checkout's list where the guide's reader mounted or cloned it (reread43): it was "missing",
and the step could not run here; it installs the checkout's own list, from the checkout."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

# source: https://github.com/aniweave-ai/UniWorld-V1/blob/main/setup_univa.sh (line 9), in a
# README code block here as a guide's line
LINE = "pip install -r /workspace/UniWorld-V1/requirements.txt"


def _installs(
    tmp_path: Path, line: str, name: str = "UniWorld-V1"
) -> list[tuple[str, tuple[str, ...]]]:
    root = tmp_path / name
    root.mkdir(parents=True)
    (root / "requirements.txt").write_text("torch==2.5.1\n")
    (root / "README.md").write_text(f"# UniWorld\n\n```bash\n{line}\n```\n")
    steps = scan_repo(root, name).component.steps
    return [(" ".join(s.argv), s.needs.missing) for s in steps if "install" in s.argv]


def test_an_absolute_path_through_the_repos_folder_is_the_checkouts_list(tmp_path: Path) -> None:
    assert _installs(tmp_path, LINE) == [("pip install -r requirements.txt", ())]


def test_an_absolute_path_elsewhere_stays_missing(tmp_path: Path) -> None:
    # another folder's list of the same file name is not the checkout's
    other = "pip install -r /workspace/ComfyUI/requirements.txt"
    assert _installs(tmp_path, other) == [(other, ("/workspace/ComfyUI/requirements.txt",))]
    # the repo's folder, but a file the checkout does not have
    lacking = "pip install -r /workspace/UniWorld-V1/requirements-dev.txt"
    assert _installs(tmp_path / "a", lacking) == [
        (lacking, ("/workspace/UniWorld-V1/requirements-dev.txt",))
    ]
