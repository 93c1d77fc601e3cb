"""outsider13 D4: simple-knn's setup.py imports torch at its top and the repo has no
pyproject.toml, so ``pip install .`` under pip's build isolation fails with ``No module named
'torch'``; the plan must build it with ``--no-build-isolation`` after torch is in. Real lines
from camenduru/simple-knn@60f461f4 setup.py:12-13,21-36 and pybind/cmake_example@7a94877f
pyproject.toml:1-8."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from bringup.buildfolders import build_folders, read_build_folder
from bringup.model import Step, file_source
from bringup.model.requirements import Component
from bringup.plan.buildfolder import BuildFolder
from bringup.plan.isolation import undeclared, without_build_isolation
from bringup.plan.steptools import step_tools

SIMPLE_KNN = """from setuptools import setup
from torch.utils.cpp_extension import CUDAExtension, BuildExtension
import os

setup(
    name="simple_knn",
    ext_modules=[
        CUDAExtension(
            name="simple_knn._C",
            sources=[
            "spatial.cu",
            "simple_knn.cu",
            "ext.cpp"],
            extra_compile_args={"nvcc": [], "cxx": cxx_compiler_flags})
        ],
    cmdclass={
        'build_ext': BuildExtension
    },
    version='1.0.0'
)
"""
CMAKE_EXAMPLE_BUILD = (
    Path(__file__).parents[1] / "data/outsider13/cmake_example_pyproject.toml"
).read_text()
"""pybind/cmake_example@7a94877f pyproject.toml:1-8, kept once in tests/data/outsider13."""


def _component(root: Path, argv: tuple[str, ...]) -> Component:
    step = Step(name=" ".join(argv), kind="install", argv=argv, source=file_source("README.md"))
    return Component(name="simple-knn", path=str(root), role="ops", steps=(step,))


def _built(component: Component) -> Component:
    """``component`` as gather passes it on: its folders read at the edge, then the plan's."""
    return without_build_isolation(component, build_folders(component))


def test_an_install_whose_setup_imports_torch_builds_without_isolation(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text(SIMPLE_KNN)
    assert undeclared(read_build_folder(tmp_path)) == ["torch"]
    [step] = _built(_component(tmp_path, ("pip", "install", "."))).steps
    assert step.argv == ("pip", "install", "--no-build-isolation", ".")
    # the environment then has the build backend the isolated build would have brought
    assert step_tools([step]) == ["setuptools", "wheel"]  # type: ignore[list-item]


def test_a_build_table_that_requires_the_import_keeps_isolation(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text(SIMPLE_KNN)
    (tmp_path / "pyproject.toml").write_text(CMAKE_EXAMPLE_BUILD.replace('"wheel"', '"torch"'))
    assert undeclared(read_build_folder(tmp_path)) == []
    component = _component(tmp_path, ("pip", "install", "."))
    assert _built(component) is component


def test_an_import_in_a_try_or_of_the_setuptools_kind_is_no_reason(tmp_path: Path) -> None:
    # cmake_example's setup.py imports only the standard library and setuptools
    setup = (
        "import os\nfrom setuptools import Extension, setup\n"
        "try:\n    import torch\nexcept ImportError:\n    torch = None\n"
    )
    (tmp_path / "pyproject.toml").write_text(CMAKE_EXAMPLE_BUILD)
    requires = read_build_folder(tmp_path).requires
    assert requires is not None
    assert "setuptools>=42" in requires
    assert undeclared(BuildFolder(setup=setup, requires=requires)) == []


def test_check_shows_the_install_as_it_runs_beside_the_words_it_cites() -> None:
    # pybind/cmake_example@7a94877f README.md:57: up runs it without isolation, from the checkout
    from bringup.model.plan import PlanStep
    from bringup.report.check_text import step_text

    written = PlanStep(
        order=1,
        component="cmake_example",
        name="pip install ./cmake_example",
        kind="install",
        argv=("pip", "install", "--no-build-isolation", "."),
        status="run",
        source=file_source("README.md", 57),
    )
    shown = step_text(written)
    assert shown.startswith("pip install --no-build-isolation .")
    assert "pip install ./cmake_example" in shown
    same = msgspec.structs.replace(written, argv=("pip", "install", "./cmake_example"))
    assert step_text(same) == "pip install ./cmake_example"
    named = msgspec.structs.replace(written, name="Build the extension")
    assert step_text(named) == "Build the extension"


def test_each_folder_is_read_once_however_many_steps_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # review32 LOW: setup.py (and pyproject.toml, twice) were parsed again for every step
    from bringup import buildfolders

    (tmp_path / "setup.py").write_text(SIMPLE_KNN)
    reads: list[Path] = []
    original = buildfolders.read_build_folder

    def counted(folder: Path) -> BuildFolder:
        reads.append(folder)
        return original(folder)

    monkeypatch.setattr(buildfolders, "read_build_folder", counted)
    argvs = [("pip", "install", "."), ("pip", "install", "-e", "."), ("pip", "install", "./")]
    steps = tuple(
        Step(name=" ".join(a), kind="install", argv=a, source=file_source("README.md", n))
        for n, a in enumerate(argvs, start=1)
    )
    component = Component(name="simple-knn", path=str(tmp_path), role="ops", steps=steps)
    built = _built(component).steps
    assert all("--no-build-isolation" in step.argv for step in built)
    assert reads == [tmp_path]


def test_a_module_of_the_folder_itself_is_no_build_dependency(tmp_path: Path) -> None:
    # `import cmake` beside a cmake/ folder imports that folder, not the cmake distribution
    assert undeclared(BuildFolder(setup="import cmake\n")) == ["cmake"]
    assert undeclared(BuildFolder(setup="import cmake\n", modules=frozenset({"cmake"}))) == []
    (tmp_path / "cmake").mkdir()
    (tmp_path / "versioneer.py").write_text("")
    (tmp_path / "README.md").write_text("")
    assert read_build_folder(tmp_path).modules == {"cmake", "versioneer"}
    assert read_build_folder(tmp_path).setup is None
