"""A script or CMake file named for the tests speaks for the ``tests`` feature wherever it lies,
and a contribution guide for ``development`` (issue 11, session of 2026-12-03).

Sources (public, at the commits the tune-set truth was written for):
- Ascend/memfabric_hybrid 7171ad35d67df61bcdd3f016fb43f71790ebb6f8
- Ascend/IndexSDK fa59585884ce5b34e7465d75003955a2cba5ef88
- Ascend/MindIE-LLM 8b4871ad31f592aa863f6255760e4934484d78e4
- hicann/cann-recipes-train 93819a74531c19c5c6089a5a916519ae20cf28fb
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.scopes import DEVELOPMENT, REPO, TESTS, Scopes

# memfabric_hybrid script/run_fuzz.sh:88, the fuzz tests' build
_RUN_FUZZ = (
    '[[ ! -d "googletest" ]] && git clone --branch v1.14.0 --depth 1 '
    "https://github.com/google/googletest.git\n"
)
# IndexSDK build/run_presmoke.sh:21-22, the smoke tests' build
_PRESMOKE = (
    ': "${FAISS_HOME:=/usr/local/faiss/faiss1.14.1}"\n'
    ': "${GTEST_HOME:=/opt/buildtools/googletest-1.11.0}"\n'
)


def test_scripts_and_cmake_files_named_for_the_tests_are_the_tests() -> None:
    files = [
        "CMakeLists.txt",
        "script/build.sh",
        "script/run_fuzz.sh",
        "build/run_presmoke.sh",
        # MindIE-LLM src/kernels/mie_ops/csrc/cmake/config_utest.cmake:28
        # ``find_package(tikicpulib REQUIRED)``: the unit tests' CPU simulator
        "src/kernels/mie_ops/csrc/cmake/config_utest.cmake",
        "src/kernels/mie_ops/csrc/cmake/intf_pub_llt_gccnative.cmake",
    ]
    scopes = Scopes(files, {"CMakeLists.txt": "", "script/build.sh": ""})
    for rel in files[2:]:
        assert scopes.of(rel) == TESTS, rel
    assert scopes.of("script/build.sh") == REPO
    # a word of the name, not a part of one: ``latest``, ``install_st...`` aside
    assert Scopes(["latest.sh", "setup.py"], {}).of("latest.sh") == REPO


def test_the_scan_keeps_a_fuzz_builds_clone_out_of_the_repos_needs(tmp_path: Path) -> None:
    (tmp_path / "script").mkdir()
    (tmp_path / "build").mkdir()
    (tmp_path / "CMakeLists.txt").write_text("project(x)\n", encoding="utf-8")
    (tmp_path / "script" / "run_fuzz.sh").write_text(_RUN_FUZZ, encoding="utf-8")
    (tmp_path / "build" / "run_presmoke.sh").write_text(_PRESMOKE, encoding="utf-8")
    component = scan_repo(tmp_path, "memfabric_hybrid").component
    assert not {r.subject for r in component.requirements} & {"network", "env_var"}
    [tests] = [s for s in component.scopes if s.name == TESTS]
    assert "network" in {r.subject for r in tests.requirements}
    # the smoke tests' homes are read with defaults (``${FAISS_HOME:=...}``): no need at all
    assert "env_var" not in {r.subject for s in component.scopes for r in s.requirements}


def test_a_contribution_guide_is_developments() -> None:
    # cann-recipes-train CONTRIBUTION.md:56-59 "请使用 `pre-commit` 工具确保代码满足基本规范"
    # then ``pip install pre-commit``: how a contributor sets up, not what the recipes need
    files = ["README.md", "CONTRIBUTION.md", "CONTRIBUTING.md"]
    scopes = Scopes(files, {})
    assert scopes.of("CONTRIBUTION.md") == DEVELOPMENT
    assert scopes.of("README.md") == REPO


# facebookresearch/pytorch3d 9381c4016376345bb795b97c45a6c2de66db354a
# scripts/publish_website.sh:29, the site's build env
_WEBSITE = "set -e\n\nconda create -y -n myenv python=3.7 nodejs\n"


def test_a_script_named_for_the_docs_is_developments(tmp_path: Path) -> None:
    files = ["setup.py", "scripts/publish_website.sh", "scripts/build_docs.sh", "scripts/build.sh"]
    scopes = Scopes(files, {"setup.py": ""})
    assert scopes.of("scripts/publish_website.sh") == DEVELOPMENT
    assert scopes.of("scripts/build_docs.sh") == DEVELOPMENT
    # a word of the name, not a part of one: ``docker``, ``doctor`` aside
    assert Scopes(["docker_run.sh", "setup.py"], {}).of("docker_run.sh") == REPO
    (tmp_path / "scripts").mkdir()
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup()\n", encoding="utf-8")
    (tmp_path / "scripts" / "publish_website.sh").write_text(_WEBSITE, encoding="utf-8")
    component = scan_repo(tmp_path, "pytorch3d").component
    assert "python" not in {r.subject for r in component.requirements}
