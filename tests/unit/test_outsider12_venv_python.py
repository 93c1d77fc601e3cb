"""outsider12 #16: with a venv on PATH, ``probe`` filed the venv's 19 packages under its base
interpreter (``/root/.pyenv/versions/3.11.7/bin/python3.11 3.11.7 (default, 19 packages)``), so a
``diff`` without the venv on PATH reported 109 package changes that never happened. A venv
(``sys.prefix != sys.base_prefix``, a ``pyvenv.cfg`` beside its ``bin``) is an interpreter of its
own: named by its own program, listed beside its base, and its packages are compared only with
its own."""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

from bringup.model import Package, PythonInstall, Snapshot, Source
from bringup.probe.collectors.pythons import inspect_script_path, probe_pythons
from bringup.probe.context import ProbeContext
from bringup.probe.files import Sysroot
from bringup.process import Completed, EnvOverrides, PathArg
from bringup.run.diff import diff_snapshots


def test_inspect_env_names_a_venv_by_its_own_program(tmp_path: Path) -> None:
    venv.create(tmp_path / "v", with_pip=False, symlinks=True)
    program = tmp_path / "v" / "bin" / "python3"
    done = subprocess.run(
        [str(program), "-I", inspect_script_path()], capture_output=True, text=True, check=True
    )
    report = json.loads(done.stdout)
    assert report["prefix"] != report["base_prefix"]
    assert report["executable"] == str(program.parent.resolve() / "python3")
    base = subprocess.run(
        [sys.executable, "-c", "import os, sys; print(os.path.realpath(sys.executable))"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert report["executable"] != base.stdout.strip()  # not the base it links to


class _Inspected:
    """Answers the default interpreter's inspect_env.py run as the venv's would."""

    def run(
        self,
        argv: Sequence[str],
        *,
        timeout: float = 5.0,
        env: Optional[EnvOverrides] = None,
        cwd: Optional[str] = None,
        log_path: Optional[PathArg] = None,
    ) -> Completed:
        out = {
            "executable": argv[0],
            "version": "3.11.7",
            "packages": [["annotated-types", "0.7.0"]],
        }
        return Completed(argv=tuple(argv), returncode=0, stdout=json.dumps(out))


def test_the_venv_and_its_base_are_two_interpreters(tmp_path: Path) -> None:
    (tmp_path / "usr/bin").mkdir(parents=True)
    (tmp_path / "usr/bin/python3.11").write_text("", encoding="utf-8")
    (tmp_path / "usr/include/python3.11").mkdir(parents=True)
    (tmp_path / "usr/include/python3.11/patchlevel.h").write_text(
        '#define PY_VERSION "3.11.7"\n', encoding="utf-8"
    )
    (tmp_path / "srv/venv/bin").mkdir(parents=True)
    (tmp_path / "srv/venv/pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.11.7\n")
    (tmp_path / "srv/venv/bin/python3").symlink_to("/usr/bin/python3.11")
    ctx = ProbeContext(
        runner=_Inspected(),
        files=Sysroot(tmp_path),
        env={"PATH": "/srv/venv/bin:/usr/bin", "HOME": "/home/u"},
    )
    found = {p.path: (p.origin, p.packages) for p in probe_pythons(ctx).pythons}
    assert found == {
        "/srv/venv/bin/python3": ("default", (Package(name="annotated-types", version="0.7.0"),)),
        "/usr/bin/python3.11": ("path", None),  # the base: not inspected, its packages unknown
    }


def _host(default: str, packages: tuple[Package, ...], other: str) -> Snapshot:
    source = Source(kind="derived", ref="test")
    return Snapshot(
        taken_at="2026-12-06T00:00:00+00:00",
        origin="live",
        pythons=(
            PythonInstall(path=default, version="3.11.7", origin="default", source=source,
                          packages=packages),
            PythonInstall(path=other, version="3.11.7", origin="path", source=source),
        ),
    )  # fmt: skip


VENV, BASE = "/work/outsider12/venv/bin/python3", "/root/.pyenv/versions/3.11.7/bin/python3.11"


def test_diff_compares_packages_of_an_interpreter_read_both_times_only() -> None:
    in_venv = _host(VENV, (Package(name="annotated-types", version="0.7.0"),), BASE)
    outside = _host(BASE, (Package(name="numpy", version="2.1.0"),), VENV)
    changes = diff_snapshots(in_venv, outside)
    assert [c for c in changes if c.area == "package"] == []
    upgraded = _host(VENV, (Package(name="annotated-types", version="0.7.1"),), BASE)
    (change,) = diff_snapshots(in_venv, upgraded)
    assert (change.key, change.before, change.after) == (
        f"{VENV} annotated-types",
        "0.7.0",
        "0.7.1",
    )
