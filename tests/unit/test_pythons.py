"""Interpreters identified from files alone, on a fake host tree (no interpreter is run)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Optional

import pytest

from bringup.model import keys
from bringup.probe.collectors.pythons import probe_pythons
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.probe.replay import ReplayRunner
from bringup.process import Completed, EnvOverrides, PathArg


def _write(root: Path, path: str, text: str = "") -> None:
    local = root / path.lstrip("/")
    local.parent.mkdir(parents=True, exist_ok=True)
    local.write_text(text, encoding="utf-8")


def test_versions_come_from_cfg_meta_and_headers(tmp_path: Path) -> None:
    _write(tmp_path, "/srv/venv/bin/python")
    _write(tmp_path, "/srv/venv/pyvenv.cfg", "home = /usr/bin\nversion_info = 3.10.14.final.0\n")
    _write(tmp_path, "/opt/conda/bin/python")
    _write(tmp_path, "/opt/conda/conda-meta/python-3.9.19-h955ad1f_0.json", "{}")
    _write(tmp_path, "/usr/bin/python3.12")
    _write(tmp_path, "/usr/include/python3.12/patchlevel.h", '#define PY_VERSION "3.12.3"\n')
    _write(tmp_path, "/usr/bin/python3.8")
    ctx = ProbeContext(
        runner=ReplayRunner({}),
        files=Sysroot(tmp_path),
        env={"PATH": "/usr/bin", "VIRTUAL_ENV": "/srv/venv", "HOME": "/home/u"},
    )
    found = probe_pythons(ctx)
    versions = {p.path: (p.version, p.origin) for p in found.pythons}
    assert versions == {
        "/srv/venv/bin/python": ("3.10.14", "venv"),
        "/opt/conda/bin/python": ("3.9.19", "conda"),
        "/usr/bin/python3.12": ("3.12.3", "path"),
        "/usr/bin/python3.8": ("3.8", "path"),  # only the name tells: minor version
    }
    sources = {p.path: p.source for p in found.pythons}
    assert sources["/usr/bin/python3.12"].ref == "/usr/include/python3.12/patchlevel.h"
    assert sources["/usr/bin/python3.12"].line == 1
    default = [f for f in found.facts if f.key == keys.PYTHON_DEFAULT]
    assert default[0].status == "absent"  # no python3 on PATH in this tree


class _Started:
    """Remembers what it was asked to start, and starts nothing."""

    def __init__(self) -> None:
        self.programs: list[str] = []

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 5.0,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed:
        self.programs.append(argv[0])
        return Completed(argv=tuple(argv), error="not run in this test")


def _pyenv_host(root: Path, version_file: str) -> ProbeContext:
    """pyenv's shims first on PATH, 3.11.9 installed, and a repo with ``.python-version``
    as the working directory; the repo also ships an ``evil/bin/python3``."""
    _write(root, "/home/u/.pyenv/shims/python3")
    _write(root, "/home/u/.pyenv/versions/3.11.9/bin/python3")
    _write(root, "/home/u/repo/evil/bin/python3")
    _write(root, "/home/u/repo/.python-version", version_file)
    return ProbeContext(
        runner=_Started(),
        files=Sysroot(root),
        env={"PATH": "/home/u/.pyenv/shims:/usr/bin", "HOME": "/home/u", "PWD": "/home/u/repo"},
    )


def test_pyenv_version_file_names_the_interpreter_run(tmp_path: Path) -> None:
    ctx = _pyenv_host(tmp_path, "3.11.9\n")
    probe_pythons(ctx)
    assert isinstance(ctx.runner, _Started)
    assert ctx.runner.programs == ["/home/u/.pyenv/versions/3.11.9/bin/python3"]


@pytest.mark.parametrize("version_file", ["../../repo/evil\n", "/home/u/repo/evil\n"])
def test_repo_version_file_cannot_choose_a_program_outside_versions(
    tmp_path: Path, version_file: str
) -> None:
    ctx = _pyenv_host(tmp_path, version_file)
    probe_pythons(ctx)
    assert isinstance(ctx.runner, _Started)
    assert ctx.runner.programs == ["/home/u/.pyenv/shims/python3"]  # pyenv decides, not us
