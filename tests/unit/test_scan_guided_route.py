"""A folder the top README's install section enters and builds is the repo's (issue 11, item 2
"Scopes"; the truth writers' rule: what the main route builds is "repo").

Sources (public, at the commits the tune-set truths were written for):
mit-han-lab/qserve de6a2ec6b5248ce71f3d738c6c41c45195b2fb4e,
mindspore-ai/mindarmour 88285e85e19e3b03b3c3fb221596bb95a4e1f981,
rapidsai/rmm 5d50a37b9612e29d53f8202fba792b1a36f88a79.
"""

from __future__ import annotations

from bringup.scan.guidedirs import guided_lines
from bringup.scan.mainroute import GUIDED
from bringup.scan.scopes import REPO, Scopes

# qserve README.md:50 (the section), 64-71 (its first block) and 112-119 (step 3)
_QSERVE_README = """\
## Installation

```bash=
conda create -n QServe python=3.10 -y
pip install -e .
```

3. Compile the CUDA kernels.

Please return to the QServe directory and execute the following commands:

```bash=
cd kernels
python setup.py install
```

## QServe Model Zoo
"""
_QSERVE_FILES = ["README.md", "pyproject.toml", "kernels/setup.py", "kernels/csrc/x.cu"]


def test_a_folder_the_install_section_builds_is_the_repos() -> None:
    """``cd kernels`` then ``python setup.py install`` under "Installation": ``kernels`` is
    built by the repo's route, cited at the build line; its setup.py is the repo's."""
    assert guided_lines({"README.md": _QSERVE_README}, _QSERVE_FILES) == {
        "kernels": ("README.md", 14)
    }
    texts = {"README.md": _QSERVE_README, "kernels/setup.py": "from setuptools import setup\n"}
    scopes = Scopes([*_QSERVE_FILES, "kernels/README.md"], texts, texts=texts)
    assert scopes.route["kernels"].how == GUIDED
    assert scopes.of("kernels/setup.py") == REPO


def test_a_folder_a_usage_section_builds_stays_its_own() -> None:
    """The same block under a section about an example or a benchmark builds that, not the
    repo's install (``guides.about_installing``)."""
    for heading in ("## Usage and Examples", "## Efficiency Benchmarks"):
        readme = _QSERVE_README.replace("## Installation", heading)
        assert guided_lines({"README.md": readme}, _QSERVE_FILES) == {}


def test_an_optional_or_other_os_install_part_is_not_the_route() -> None:
    """review30: the qserve block under an install sub-section that is optional, an
    alternative or another OS's build makes its folder that part's, not the repo's."""
    headings = ("### Optional: faster kernels", "## Installation (Windows)", "### 可选：编译算子")
    for heading in headings:
        readme = _QSERVE_README.replace("3. Compile the CUDA kernels.", heading)
        assert guided_lines({"README.md": readme}, _QSERVE_FILES) == {}, heading


# mindarmour README.md:96-107 (the clone in step 1, the build in step 2)
_MINDARMOUR_README = """\
### Installation by Source Code

1. Download source code from Gitee.

    ```bash
    git clone https://gitee.com/mindspore/mindarmour.git
    ```

2. Compile and install in MindArmour directory.

    ```bash
    cd mindarmour
    python setup.py install
    ```
"""


def test_going_into_the_clone_is_going_to_the_top() -> None:
    """``cd mindarmour`` after the README cloned ``mindarmour.git`` is the checkout's top, not
    the package folder ``mindarmour/`` of the same name: nothing nested is built."""
    files = ["README.md", "setup.py", "mindarmour/__init__.py", "mindarmour/setup.py"]
    assert guided_lines({"README.md": _MINDARMOUR_README}, files) == {}
    unrelated = _MINDARMOUR_README.replace("mindarmour.git", "other.git")
    assert guided_lines({"README.md": unrelated}, files) == {"mindarmour": ("README.md", 13)}


# rmm README.md:127-132 (rapidsai/rmm@5d50a37b9612e29d53f8202fba792b1a36f88a79)
_RMM_README = """\
## Building from source

- Build, install, and test the `rmm` python package, in the `python` folder:

```bash
# In the root rmm directory
$ python -m pip wheel ./python/librmm
$ python -m pip install --find-links=. -e ./python/rmm
$ pytest -v
```
"""


def test_a_wheel_built_and_a_package_installed_by_path_are_the_repos() -> None:
    """``pip wheel DIR`` builds DIR as ``pip install -e DIR`` does; the prompt is not a word."""
    files = ["README.md", "python/librmm/pyproject.toml", "python/rmm/pyproject.toml"]
    assert guided_lines({"README.md": _RMM_README}, files) == {
        "python/librmm": ("README.md", 7),
        "python/rmm": ("README.md", 8),
    }
