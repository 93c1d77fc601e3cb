"""outsider19 D1's residual (tests/data/outsider38/REPORT.md): a setup.py that picks
``CppExtension`` and switches to ``CUDAExtension`` only where CUDA is there builds its C++ on a
CPU host, so it is no "runs only on NVIDIA GPUs" repo. A guard: main already reads this shape
right (``devicecode``: a builder only named, then called through a variable), and a change to
the device-code reading must keep it so."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = str(ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver")

# pqhieu/torch3d setup.py:1-4, 14-33, 39-48 (its url line says the repo)
_SETUP = """\
import os
import glob
from setuptools import setup, find_packages
from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension, CUDA_HOME

sources = []
ext_modules = []
define_macros = []
extension = CppExtension
sources += glob.glob(os.path.join("torch3d", "csrc", "cpu", "*.cpp"))

if CUDA_HOME is not None:
    extension = CUDAExtension
    sources += glob.glob(os.path.join("torch3d", "csrc", "*.cpp"))
    sources += glob.glob(os.path.join("torch3d", "csrc", "cuda", "*.cu"))
    define_macros += [('WITH_CUDA', None)]

ext_modules += [
    extension(
        "torch3d._C",
        sources,
        define_macros=define_macros
    )
]

setup(
    name="torch3d",
    ext_modules=ext_modules,
    cmdclass={"build_ext": BuildExtension},
    packages=find_packages()
)
"""


def test_a_build_with_a_cpu_fallback_runs_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    (tmp_path / "setup.py").write_text(_SETUP, encoding="utf-8")
    for source in ("torch3d/csrc/cpu/a.cpp", "torch3d/csrc/cuda/a.cu", "torch3d/__init__.py"):
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / source).write_text("\n", encoding="utf-8")
    main(["check", str(tmp_path), "--snapshot", HOST])
    out = " ".join(capsys.readouterr().out.split())
    assert "runs only on NVIDIA GPUs" not in out
    assert "needs other hardware" not in out
    assert "runs here" in out
