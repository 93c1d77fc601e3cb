"""pytest's ``python_files`` read from the configuration pytest would take (review24 L4):
the pytest runs of test folders cover the files pytest collects, not its defaults."""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

from bringup.scan.pytestconfig import DEFAULT, python_files
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


def test_pyproject_list_and_ini_words() -> None:
    assert python_files(_reader({"pyproject.toml": PADDLEMIX})) == ("test.py", "test_*.py")
    assert python_files(_reader({"pytest.ini": PYPTO})) == (
        "test_*.py",
        "glm_*.py",
        "deepseekv32_*.py",
        "qwen3_next_*.py",
    )


def test_pytest_ini_wins_even_without_the_setting() -> None:
    # pytest takes pytest.ini whatever it holds; constructed files
    files = {"pytest.ini": "[pytest]\naddopts = -q\n", "pyproject.toml": PADDLEMIX}
    assert python_files(_reader(files)) == DEFAULT


def test_files_without_a_pytest_section_are_passed_over() -> None:
    # constructed: a setup.cfg of flake8 only, a tox.ini with a [pytest] section
    files = {
        "pyproject.toml": "[tool.black]\nline-length = 100\n",
        "tox.ini": "[pytest]\npython_files = check_*.py\n",
        "setup.cfg": "[flake8]\nmax-line-length = 100\n",
    }
    assert python_files(_reader(files)) == ("check_*.py",)
    assert python_files(_reader({"setup.cfg": "[flake8]\n"})) == DEFAULT
    assert python_files(_reader({"pyproject.toml": "not = [toml"})) == DEFAULT


def test_a_folder_of_test_py_files_gets_its_run() -> None:
    files = [("ppdiffusers/tests/models/test.py", "r/a"), ("ppdiffusers/tests/utils.py", "r/b")]
    assert pytest_steps(files, []) == []
    (step,) = pytest_steps(files, [], ("test.py", "test_*.py"))
    assert step.argv == ("python", "-m", "pytest", "ppdiffusers/tests/models")
