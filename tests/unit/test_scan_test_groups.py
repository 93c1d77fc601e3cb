"""The tests' PEP 735 dependency group is installed before the tests run (outsider20 D2:
NVIDIA/nvmath-python@63409f5's 18 pytest steps all failed on ``No module named 'hypothesis'``,
which tests/conftest.py:13 imports and the group ``tests-no-cupy`` names)."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan import testdeps
from bringup.scan.extraction import SourceFile
from bringup.scan.pyproject import extract_pyproject

# NVIDIA/nvmath-python@63409f5 pyproject.toml:176 and 225-249, the lines between left out
NVMATH = """[dependency-groups]
cupy-cu12 = [
    "cupy-cuda12x >= 12.1",
]
cupy-cu13 = [
    "cupy-cuda13x",
]
tests-no-cupy = [
    "cffi",
    "hypothesis",
    "opt_einsum",
    "packaging",
    "psutil",
    "pytest",
    "pytest-repeat",
    "pytest-xdist",
    "scipy",
]
tests-cu12 = [
    { include-group = 'tests-no-cupy' },
    { include-group = 'cupy-cu12' },
]
tests-cu13 = [
    { include-group = 'tests-no-cupy' },
    { include-group = 'cupy-cu13' },
]
"""
TESTS_NO_CUPY = (
    "cffi",
    "hypothesis",
    "opt_einsum",
    "packaging",
    "psutil",
    "pytest",
    "pytest-repeat",
    "pytest-xdist",
    "scipy",
)
PYTEST = Step(
    name="pytest tests/nvmath_tests/tensor",
    kind="test",
    argv=("python", "-m", "pytest", "tests/nvmath_tests/tensor"),
    source=file_source("tests/nvmath_tests/tensor/test_exceptions.py"),
)


def _planned(text: str, rel: str = "pyproject.toml") -> list[tuple[str, ...]]:
    extraction = extract_pyproject(SourceFile(ref=rel, rel=rel, text=text))
    steps = testdeps.tests_requirements_first([PYTEST], [extraction], lambda _: True)
    return [s.argv for s in steps]


def test_the_tests_group_without_a_toolkit_flavour_is_installed_before_pytest() -> None:
    # the group's entries by name: only pip >= 25.1 has --group (review39)
    assert _planned(NVMATH) == [
        ("python", "-m", "pip", "install", *TESTS_NO_CUPY),
        PYTEST.argv,
    ]
    extraction = extract_pyproject(
        SourceFile(ref="pyproject.toml", rel="pyproject.toml", text=NVMATH)
    )
    assert str(extraction.test_installs[0].source) == "pyproject.toml:8"


def test_a_flavoured_group_serves_when_it_is_the_only_one() -> None:
    flavoured = NVMATH.replace("tests-no-cupy = [", "base = [")
    flavoured = flavoured.replace("'tests-no-cupy'", "'base'")
    assert _planned(flavoured)[0][4:] == (*TESTS_NO_CUPY, "cupy-cuda12x >= 12.1")  # tests-cu12


def test_no_group_of_the_tests_or_one_without_pytest_installs_nothing() -> None:
    assert _planned(NVMATH.replace('    "pytest",\n', "")) == [PYTEST.argv]
    assert _planned(NVMATH.replace("tests-", "extras-")) == [PYTEST.argv]
    assert _planned(NVMATH, rel="docs/pyproject.toml") == [PYTEST.argv]  # not the repo's top


def test_the_group_is_installed_by_any_pip_not_only_one_with_group() -> None:
    # review39: `pip install --group` needs pip >= 25.1; a stdlib venv's pip is older (23.0.1
    # from Python 3.11.2's ensurepip: "no such option: --group"), and `up` makes one where uv
    # is missing or cannot seed pip (run/environments.py)
    step = extract_pyproject(
        SourceFile(ref="pyproject.toml", rel="pyproject.toml", text=NVMATH)
    ).test_installs[0]
    assert "--group" not in step.argv
    assert step.name == "install the tests' dependency group tests-no-cupy"
    # one group including another and the same entry twice: each requirement once
    both = NVMATH.replace("tests-cu13 = [\n", 'tests-cu13 = [\n    "cffi",\n')
    both = both.replace("tests-no-cupy = [", "base = [").replace("'tests-no-cupy'", "'base'")
    both = both.replace("tests-cu12 = [", "extras-cu12 = [")
    assert _planned(both)[0][4:] == ("cffi", *TESTS_NO_CUPY[1:], "cupy-cuda13x")
