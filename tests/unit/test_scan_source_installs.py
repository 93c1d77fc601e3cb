"""Packages a guide builds from their sources (``sourceinstalls``): a project cloned and
installed from its folder, or pip-installed from its repository, is a need of its
distribution; the repo's own is how the user gets the repo. Real lines, quoted with their
repository, commit, file and line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.commands import parse_commands
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.scan.sourceinstalls import source_installs

# ModelTC/lightx2v@0591c35e docs/EN/source/getting_started/quickstart.md:14-30
LIGHTX2V_QUICKSTART = """```shell
# clone repo and submodules
git clone https://github.com/ModelTC/lightx2v.git lightx2v && cd lightx2v

conda create -n lightx2v python=3.11 && conda activate lightx2v
pip install -r requirements.txt

# The Hunyuan model needs to run under this version of transformers. If you do not need to \
run the Hunyuan model, you can ignore this step.
# pip install transformers==4.45.2

# install flash-attention 2
git clone https://github.com/Dao-AILab/flash-attention.git --recursive
cd flash-attention && python setup.py install

# install flash-attention 3, only if hopper
cd flash-attention/hopper && python setup.py install
```
"""


def _built(text: str) -> list[tuple[str, str, int | None, tuple[int | None, ...]]]:
    file = SourceFile(ref="quickstart.md", rel="quickstart.md", text=text)
    return [
        (r.subject, r.spec, r.source.line, tuple(p.line for p in r.also_at))
        for r in source_installs(file, parse_commands(text), hard=True)
    ]


def test_a_clone_installed_from_its_folder_is_a_need_of_its_distribution() -> None:
    # the clone of the repo itself (line 3) holds the next one's; flash-attention publishes
    # flash-attn; the hopper build (line 16) lies in the same clone
    body = LIGHTX2V_QUICKSTART.split("\n", 1)[1].rsplit("```", 1)[0]
    found = _built(body)
    assert ("pypi:flash-attn", "", 12, (11,)) in found
    assert [s for s, *_ in found] == ["pypi:flash-attn"]


def test_a_clone_nothing_installs_from_is_no_need() -> None:
    # the same clone with its install step left out: a clone alone is a download
    text = "git clone https://github.com/Dao-AILab/flash-attention.git --recursive\n"
    assert _built(text) == []


def test_a_clones_release_and_a_pip_install_in_its_folder() -> None:
    # Ascend/DrivingSDK@e667017eb751b614c128c9c81812634cae362ee4
    # model_examples/FCOS3D/README.md:74-78: the release the clone checks out is the one built
    text = (
        "git clone -b v3.3.0 https://github.com/open-mmlab/mmdetection.git\n"
        "cd mmdetection\n"
        "cp -f ../mmdet.patch ./\n"
        "git apply --reject --whitespace=fix mmdet.patch\n"
        "pip install -e .\n"
    )
    assert [(spec, line, also) for _, spec, line, also in _built(text)] == [("==3.3.0", 5, (1,))]


def test_the_guides_source_build_is_read_in_the_repo_scan(tmp_path: Path) -> None:
    docs = tmp_path / "docs/EN/source/getting_started"
    docs.mkdir(parents=True)
    (docs / "quickstart.md").write_text(
        "# Quick Start\n\n## Prepare Environment\n\n" + LIGHTX2V_QUICKSTART
    )
    (tmp_path / "README.md").write_text(
        "# LightX2V\n\nSee [quick start](docs/EN/source/getting_started/quickstart.md).\n"
    )
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup(name='lightx2v')\n")
    requirements = scan_repo(tmp_path, "lightx2v").component.requirements
    subjects = {r.subject for r in requirements}
    assert "pypi:flash-attn" in subjects
    assert "pypi:lightx2v" not in subjects


def test_a_pip_install_of_the_repos_own_repository_is_no_need(tmp_path: Path) -> None:
    # mit-han-lab/torchsparse@385f5ce8 README.md:75-77: how the user installs the repo
    root = tmp_path / "torchsparse"
    root.mkdir()
    (root / "README.md").write_text(
        "# TorchSparse\n\n## Installation\n\n```\n"
        "pip install git+https://github.com/mit-han-lab/torchsparse.git\n```\n"
    )
    requirements = scan_repo(root, "torchsparse").component.requirements
    assert not [r for r in requirements if "torchsparse" in r.subject]
