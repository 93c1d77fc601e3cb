"""Pure parsers for what tells a Python's version without starting it (``pyvenv.cfg``,
``patchlevel.h``, conda-meta file names, versioned directory names), and for the JSON that
``scripts/inspect_env.py`` prints from inside a target interpreter."""

from __future__ import annotations

import json
import re

from bringup import lazyre
from bringup.model import Package, PythonInstall, Source, keys
from bringup.parsing import Collected, describe_bad_text, fact, key_values, unparsed

_FULL = lazyre.compile(r"^(\d+\.\d+\.\d+)(?:[abc]\d+|rc\d+|\+)?$")
_PY_VERSION = lazyre.compile(r'^#define\s+PY_VERSION\s+"([^"]+)"', re.MULTILINE)
_CONDA_META = lazyre.compile(r"^python-(\d+\.\d+\.\d+)-[^-]+\.json$")
_VERSIONED_NAME = lazyre.compile(r"^python(\d+\.\d+)$")


def version_from_pyvenv_cfg(text: str) -> tuple[str, int] | None:
    """``version = 3.11.7`` (venv) or ``version_info = 3.11.7.final.0`` (virtualenv, uv)."""
    pairs = key_values(text)
    for name in ("version", "version_info"):
        if name in pairs:
            value, line = pairs[name]
            match = re.match(r"^(\d+\.\d+\.\d+)", value)
            if match:
                return match.group(1), line
    return None


def version_from_patchlevel(text: str) -> tuple[str, int] | None:
    """``#define PY_VERSION "3.11.7"`` in ``include/pythonX.Y/patchlevel.h``."""
    match = _PY_VERSION.search(text)
    if match is None:
        return None
    return match.group(1), text.count("\n", 0, match.start()) + 1


def version_from_conda_meta(names: list[str]) -> str | None:
    """``conda-meta/python-3.11.7-h955ad1f_0.json`` among a prefix's conda-meta entries."""
    for name in names:
        match = _CONDA_META.match(name)
        if match:
            return match.group(1)
    return None


def version_from_name(name: str) -> str | None:
    """A full version as a directory name (pyenv's ``versions/3.11.7``), else None."""
    match = _FULL.match(name)
    return match.group(1) if match else None


def minor_from_name(name: str) -> str | None:
    """``python3.11`` (a program or ``lib/python3.11``) -> ``3.11``."""
    match = _VERSIONED_NAME.match(name)
    return match.group(1) if match else None


def parse_inspect_output(text: str, source: Source, *, origin: str = "default") -> Collected:
    """The JSON ``inspect_env.py`` prints: the target interpreter with its packages."""
    try:
        data = json.loads(text)
    except ValueError:
        return unparsed(
            keys.PYTHON_DEFAULT, source, describe_bad_text(text, "inspect_env.py's JSON")
        )
    if not isinstance(data, dict) or not isinstance(data.get("version"), str):
        return unparsed(keys.PYTHON_DEFAULT, source, "inspect_env.py's JSON has no 'version'")
    executable = str(data.get("executable") or "")
    rows = data.get("packages")
    packages = tuple(
        Package(name=str(row[0]), version=str(row[1]))
        for row in (rows if isinstance(rows, list) else [])
        if isinstance(row, list) and len(row) == 2
    )
    install = PythonInstall(
        path=executable,
        version=data["version"],
        origin=origin,
        source=source,
        implementation=str(data.get("implementation") or "cpython"),
        packages=packages,
    )
    return Collected(
        facts=(
            fact(keys.PYTHON_DEFAULT, data["version"], source),
            fact(keys.PYTHON_DEFAULT_PATH, executable, source),
        ),
        pythons=(install,),
    )
