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


# pybind/scikit_build_example@99e679e1614fb9792eeed3d1aeae4166bc180dee pyproject.toml:1-3, and
# wjakob/nanobind_example@03bd872fdb8f34f7ddb68ced81e4dc2ce08283c7 pyproject.toml:3 (outsider14 D1)
SKBUILD_PYPROJECT = (
    "[build-system]\n"
    'requires = ["scikit-build-core>=0.11", "pybind11>=3.0"]\n'
    'build-backend = "scikit_build_core.build"\n'
)


@pytest.mark.parametrize(
    ("pyproject", "dropped"),
    [(SKBUILD_PYPROJECT, True), (PYPROJECT, False)],
)
def test_a_build_backend_driving_cmake_makes_the_install_the_build(
    pyproject: str, dropped: bool
) -> None:
    texts = _texts("")
    texts["repo/pyproject.toml"] = (texts["repo/pyproject.toml"][0], pyproject)
    chosen, defaults = by_setup([], _defaults(), texts)
    assert any(s.argv[0] == "cmake" for s in defaults) is not dropped
    assert [s.kind for s in chosen] == (["install"] if dropped else [])


def test_scikit_build_classic_setup_py_runs_cmake() -> None:
    # scikit-build/scikit-build-sample-projects@828a7faf projects/hello-cpp/setup.py:1
    chosen, defaults = by_setup([], _defaults(), _texts("from skbuild import setup\n"))
    assert [s.argv[0] for s in defaults] == []
    assert [s.kind for s in chosen] == ["install"]
