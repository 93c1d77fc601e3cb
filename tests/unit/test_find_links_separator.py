"""review31 L1: a find-links location holding a comma, ``UV_FIND_LINKS``'s separator, went back
on uv's command line (readable by every user in /proc/PID/cmdline, where a location may hold a
password). It travels in the variable too: a URL with its comma percent-encoded, a folder as
its ``file://`` URL, which uv reads as that folder (tried with uv here, on a wheel built in the
test)."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import zipfile
from pathlib import Path

import pytest

from bringup.run.indexes import index_settings


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _wheel(folder: Path) -> None:
    """A one-module wheel ``onlyhere-pkg`` 0.1 in ``folder``."""
    info = "onlyhere_pkg-0.1.dist-info"
    files = {
        "onlyhere_pkg/__init__.py": b"",
        f"{info}/METADATA": b"Metadata-Version: 2.1\nName: onlyhere-pkg\nVersion: 0.1\n",
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in files.items()]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]).encode()
    with zipfile.ZipFile(folder / "onlyhere_pkg-0.1-py3-none-any.whl", "w") as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)


def test_a_location_with_a_comma_travels_in_the_variable() -> None:
    variables = {"PIP_FIND_LINKS": "https://u:PASS@wheels.example/a,b/ /srv/we,els"}
    settings = index_settings(variables, [], offline=False)
    assert "--find-links" not in settings.args
    assert settings.env["UV_FIND_LINKS"] == (
        "https://u:PASS@wheels.example/a%2Cb/,file:///srv/we%2Cels"
    )


def test_uv_finds_the_wheel_in_a_folder_with_a_comma(tmp_path: Path) -> None:
    from bringup.run.environments import uv_binary

    uv = uv_binary()
    if uv is None:
        pytest.skip("no uv")
    folder = tmp_path / "we,els"
    folder.mkdir()
    _wheel(folder)
    settings = index_settings({"PIP_FIND_LINKS": str(folder)}, [], offline=True)
    env = {k: v for k, v in settings.env.items() if v is not None}
    done = subprocess.run(
        [uv, "pip", "compile", "--no-cache", "--no-index", *settings.args, "-"],
        check=False,
        input="onlyhere-pkg\n",
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env},
        timeout=60,
    )
    assert "onlyhere-pkg==0.1" in done.stdout, done.stderr
