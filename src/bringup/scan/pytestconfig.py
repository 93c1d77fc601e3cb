"""The file names pytest collects as tests in a repo: its ``python_files`` setting, read from
the configuration file pytest itself would take at the repo's root, else pytest's default
(``test_*.py`` and ``*_test.py``). PaddleMIX collects ``test.py`` too
(PaddlePaddle/PaddleMIX@6afaf05d pyproject.toml ``python_files = ["test.py", "test_*.py"]``),
so a folder of ``test.py`` files has tests to run; a repo that narrows the setting to
``test_*.py`` makes a folder of ``*_test.py`` files one pytest collects nothing from
(review24 L4)."""

from __future__ import annotations

import configparser
import fnmatch
from collections.abc import Callable, Sequence
from typing import Optional

from bringup.errors import InputError
from bringup.tomlfile import parse_toml

DEFAULT = ("test_*.py", "*_test.py")
"""https://docs.pytest.org/en/stable/reference/reference.html#confval-python_files"""

_INI_FILES = (("pytest.ini", "pytest"), (".pytest.ini", "pytest"))
_TOML_FILES = (("pytest.toml", ("pytest",)), (".pytest.toml", ("pytest",)))
_PYPROJECT_TABLES: tuple[tuple[str, ...], ...] = (
    ("tool", "pytest", "ini_options"),
    ("tool", "pytest"),
)
_LATER_INI = (("tox.ini", "pytest"), ("setup.cfg", "tool:pytest"))


def _ini(text: str, section: str, name: str) -> tuple[bool, Optional[str]]:
    """Whether ``text`` has ``section`` (then pytest takes this file) and its ``python_files``."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text, source=name)
    except configparser.Error:
        return False, None
    if not parser.has_section(section):
        return False, None
    return True, parser.get(section, "python_files", fallback=None)


def _toml(text: str, name: str, table: Sequence[str]) -> tuple[bool, Optional[object]]:
    """Whether ``text`` has the table at ``table`` and that table's ``python_files``."""
    try:
        data = parse_toml(text, name)
    except InputError:
        return False, None
    for key in table:
        inner = data.get(key)
        if not isinstance(inner, dict):
            return False, None
        data = inner
    return True, data.get("python_files")


def _patterns(value: object) -> tuple[str, ...]:
    """A setting's patterns: a TOML list, or an ini string of words (over several lines)."""
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, list):
        return tuple(p for p in value if isinstance(p, str))
    return DEFAULT


def python_files(read: Callable[[str], Optional[str]]) -> tuple[str, ...]:
    """The ``python_files`` patterns of the repo whose root files ``read`` gives (``None``
    when a file is absent), in pytest's order of configuration files: ``pytest.ini`` (even
    empty), ``pytest.toml``, ``pyproject.toml``'s ``[tool.pytest.ini_options]`` or
    ``[tool.pytest]``, ``tox.ini``'s ``[pytest]``, ``setup.cfg``'s ``[tool:pytest]``."""
    for name, section in _INI_FILES:
        text = read(name)
        if text is not None:
            return _patterns(_ini(text, section, name)[1] or DEFAULT)
    for name, table in _TOML_FILES:
        text = read(name)
        if text is not None:
            found, value = _toml(text, name, table)
            return _patterns(value if found and value is not None else DEFAULT)
    text = read("pyproject.toml")
    if text is not None:
        for tables in _PYPROJECT_TABLES:
            found, value = _toml(text, "pyproject.toml", tables)
            if found:
                return _patterns(value if value is not None else DEFAULT)
    for name, section in _LATER_INI:
        text = read(name)
        if text is not None:
            found, setting = _ini(text, section, name)
            if found:
                return _patterns(setting or DEFAULT)
    return DEFAULT


def collected(name: str, patterns: Sequence[str]) -> bool:
    """Whether pytest collects a file named ``name`` (a base name) under ``patterns``."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)
