"""An import of the main package's is a need of its own only where the repo lists no
dependencies, or where it is a framework the lists leave to the user (scan/declaredimports.py).

Real lines, each with its repository, commit and place.
"""

from __future__ import annotations

from pathlib import Path

from bringup.scan.repo import scan_repo

CHITU = "thu-pacman/chitu@6261b7a06d348b865154dab5d018168bd92e75da"
ALPHAFOLD = "HowXu/alphafold3-pytorch-npu@f1b109e09e22d08e64d450a33ffb31e68e3928a4"


def _imports(root: Path, name: str) -> list[str]:
    found = scan_repo(root, name).component.requirements
    return sorted(r.subject for r in found if (r.text or "").startswith("import of "))


def _chitu(root: Path, setup: str) -> None:
    (root / "chitu").mkdir()
    # CHITU chitu/async_response.py:6, chitu/backend.py:11, chitu/fused_moe.py:18 and a torch
    # import the package makes throughout
    (root / "chitu" / "__init__.py").write_text("")
    (root / "chitu" / "async_response.py").write_text("\n" * 5 + "from pydantic import BaseModel\n")
    (root / "chitu" / "backend.py").write_text(
        "import torch\n" + "\n" * 9 + "from safetensors.torch import safe_open\n"
    )
    (root / "chitu" / "fused_moe.py").write_text("\n" * 17 + "import triton\n")
    (root / "setup.py").write_text(setup)


def test_what_the_listed_dependencies_bring_is_no_need_of_its_own(tmp_path: Path) -> None:
    # CHITU setup.py:84-90: install_requires lists transformers (which brings safetensors),
    # fastapi (pydantic) and leaves torch (which brings triton) to the user on purpose
    _chitu(
        tmp_path,
        "from setuptools import setup\n"
        "setup(\n"
        '    name="chitu",\n'
        '    version="0.1.0",\n'
        "    install_requires=[\n"
        "        # Don't put `torch` here because it requires downloading from a specific source\n"
        '        "transformers",\n'
        '        "fastapi",\n'
        "    ],\n"
        ")\n",
    )
    assert _imports(tmp_path, "chitu") == ["torch"]


def test_a_repo_that_lists_nothing_keeps_every_import(tmp_path: Path) -> None:
    # the same package with a setup.py naming no dependency (as ascend-deepspeed's setup.py
    # names none): what the package imports is the repo's only word on its needs
    _chitu(tmp_path, 'from setuptools import setup\nsetup(name="chitu", version="0.1.0")\n')
    assert _imports(tmp_path, "chitu") == ["pypi:pydantic", "pypi:safetensors", "torch", "triton"]


def test_a_framework_the_pyproject_leaves_out_stays(tmp_path: Path) -> None:
    # ALPHAFOLD pyproject.toml:26-28 lists its dependencies (torch among them at :69, not
    # torch_npu); alphafold3_pytorch/tensor_typing.py:6 imports packaging, alphafold3.py:15
    # the NPU build of torch
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "alphafold3-pytorch"\nversion = "0.1"\n'
        'dependencies = [\n    "adam-atan2-pytorch>=0.1.12",\n    "awscliv2>=2.3.1",\n'
        '    "torch>=2.1",\n]\n'
    )
    package = tmp_path / "alphafold3_pytorch"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "tensor_typing.py").write_text("\n" * 5 + "from packaging import version\n")
    (package / "alphafold3.py").write_text("\n" * 14 + "from torch_npu.npu.amp import autocast\n")
    assert _imports(tmp_path, "alphafold3-pytorch-npu") == ["torch_npu"]
