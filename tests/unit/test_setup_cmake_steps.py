"""A top-level CMakeLists.txt that the package's setup.py drives is no build of its own: the
install of the checkout is the route (outsider23 D22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.model import Step
from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.scan.pyproject import extract_pyproject
from bringup.scan.setupcmake import by_setup
from bringup.scan.walk import RepoFile

# zzhx1/vllm-ascend@5e3907448c53a8d48a89b06635427b83ccfc7756 CMakeLists.txt:1-2
CMAKE_LISTS = "cmake_minimum_required(VERSION 3.16)\nproject(vllm_ascend_C)\n"
# the same commit, pyproject.toml:1-5 and :34 (the build-system table, shortened)
PYPROJECT = (
    '[build-system]\nrequires = [\n    "attrs",\n    "cmake>=3.26",\n]\n'
    'build-backend = "setuptools.build_meta"\n'
)
# the same commit, setup.py:231 and :264
SETUP_CMAKE = 'class cmake_build_ext(build_ext):\n        cmake_args = ["cmake"]\n'
# AutoGPTQ/AutoGPTQ@9f7d37072917ab3a7545835f23e808294a542153 setup.py:150 and :173
SETUP_TORCH = "    from torch.utils import cpp_extension\n        cpp_extension.CUDAExtension(\n"


def _texts(setup: str) -> dict[str, tuple[RepoFile, str]]:
    files = {"CMakeLists.txt": CMAKE_LISTS, "pyproject.toml": PYPROJECT, "setup.py": setup}
    return {
        f"repo/{rel}": (RepoFile(rel, Path("repo") / rel, "build"), text)
        for rel, text in files.items()
    }


def _defaults() -> list[Step]:
    cmake = extract_cmake(
        SourceFile(ref="repo/CMakeLists.txt", rel="CMakeLists.txt", text=CMAKE_LISTS)
    )
    pyproject = extract_pyproject(
        SourceFile(ref="repo/pyproject.toml", rel="pyproject.toml", text=PYPROJECT)
    )
    return [*cmake.default_steps, *pyproject.default_steps]


def test_setup_py_running_cmake_makes_the_install_the_build() -> None:
    stated = [
        Step(
            name="pip install modelscope",
            kind="install",
            argv=("pip", "install", "modelscope"),
            source=_defaults()[0].source,
        )
    ]
    chosen, defaults = by_setup(stated, _defaults(), _texts(SETUP_CMAKE))
    assert [s.argv[0] for s in defaults] == []
    first, install = chosen
    assert first.argv == ("pip", "install", "modelscope")
    assert (install.kind, install.argv[-2:], install.source.ref) == (
        "install",
        ("-e", "."),
        "repo/pyproject.toml",
    )


def test_a_setup_py_that_builds_without_cmake_leaves_the_cmake_build() -> None:
    chosen, defaults = by_setup([], _defaults(), _texts(SETUP_TORCH))
    assert chosen == []
    assert [s.argv[0] for s in defaults][:2] == ["cmake", "cmake"]


@pytest.mark.parametrize(
    "setup",
    [
        # constructed (review24 L5): CMake as a requirement to install, or in a comment
        'setup(\n    setup_requires=["cmake", "ninja"],\n    ext_modules=[],\n)\n',
        'setup(install_requires=[\n    "cmake",\n])\n',
        '# we used to run ["cmake", ".."] here; CMakeExtension is gone\nsetup(name="x")\n',
    ],
)
def test_cmake_named_but_not_run_leaves_the_cmake_build(setup: str) -> None:
    chosen, defaults = by_setup([], _defaults(), _texts(setup))
    assert chosen == []
    assert [s.argv[0] for s in defaults][:2] == ["cmake", "cmake"]
