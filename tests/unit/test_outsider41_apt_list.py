"""A top-level packages.txt that apt installs (outsider22 D16): cosdt/vllm-ascend's CI
installs it with apt-get, and its packages were missed. Read only where apt installs it."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

# cosdt/vllm-ascend@a524b50 packages.txt:1-2, verbatim
PACKAGES = "git\nvim\n"
# cosdt/vllm-ascend@a524b50 .github/workflows/vllm_ascend_test.yaml:76-79 (the step)
WORKFLOW = (
    "jobs:\n"
    "  test:\n"
    "    runs-on: ubuntu-latest\n"
    "    steps:\n"
    "      - name: Install system dependencies\n"
    "        run: |\n"
    "          apt-get update -y\n"
    "          apt-get -y install `cat packages.txt`\n"
)
# a Gradio Space's README front matter: the SDK whose build installs packages.txt
# (https://huggingface.co/docs/hub/spaces-dependencies, cited by huggingface.co/spaces/
# ivelin/ui-refexp@f0a0a4a9 packages.txt:2)
SPACE_README = "---\ntitle: UI RefExp\nsdk: gradio\n---\n"


def _system_packages(root: Path) -> list[tuple[str, int, bool]]:
    (component,) = scan_stack([str(root)]).components
    return [
        (r.spec, r.source.line or 0, r.hard)
        for r in component.requirements
        if r.subject == "system_package" and r.source.ref.endswith("packages.txt")
    ]


def test_a_list_the_ci_feeds_to_apt_is_read_soft(tmp_path: Path) -> None:
    (tmp_path / "packages.txt").write_text(PACKAGES, encoding="utf-8")
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "test.yaml").write_text(WORKFLOW, encoding="utf-8")
    # git is no need of its own where it is only installed (``sysdeps._kind``)
    assert _system_packages(tmp_path) == [("vim", 2, False)]


def test_a_space_s_list_is_read_as_its_build_installs_it(tmp_path: Path) -> None:
    (tmp_path / "packages.txt").write_text(PACKAGES, encoding="utf-8")
    (tmp_path / "README.md").write_text(SPACE_README, encoding="utf-8")
    assert _system_packages(tmp_path) == [("vim", 2, True)]


def test_a_list_nothing_hands_to_apt_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "packages.txt").write_text(PACKAGES, encoding="utf-8")
    assert _system_packages(tmp_path) == []
