"""What an environment holds, read from its site-packages entries' names (``run.installed``):
the entries are those of the outside tester's env-1 after ``pip install .`` of
pybind/cmake_example (/work/outsider13/repro.sh D1), with a ``setup.py develop`` link."""

from __future__ import annotations

from pathlib import Path

from bringup.run.installed import gone, held

_ENTRIES = (
    "cmake_example-0.0.1.dist-info",
    "cmake_example.cpython-311-x86_64-linux-gnu.so",
    "distutils-precedence.pth",
    "pytest-9.2.0.dist-info",
    "setuptools-84.2.1.dist-info",
    "cmake_example.egg-link",
    "simple_knn-0.0.0-py3.11.egg-info",
)


def _env(tmp_path: Path) -> Path:
    site = tmp_path / "env" / "lib" / "python3.11" / "site-packages"
    site.mkdir(parents=True)
    for name in _ENTRIES:
        (site / name).mkdir()
    return tmp_path / "env"


def test_the_distributions_are_read_from_the_entries_names(tmp_path: Path) -> None:
    assert held(_env(tmp_path)) == {
        "cmake-example": "0.0.1",
        "pytest": "9.2.0",
        "setuptools": "84.2.1",
        "simple-knn": "0.0.0",
    }


def test_a_folder_with_no_site_packages_holds_nothing_known(tmp_path: Path) -> None:
    assert held(tmp_path) is None


def test_what_was_removed_or_replaced_is_gone(tmp_path: Path) -> None:
    env = _env(tmp_path)
    before = held(env) or {}
    site = next(env.glob("lib/python*/site-packages"))
    (site / "cmake_example-0.0.1.dist-info").rmdir()
    (site / "pytest-9.2.0.dist-info").rename(site / "pytest-8.0.0.dist-info")
    assert gone(before, held(env) or {}) == ["cmake-example 0.0.1", "pytest 9.2.0"]
    assert gone(before, before) == []
