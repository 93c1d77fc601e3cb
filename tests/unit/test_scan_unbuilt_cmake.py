"""A root CMakeLists.txt no build of the repo runs speaks for the ``development`` scope, not the
repo (issue 11, session of 2026-12-02).

Sources (public, at the commits the tune-set truth was written for):
- deepseek-ai/DeepEP dd758caf451848bd150e1046af3d0a73e5fff38d
- deepseek-ai/DeepGEMM 54e22612409371d6364144b69086735beb54e98b
- pyg-team/pyg-lib 764e3a492eb0d1ed9616808ec9fec2416f8d6b7d
- NVIDIA/cudnn-frontend 3929da2ef4c1dba1bb8acb68727b9134f26f40c0
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.cmakeuse import unbuilt_cmake
from bringup.scan.repo import scan_repo
from bringup.scan.scopes import DEVELOPMENT, REPO, Scopes

# DeepEP setup.py:10 (the build: a torch extension) and build.sh:6-9
_DEEPEP_SETUP = "from torch.utils.cpp_extension import BuildExtension, CUDAExtension\n"
_DEEPEP_BUILD = (
    "# Remove old dist file, build files, and install\nrm -rf build dist\n"
    "rm -rf *.egg-info\npython setup.py bdist_wheel\n"
)
# DeepEP CMakeLists.txt:1-2
_DEEPEP_CMAKE = (
    "# NOTES: this CMake is only for debugging; for setup, please use Torch extension\n"
    "cmake_minimum_required(VERSION 3.10)\n"
)
_DEEPEP_FILES = ["setup.py", "build.sh", "README.md", "CMakeLists.txt", "csrc/CMakeLists.txt"]


def test_a_root_cmake_no_build_names_is_developments() -> None:
    texts = {"setup.py": _DEEPEP_SETUP, "build.sh": _DEEPEP_BUILD, "CMakeLists.txt": _DEEPEP_CMAKE}
    assert unbuilt_cmake(_DEEPEP_FILES, texts)
    scopes = Scopes(_DEEPEP_FILES, texts)
    assert scopes.of("CMakeLists.txt") == DEVELOPMENT
    # the directories it adds are the same IDE build's
    assert scopes.of("csrc/CMakeLists.txt") == DEVELOPMENT
    assert scopes.of("setup.py") == REPO
    assert scopes.of("build.sh") == REPO


def test_a_setup_script_that_runs_cmake_builds_the_root_cmake() -> None:
    # pyg-lib setup.py:20,31: the extension is built by CMake
    setup = "class CMakeExtension(Extension):\nclass CMakeBuild(build_ext):\n"
    files = ["setup.py", "CMakeLists.txt", "README.md"]
    texts = {"setup.py": setup, "CMakeLists.txt": "cmake_minimum_required(VERSION 3.18)\n"}
    assert not unbuilt_cmake(files, texts)
    assert Scopes(files, texts).of("CMakeLists.txt") == REPO


def test_a_repo_without_a_python_build_builds_its_cmake() -> None:
    # the same CMake file with no setup.py or pyproject beside it: the build is CMake's
    files = ["CMakeLists.txt", "README.md", "build.sh"]
    texts = {"CMakeLists.txt": _DEEPEP_CMAKE, "build.sh": _DEEPEP_BUILD}
    assert not unbuilt_cmake(files, texts)
    assert Scopes(files, texts).of("CMakeLists.txt") == REPO


def test_a_readme_naming_cmake_says_the_build_uses_it() -> None:
    texts = {
        "setup.py": _DEEPEP_SETUP,
        "CMakeLists.txt": _DEEPEP_CMAKE,
        # NVIDIA/cudnn-frontend@3929da2e README.md:111, its C++ samples' build
        "README.md": "cmake -DCUDNN_PATH=/path/to/cudnn -DCUDAToolkit_ROOT=/path/to/cuda ../\n",
    }
    assert not unbuilt_cmake(["setup.py", "CMakeLists.txt", "README.md"], texts)


# DeepGEMM CMakeLists.txt:1-2,16-20 and setup.py:28 (the extension's own flags)
_DEEPGEMM_CMAKE = (
    "# NOTES: current just for CMake-based IDE (e.g. CLion) indexing, the real compilation is "
    "done via JIT\n"
    "cmake_minimum_required(VERSION 3.10)\n"
    "find_package(CUDAToolkit REQUIRED)\n"
    "find_package(pybind11 REQUIRED)\n"
    "find_package(Torch REQUIRED)\n"
    "\n"
    "set(CMAKE_CXX_STANDARD 20)\n"
)
_DEEPGEMM_SETUP = (
    "import setuptools\n"
    "cxx_flags = ['-std=c++17', '-O3', '-fPIC', '-Wno-psabi', "
    "'-Wno-deprecated-declarations']\n"
)


def test_the_scan_keeps_an_ide_cmake_out_of_the_repos_needs(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text(_DEEPGEMM_CMAKE, encoding="utf-8")
    (tmp_path / "setup.py").write_text(_DEEPGEMM_SETUP, encoding="utf-8")
    component = scan_repo(tmp_path, "DeepGEMM").component
    own = {r.subject for r in component.requirements}
    assert not own & {"cmake", "pypi:pybind11"}
    [development] = [s for s in component.scopes if s.name == DEVELOPMENT]
    assert {("cmake", ">=3.10"), ("pypi:pybind11", "")} <= {
        (r.subject, r.spec) for r in development.requirements
    }


def test_a_nested_cmake_project_no_build_runs_is_developments() -> None:
    # facebookresearch/xformers@ca6d2aa0d43241fc8a8dcd872debc2406160160d: no root CMake;
    # setup.py:256 names the directory only as an include path of its torch extension
    setup = (
        "from torch.utils.cpp_extension import CUDAExtension\n"
        'Path(this_dir) / "xformers" / "csrc" / "attention" / "hip_decoder",\n'
    )
    # xformers/csrc/attention/hip_decoder/CMakeLists.txt:1-3,29
    harness = (
        "cmake_minimum_required(VERSION 3.26)\n\n"
        "project(FMHADecoderMain LANGUAGES CXX HIP)\nfind_package(HIP REQUIRED)\n"
    )
    nested = "xformers/csrc/attention/hip_decoder/CMakeLists.txt"
    files = ["setup.py", "README.md", "requirements.txt", nested]
    texts = {"setup.py": setup, nested: harness}
    assert unbuilt_cmake(files, texts)
    assert Scopes(files, texts).of(nested) == DEVELOPMENT
    # a setup.py that runs CMake builds it (pyg-lib's ``CMakeBuild``, as above)
    texts["setup.py"] += "class CMakeBuild(build_ext):\n"
    assert Scopes(files, texts).of(nested) == REPO
