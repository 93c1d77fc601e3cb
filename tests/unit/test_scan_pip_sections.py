"""A top-level pip list the repo's guides install only in a tests section, or only in an item
marked optional, is that feature's list (``pipsections``); one a guide installs on the repo's
own route, or a build script installs, stays the repo's."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.pipsections import list_scopes
from bringup.scan.scopes import OPTIONAL, REPO, TESTS
from bringup.scan.scopesplit import file_scopes
from bringup.scan.walk import RepoFile

# hicann/hixl @ 9ed283b2 docs/zh/build.md:242-250 (the tests section, "## 本地验证(tests)")
HIXL_BUILD = """## 本地验证(tests)

利用tests路径下的测试用例进行本地验证:

- 安装依赖

    ```bash
    # 安装根目录下requirements.txt依赖
    pip3 install -r requirements.txt
    ```
"""
# NVlabs/instant-ngp @ abe236ee README.md:153,163-165
INGP_README = """## Building instant-ngp (Windows & Linux)

- __[CMake](https://cmake.org/) v3.21 or higher__.
- __(optional) [Python](https://www.python.org/) 3.8 or higher__ for interactive bindings. \
Also, run `pip install -r requirements.txt`.
"""
# the same install on the repo's route: an "## Installation" section
ROUTE = "## Installation\n\n```bash\npip install -r requirements.txt\n```\n"
PINS = "numpy\nsympy\n"


def _scopes(texts: dict[str, str]) -> dict[str, str]:
    return list_scopes(texts, lambda rel: REPO, {})


def test_a_list_installed_only_in_a_tests_section_is_the_tests() -> None:
    texts = {"docs/zh/build.md": HIXL_BUILD, "requirements.txt": PINS}
    assert _scopes(texts) == {"requirements.txt": TESTS}


def test_a_list_installed_only_in_an_optional_item_is_optional() -> None:
    texts = {"README.md": INGP_README, "requirements.txt": PINS}
    assert _scopes(texts) == {"requirements.txt": OPTIONAL}


def test_a_list_any_guide_installs_on_the_route_stays_the_repos() -> None:
    texts = {"docs/zh/build.md": HIXL_BUILD, "INSTALL.md": ROUTE, "requirements.txt": PINS}
    assert _scopes(texts) == {}


def test_a_list_a_build_script_installs_stays_the_repos() -> None:
    script = "pip3 install -r requirements.txt\n"
    texts = {"docs/zh/build.md": HIXL_BUILD, "build.sh": script, "requirements.txt": PINS}
    assert list_scopes(texts, lambda rel: REPO, {"build.sh": script}) == {}


def test_a_nested_list_or_another_folders_list_is_not_read_here() -> None:
    nested = HIXL_BUILD.replace("-r requirements.txt", "-r python/requirements.txt")
    texts = {"docs/zh/build.md": nested, "requirements.txt": PINS}
    assert _scopes(texts) == {}


def test_the_files_scopes_give_the_list_its_feature() -> None:
    files = {
        rel: (RepoFile(rel, Path(rel), "cmake" if rel == "CMakeLists.txt" else "doc"), text)
        for rel, text in {
            "docs/zh/build.md": HIXL_BUILD,
            "requirements.txt": PINS,
            "CMakeLists.txt": "project(hixl)\n",
        }.items()
    }
    scopes = file_scopes(set(files), files, ())
    assert scopes.of("requirements.txt") == TESTS
    assert scopes.of("CMakeLists.txt") == REPO
