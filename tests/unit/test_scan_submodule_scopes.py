"""A submodule is fetched for the part of the repo it is checked out in (issue 11, scopes).

Sources: nerfacc-project/nerfacc@57ccfa14feb94975836ea6913149a86737220f2b .gitmodules:1-22;
Ascend/msopprof@d6c29dfa6a2e60053fb1efc8a3f1f5c62232fa3a .gitmodules:1-3 and CMakeLists.txt.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo
from bringup.scan.scopes import REPO, TESTS, Scopes

# nerfacc .gitmodules:1-3 and :10-13, as written
_NERFACC = (
    '[submodule "examples/pycolmap"]\n'
    "\tpath = examples/pycolmap\n"
    "\turl = https://github.com/rmbrualla/pycolmap.git\n"
    "\n"
    '[submodule "benchmarks/barf"]\n'
    "\tpath = benchmarks/barf\n"
    "\turl = https://github.com/liruilong940607/barf.git\n"
    "\tbranch = nerfacc\n"
)


def test_a_submodule_under_examples_or_benchmarks_is_theirs() -> None:
    scopes = Scopes(["setup.py", "README.md", "examples/train_ngp_nerf.py"], {})
    assert scopes.holding("examples/pycolmap") == "examples"
    assert scopes.holding("benchmarks/barf") == "benchmarks"
    assert scopes.holding("tests/googletest") == TESTS
    # constructed: a top-level or third-party submodule is the repo's
    assert scopes.holding("third_party/cutlass") == REPO
    assert scopes.holding("cutlass") == REPO


def test_a_folder_only_its_readme_sets_apart_holds_the_repos_submodule() -> None:
    # constructed: csrc/ has a README and no build of its own; its scope is its own, but a
    # submodule checked out in it is what the repo's build compiles
    scopes = Scopes(["setup.py", "csrc/README.md", "csrc/kernel.cu"], {})
    assert scopes.of("csrc/README.md") == "csrc"
    assert scopes.holding("csrc/cutlass") == REPO


def test_an_option_that_adds_the_folders_cmake_does_not_own_its_submodules() -> None:
    """msopprof CMakeLists.txt adds ``thirdparty`` only ``if(BUILD_TESTS)``, yet reads
    ``thirdparty/json`` for the build itself (.gitmodules:1-3)."""
    scopes = Scopes(
        ["CMakeLists.txt", "thirdparty/CMakeLists.txt"],
        {},
        options={"thirdparty": "option:BUILD_TESTS"},
    )
    assert scopes.of("thirdparty/CMakeLists.txt") == "option:BUILD_TESTS"
    assert scopes.holding("thirdparty/json") == REPO


def test_nerfacc_submodules_are_not_the_repos_needs(tmp_path: Path) -> None:
    """Constructed tree, real lines: nerfacc's .gitmodules entries above and a setup.py."""
    (tmp_path / ".gitmodules").write_text(_NERFACC, encoding="utf-8")
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\nsetup(name='nerfacc')\n", encoding="utf-8"
    )
    component = scan_repo(tmp_path, "nerfacc").component
    own = [r.spec for r in component.requirements if r.subject == "submodule"]
    assert own == []
    beside = {s.name: [r.spec for r in s.requirements] for s in component.scopes}
    assert beside["examples"] == ["examples/pycolmap"]
    assert beside["benchmarks"] == ["benchmarks/barf"]
