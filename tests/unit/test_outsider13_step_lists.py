"""outsider13 D6: a pip list named for development that the repo's own install block installs
was set aside as "development", so the verdict never read the pins ``up`` then installs. Real
lines: mmmmaja/starfishDetection README.md ("### Environment": ``pip install -r
requirements.txt``, ``pip install -r requirements_dev.txt``, ``pip install -e .``), against
lotrekagency/pyverificac19 README.md ("## Development": "Install dev dependencies", ``pip
install -r requirements-dev.txt``), whose list stays aside."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bringup.model import Requirement
from bringup.scan.repo import scan_repo
from cpuclock import cpu_seconds

STARFISH = """## Documentation
### Environment
Create a dedicated environment to keep track of the packages for the project
```bash
conda create --name starfish-env python=3.11
conda activate starfish-env
pip install -r requirements.txt
pip install -r requirements_dev.txt
pip install -e .
```
"""
PYVERIFICAC19 = """## Development

Install dev dependencies

```
pip install -r requirements-dev.txt
```
"""


def _repo(root: Path, readme: str, listed: str) -> Path:
    root.mkdir()
    (root / "README.md").write_text("# x\n\n" + readme)
    (root / "setup.py").write_text('from setuptools import setup\nsetup(name="x")\n')
    (root / "requirements.txt").write_text("numpy>=1.20\n")
    (root / listed).write_text("torch==1.13.1\n")
    return root


def _torch(requirements: Sequence[Requirement]) -> list[str]:
    return [r.spec for r in requirements if r.subject == "torch"]


def test_a_dev_list_the_install_block_installs_is_the_repos(tmp_path: Path) -> None:
    component = scan_repo(_repo(tmp_path / "s", STARFISH, "requirements_dev.txt"), "s").component
    assert _torch(component.requirements) == ["==1.13.1"]
    assert not any(s.name == "development" for s in component.scopes)


def test_a_dev_list_under_a_development_heading_stays_aside(tmp_path: Path) -> None:
    component = scan_repo(
        _repo(tmp_path / "p", PYVERIFICAC19, "requirements-dev.txt"), "p"
    ).component
    assert _torch(component.requirements) == []
    [aside] = [s for s in component.scopes if s.name == "development"]
    assert _torch(aside.requirements) == ["==1.13.1"]


# torchtitan-npu .agents/AGENTS.md:6-10: a shell comment opens the block under "构建与测试"
# ("build and test"); the comment is no heading, the section stays the tests'
TORCHTITAN_NPU = """## 构建与测试

```bash
# 安装依赖
pip install -r requirements.txt -r requirements_dev.txt
```
"""


def test_a_comment_in_a_fenced_block_is_no_heading(tmp_path: Path) -> None:
    component = scan_repo(
        _repo(tmp_path / "t", TORCHTITAN_NPU, "requirements_dev.txt"), "t"
    ).component
    assert _torch(component.requirements) == []


def test_each_guide_is_read_once_whatever_its_steps() -> None:
    # a guide of 20,000 install lines under a tests heading: each line's section was read
    # again from the top (quadratic: minutes for the whole scan)

    from bringup.model import Step, file_source
    from bringup.scan.steplists import installed_lists

    rows = 20_000
    text = "## Tests\n\n```\n" + "pip install -r requirements_dev.txt\n" * rows + "```\n"
    steps = [
        Step(
            name="pip",
            kind="install",
            argv=("pip", "install", "-r", "requirements_dev.txt"),
            source=file_source("x/README.md", line),
        )
        for line in range(4, 4 + rows)
    ]
    listed = Requirement(
        component="x",
        subject="pypi:torch",
        spec="==1.13.1",
        source=file_source("x/requirements_dev.txt", 1),
    )
    guides = {
        "x/README.md": ("README.md", text),
        "x/requirements_dev.txt": ("requirements_dev.txt", ""),
    }
    started = cpu_seconds()
    assert installed_lists(steps, {"tests": [listed]}, guides) == []
    assert cpu_seconds() - started < 2.0
    assert installed_lists(
        steps, {"tests": [listed]}, {**guides, "x/README.md": ("README.md", text[10:])}
    ) == [listed]
