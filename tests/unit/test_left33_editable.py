"""outsider13 D3: pybind/cmake_example@7a94877f README.md:37 says "Modern editable installs are
not supported", yet the plan guessed ``python -m pip install -e .`` from pyproject.toml:1
alone. The guess is now a plain ``pip install .`` where the README says so; a README that
says nothing of it (pybind/python_example@f74b207) keeps the guess."""

from __future__ import annotations

from pathlib import Path

from bringup.model import Step, file_source
from bringup.scan.editable import not_editable, says_unsupported
from bringup.scan.repo import scan_repo
from bringup.scan.walk import RepoFile
from cpuclock import cpu_seconds

CMAKE_EXAMPLE_37 = (
    "- Modern editable installs are not supported (scikit-build-core doesn't support them "
    "either yet, but probably will soon)"
)
PYPROJECT = (Path(__file__).parents[1] / "data/outsider13/cmake_example_pyproject.toml").read_text()


def test_the_sentence_and_its_kin_say_unsupported() -> None:
    assert says_unsupported(CMAKE_EXAMPLE_37)
    assert says_unsupported("This backend does not support editable installs.")
    assert not says_unsupported("Editable installs are supported since 0.5.")
    assert not says_unsupported("pip install -e . for an editable install")


def test_a_hostile_line_is_read_in_linear_time() -> None:
    for line in ("editable " * 6000, "editable installs are " * 2500, "does not " * 6000):
        started = cpu_seconds()
        says_unsupported(line)
        assert cpu_seconds() - started < 2.0


def _guess() -> Step:
    return Step(
        name="pip install -e .",
        kind="install",
        argv=("python", "-m", "pip", "install", "-e", "."),
        source=file_source("pyproject.toml", 1),
    )


def test_the_guess_is_plain_only_where_the_readme_says_so() -> None:
    readme = RepoFile("README.md", Path("README.md"), "docs")
    said = {"README.md": (readme, CMAKE_EXAMPLE_37)}
    (step,) = not_editable([_guess()], said)
    assert step.argv == ("python", "-m", "pip", "install", ".")
    silent = {"README.md": (readme, "python_example\n==============\n")}  # its README.md:1-2
    assert not_editable([_guess()], silent) == [_guess()]


def test_scan_of_a_repo_whose_readme_says_it(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    (tmp_path / "README.md").write_text(f"# cmake_example\n\n{CMAKE_EXAMPLE_37}\n")
    steps = scan_repo(tmp_path, str(tmp_path)).component.steps
    installs = [s.argv for s in steps if s.kind == "install"]
    assert installs == [("python", "-m", "pip", "install", ".")]
