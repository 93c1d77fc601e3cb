"""The file names pytest collects as tests in a folder of a repo: the ``python_files`` setting
of the configuration file pytest itself would take for a run in that folder (the first
candidate found from the folder up to the repo's root), else pytest's default (``test_*.py``
and ``*_test.py``). PaddleMIX collects ``test.py`` too
(PaddlePaddle/PaddleMIX@6afaf05d pyproject.toml ``python_files = ["test.py", "test_*.py"]``),
so a folder of ``test.py`` files has tests to run; a repo that narrows the setting to
``test_*.py`` makes a folder of ``*_test.py`` files one pytest collects nothing from
(review24 L4; a ``tests/pytest.ini`` wins for runs under ``tests/``: review25 M4)."""

from __future__ import annotations

import configparser
import fnmatch
import posixpath
import shlex
from collections.abc import Callable, Sequence
from typing import Optional

from bringup.errors import InputError
from bringup.tomlfile import parse_toml

DEFAULT = ("test_*.py", "*_test.py")
"""https://docs.pytest.org/en/stable/reference/reference.html#confval-python_files"""

Reader = Callable[[str], Optional[str]]
"""A repo file's text by its path relative to the root, ``None`` when absent."""

_CANDIDATES: tuple[tuple[str, str, tuple[tuple[str, ...], ...]], ...] = (
    ("pytest.toml", "toml", (("pytest",),)),
    (".pytest.toml", "toml", (("pytest",),)),
    ("pytest.ini", "ini", (("pytest",),)),
    (".pytest.ini", "ini", (("pytest",),)),
    ("pyproject.toml", "toml", (("tool", "pytest", "ini_options"), ("tool", "pytest"))),
    ("tox.ini", "ini", (("pytest",),)),
    ("setup.cfg", "ini", (("tool:pytest",),)),
)
"""pytest's configuration files in its order within one folder
(https://docs.pytest.org/en/stable/reference/customize.html): ``pytest.toml`` and
``pytest.ini`` are taken even without the section, the others only with it."""
_ALWAYS = frozenset({"pytest.toml", ".pytest.toml", "pytest.ini", ".pytest.ini"})


def _ini(text: str, name: str, section: str) -> tuple[bool, object]:
    """Whether ``text`` has ``section`` and that section's ``python_files``."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text, source=name)
    except configparser.Error:
        return False, None
    if not parser.has_section(section):
        return False, None
    return True, parser.get(section, "python_files", fallback=None)


def _toml(text: str, name: str, table: Sequence[str]) -> tuple[bool, object]:
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
    """A setting's patterns: a TOML list, or a string of shell words (pytest's ``args``
    type, over several lines in an ini file); no setting is pytest's default."""
    if isinstance(value, str):
        try:
            return tuple(shlex.split(value)) or DEFAULT
        except ValueError:
            return tuple(value.split()) or DEFAULT
    if isinstance(value, list):
        return tuple(p for p in value if isinstance(p, str)) or DEFAULT
    return DEFAULT


def _in_folder(read: Reader, folder: str) -> Optional[tuple[str, ...]]:
    """The patterns of the configuration pytest takes in ``folder``, ``None`` when it holds none."""
    for name, kind, tables in _CANDIDATES:
        path = posixpath.join(folder, name) if folder else name
        text = read(path)
        if text is None:
            continue
        for table in tables:
            found, value = _toml(text, path, table) if kind == "toml" else _ini(text, path, *table)
            if found:
                return _patterns(value)
        if name in _ALWAYS:
            return DEFAULT
    return None


def python_files(read: Reader) -> Callable[[str], tuple[str, ...]]:
    """The ``python_files`` patterns of a pytest run in a folder (a path relative to the repo's
    root, ``""`` for the root): the first configuration found from that folder up to the root,
    each folder read once."""
    known: dict[str, tuple[str, ...]] = {}

    def of(folder: str) -> tuple[str, ...]:
        if folder not in known:
            found = _in_folder(read, folder)
            if found is None:
                found = of(posixpath.dirname(folder)) if folder not in ("", ".") else DEFAULT
            known[folder] = found
        return known[folder]

    return of


def collected(rel: str, patterns: Sequence[str]) -> bool:
    """Whether pytest collects the file at ``rel`` under ``patterns``: a pattern without a
    ``/`` is matched against the base name, one with a ``/`` against the path (pytest's
    ``fnmatch_ex``, which puts ``*/`` before a relative pattern)."""
    name = posixpath.basename(rel)
    return any(
        fnmatch.fnmatchcase(f"/{rel}", f"*/{p}") if "/" in p else fnmatch.fnmatchcase(name, p)
        for p in patterns
    )
