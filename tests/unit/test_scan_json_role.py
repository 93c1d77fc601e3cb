"""``scan --json`` carries each repo's role as the text does (``marlin (other)``): a role of
``other``, guessed or set in bringup.toml, was left out of the JSON as a default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

MARLIN_SETUP = """from setuptools import setup
from torch.utils import cpp_extension

setup(
    name='marlin',
    version='0.1.1',
    author='Elias Frantar',
    author_email='elias.frantar@ist.ac.at',
    description='Highly optimized FP16xINT4 CUDA matmul kernel.',
    install_requires=['numpy', 'torch'],
    packages=['marlin'],
    ext_modules=[cpp_extension.CUDAExtension(
        'marlin_cuda', ['marlin/marlin_cuda.cpp', 'marlin/marlin_cuda_kernel.cu']
    )],
    cmdclass={'build_ext': cpp_extension.BuildExtension},
)
"""
"""IST-DASLab/marlin setup.py, whole."""


@pytest.mark.parametrize("manifest", ["", 'role = "other"\n', 'role = "ops"\n'])
def test_the_json_has_the_role_the_text_shows(
    manifest: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "marlin"
    repo.mkdir()
    (repo / "setup.py").write_text(MARLIN_SETUP, encoding="utf-8")
    if manifest:
        (repo / "bringup.toml").write_text(manifest, encoding="utf-8")
    assert main(["scan", str(repo)]) == 0
    shown = capsys.readouterr().out.split("\n", 1)[0].split()[1].strip("()")
    assert main(["scan", "--json", str(repo)]) == 0
    components = json.loads(capsys.readouterr().out)["data"]["components"]
    assert [c["role"] for c in components] == [shown]
    # guessed from its description ("CUDA matmul kernel": review 23 #12), else as set
    assert shown == (manifest.split('"')[1] if manifest else "ops")
