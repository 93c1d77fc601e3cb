"""Small shapes of Python needs: a list pip is handed without ``-r`` is a file, and what
``tests_require`` lists is the tests'."""

from __future__ import annotations

from bringup.scan.commands import pip_install_targets
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.scopes import TESTS
from bringup.scan.setup_py import extract_setup_py

# mindspore-lab/mindrl @ 7f55a67f README.md:82-85
MINDRL = "Install dependencies\n\n```shell\ncd mindrl && pip install requirements.txt\n```\n"

# Algebraic-Programming/pytorch-hccl-tests @ 37930e8a setup.py:13-20 and :42-50 (metadata dropped)
HCCL_TESTS = """from setuptools import setup

requirements = [
    "Click>=7.0",
    "pandas==1.3.5",
]

test_requirements = [
    "pytest>=3",
]

setup(
    install_requires=requirements,
    tests_require=test_requirements,
)
"""


def test_a_list_pip_is_handed_without_r_is_a_file_not_a_distribution() -> None:
    assert pip_install_targets(("pip", "install", "requirements.txt")) == ([], ["requirements.txt"])
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=MINDRL)).requirements
    assert [r.subject for r in found if r.subject.startswith("pypi:")] == []


def test_what_tests_require_lists_is_the_tests() -> None:
    file = SourceFile(ref="setup.py", rel="setup.py", text=HCCL_TESTS)
    found = extract_setup_py(file).requirements
    assert [(r.subject, r.feature) for r in found] == [
        ("pypi:click", ""),
        ("pypi:pandas", ""),
        ("pypi:pytest", TESTS),
    ]
