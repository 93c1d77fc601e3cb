"""pytest's ``python_files`` read from the configuration pytest would take for a run in each
test folder (review24 L4, review25 M4 and L5): the pytest runs of test folders cover the files
pytest collects, not its defaults."""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from bringup.scan.pytestconfig import DEFAULT, collected, python_files
from bringup.scan.steps_found import pytest_steps

# PaddlePaddle/PaddleMIX@6afaf05de0485715b2c8b2587e17bb2dfe4f4cda pyproject.toml:10-19
PADDLEMIX = """[tool.black]
line-length = 119

[tool.pytest.ini_options]
minversion = "6.0"
pythonpath = ["."]
testpaths = [
    # "tests/models",
]
python_files = [
    "test.py",
    "test_*.py"
]
"""
# hicann/pypto@883e7dfb018da764a65fd2c2f8c1e1d2de2d2471 pytest.ini:10-12
PYPTO = """[pytest]
# 全局测试文件匹配规则 (包含 models 定制规则和 pytest 默认规则)
python_files = test_*.py glm_*.py deepseekv32_*.py qwen3_next_*.py
"""


def _reader(files: dict[str, str]) -> Callable[[str], Optional[str]]:
    return files.get


def _at(files: dict[str, str], folder: str = "") -> tuple[str, ...]:
    return python_files(_reader(files))(folder)


def test_pyproject_list_and_ini_words() -> None:
    assert _at({"pyproject.toml": PADDLEMIX}) == ("test.py", "test_*.py")
    assert _at({"pytest.ini": PYPTO}) == (
        "test_*.py",
        "glm_*.py",
        "deepseekv32_*.py",
        "qwen3_next_*.py",
    )


def test_pytests_order_of_files_in_one_folder() -> None:
    # constructed: pytest.ini wins even without the setting; pytest.toml wins over pytest.ini
    # (pytest 9, docs.pytest.org/en/stable/reference/customize.html)
    files = {"pytest.ini": "[pytest]\naddopts = -q\n", "pyproject.toml": PADDLEMIX}
    assert _at(files) == DEFAULT
    files = {"pytest.ini": "[pytest]\npython_files = a_*.py\n", "pytest.toml": PYTEST_TOML}
    assert _at(files) == ("b_*.py",)


PYTEST_TOML = '[pytest]\npython_files = ["b_*.py"]\n'


def test_files_without_a_pytest_section_are_passed_over() -> None:
    # constructed: a setup.cfg of flake8 only, a tox.ini with a [pytest] section
    files = {
        "pyproject.toml": "[tool.black]\nline-length = 100\n",
        "tox.ini": "[pytest]\npython_files = check_*.py\n",
        "setup.cfg": "[flake8]\nmax-line-length = 100\n",
    }
    assert _at(files) == ("check_*.py",)
    assert _at({"setup.cfg": "[flake8]\n"}) == DEFAULT
    assert _at({"pyproject.toml": "not = [toml"}) == DEFAULT


def test_the_nearest_folder_with_a_configuration_wins() -> None:
    # review25 M4's constructed repo (pytest 9.2 runs tests/models/check_a.py there)
    files = {
        "pyproject.toml": '[tool.pytest.ini_options]\npython_files = ["test_*.py"]\n',
        "tests/pytest.ini": "[pytest]\npython_files = check_*.py\n",
    }
    assert _at(files, "tests/models") == ("check_*.py",)
    assert _at(files, "other") == ("test_*.py",)
    (step,) = pytest_steps([("tests/models/check_a.py", "r/a")], [], python_files(files.get))
    assert step.argv == ("python", "-m", "pytest", "tests/models")


def test_shell_words_and_patterns_with_a_folder() -> None:
    # constructed: pytest splits ini "args" values as shell words and matches a pattern
    # holding "/" against the path
    assert _at({"pytest.ini": "[pytest]\npython_files = 'it_*.py' check_*.py\n"}) == (
        "it_*.py",
        "check_*.py",
    )
    assert collected("tests/unit/check.py", ("unit/*.py",))
    assert not collected("tests/other/check.py", ("unit/*.py",))
    assert collected("tests/unit/test_a.py", DEFAULT)


def test_a_folder_of_test_py_files_gets_its_run() -> None:
    files = [("ppdiffusers/tests/models/test.py", "r/a"), ("ppdiffusers/tests/utils.py", "r/b")]
    assert pytest_steps(files, []) == []
    (step,) = pytest_steps(files, [], lambda _: ("test.py", "test_*.py"))
    assert step.argv == ("python", "-m", "pytest", "ppdiffusers/tests/models")
