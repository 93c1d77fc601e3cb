"""reread43 H1: a packages.txt that links out of the checkout is not read. Its lines are
printed as package names: a Space's README (sdk: gradio) beside a packages.txt linked to the
reader's credentials file printed the keys as "system_package" needs."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

# a Gradio Space's README front matter: the SDK whose build installs packages.txt
# (https://huggingface.co/docs/hub/spaces-dependencies)
SPACE_README = "---\ntitle: demo\nsdk: gradio\n---\n"


def _system_packages(root: Path) -> list[str]:
    (component,) = scan_stack([str(root)]).components
    return [r.spec for r in component.requirements if r.subject == "system_package"]


def test_a_packages_txt_linked_out_of_the_checkout_is_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "home" / "credentials"
    outside.parent.mkdir()
    outside.write_text("aws_secret_access_key = wJalrXUtnFEMI\n", encoding="utf-8")
    repo = tmp_path / "space"
    repo.mkdir()
    (repo / "README.md").write_text(SPACE_README, encoding="utf-8")
    (repo / "packages.txt").symlink_to(outside)
    assert _system_packages(repo) == []


def test_a_packages_txt_linked_inside_the_checkout_is_read(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text(SPACE_README, encoding="utf-8")
    (tmp_path / "deps").mkdir()
    (tmp_path / "deps" / "apt.txt").write_text("ffmpeg\n", encoding="utf-8")
    (tmp_path / "packages.txt").symlink_to(tmp_path / "deps" / "apt.txt")
    assert _system_packages(tmp_path) == ["ffmpeg"]
