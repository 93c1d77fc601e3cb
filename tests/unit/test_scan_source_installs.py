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


def _named(text: str) -> list[tuple[str, str]]:
    return [(subject, spec) for subject, spec, *_ in _built(text)]


def test_a_git_urls_user_info_is_not_its_distribution() -> None:
    # uc-cdis/sheepdog sheepdog/auth/__init__.py:6 (was pypi:git ==1.2.3)
    line = "pip install git+https://git@github.com/uc-cdis/authutils.git@1.2.3#egg=authutils\n"
    assert _named(line) == [("pypi:authutils", "==1.2.3")]
    # jo1132/KoBERT Readme.md:11: a branch, no release
    line = "pip install git+https://git@github.com/SKTBrain/KoBERT.git@master\n"
    assert _named(line) == [("pypi:kobert", "")]
    # constructed (the review's): a token as user info, an SSH URL
    line = "pip install git+https://oauth2:TOKEN@gitlab.com/org/mylib.git@v1.0\n"
    assert _named(line) == [("pypi:mylib", "==1.0")]
    line = "pip install git+ssh://git@github.com/Dao-AILab/flash-attention.git@v2.5.0\n"
    assert _named(line) == [("pypi:flash-attn", "==2.5.0")]


def test_the_name_a_requirement_gives_is_its_distribution() -> None:
    # informatics-isi-edu/deriva-client-bundle dev-install-prereqs.sh:4 (PEP 508, extras)
    line = "pip install deriva-qt[PyQt5]@git+https://github.com/informatics-isi-edu/deriva-qt.git\n"
    assert _named(line) == [("pypi:deriva-qt", "")]
    # constructed: #egg= names a distribution the repository's name does not
    line = "pip install git+https://github.com/org/tools.git@v0.3#egg=org-tools\n"
    assert _named(line) == [("pypi:org-tools", "==0.3")]


def test_a_branch_is_a_release_only_when_all_of_it_is_a_version() -> None:
    # makaveli10/TensorRT-LLM's clone in a setup script (``git clone -b cuda12.2 https://
    # github.com/makaveli10/TensorRT-LLM.git`` then ``cd TensorRT-LLM``), the install line
    # constructed: cuda12.2 is a branch, not TensorRT-LLM 12.2
    text = (
        "git clone -b cuda12.2 https://github.com/makaveli10/TensorRT-LLM.git\n"
        "cd TensorRT-LLM\n"
        "pip install .\n"
    )
    assert _named(text) == [("pypi:tensorrt-llm", "")]
    # a release branch (``git clone --branch release/0.21 --depth 1 https://github.com/pytorch/
    # vision.git /tmp/vision`` in a Dockerfile's script), the install constructed
    text = (
        "git clone --branch release/0.21 --depth 1 https://github.com/pytorch/vision.git vision\n"
        "cd vision\n"
        "pip install .\n"
    )
    assert _named(text) == [("torchvision", "==0.21")]
    # constructed (the review's): a branch ending in a version
    text = "git clone --branch release-py3.10 https://github.com/org/mylib\ncd mylib\npip install ."
    assert _named(text) == [("pypi:mylib", "")]


def test_a_repository_publishes_under_another_name_only_as_its_owner_does() -> None:
    # ArutyunovG/CVWorkspace frameworks/pytorch/torchvision/install_torchvision.sh:3-5
    text = (
        "git clone --recursive https://github.com/pytorch/vision.git\n"
        "cd vision && git checkout master\n"
        "python setup.py install\n"
    )
    assert _named(text) == [("torchvision", "")]
    # deepjavalibrary/djl-serving serving/docker/scripts/install_flash_attn.sh:4-6 (pushd
    # written as cd here): flash-attention's old home
    text = (
        "git clone https://github.com/HazyResearch/flash-attention.git -b v1.0.0\n"
        "cd flash-attention\n"
        "pip install -v .\n"
    )
    assert _named(text) == [("pypi:flash-attn", "==1.0.0")]
    # constructed (the review's): another owner's vision is not torchvision
    assert _named("pip install git+https://github.com/someorg/vision.git\n") == [
        ("pypi:vision", "")
    ]


# grycap-jenkins/config-scripts clues-indigo/install-prerequisites.sh:3-13 (a trailing blank cut)
CLUES_PREREQUISITES = """cd /tmp

# Install cpyutils
git clone https://github.com/grycap/cpyutils.git
cd cpyutils
sudo python setup.py install

cd /tmp

# Install clues
git clone https://github.com/grycap/clues.git
cd clues
sudo python setup.py install
"""


def test_a_clone_in_an_absolute_folder_installed_with_sudo() -> None:
    # cd /tmp is a place the block names, not a folder lost; sudo runs the install
    assert _built(CLUES_PREREQUISITES) == [
        ("pypi:cpyutils", "", 6, (4,)),
        ("pypi:clues", "", 13, (11,)),
    ]


def test_the_folders_pip_install_names_are_below_the_one_it_runs_in() -> None:
    # constructed (the review's): a clone in a folder made for it, installed by its path
    text = "mkdir deps && cd deps\ngit clone https://github.com/NVIDIA/apex\npip install ./apex\n"
    assert _named(text) == [("pypi:apex", "")]
    # constructed: an editable install of a folder named bare, and one with extras
    text = "git clone https://github.com/NVIDIA/apex\npip install -e apex\n"
    assert _named(text) == [("pypi:apex", "")]
    text = "git clone https://github.com/NVIDIA/apex\ncd apex\npip install -e .[dev]\n"
    assert _named(text) == [("pypi:apex", "")]
    text = "cd ~\ngit clone https://github.com/NVIDIA/apex\ncd apex\npip install .\n"
    assert _named(text) == [("pypi:apex", "")]
