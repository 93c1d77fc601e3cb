"""torchvision and torchaudio a command installs beside torch are the copied install line's, not
the repo's need, unless the repo's Python imports them (``scan.companions``). Real lines of
fla-org/flash-linear-attention@bc3b101d and FlagOpen/FlagScale@da4935ec, each with its file and
line."""

from __future__ import annotations

from pathlib import Path

from bringup.scan import scan_stack

# flash-linear-attention INSTALL.md:1, 52, 59-62, 65 (its repo imports no torchvision)
INSTALL = """# Installation

## Ascend NPU

```sh
# 1. install CANN 9.0.0 + source set_env.sh
# 2. install torch / torch_npu / triton-ascend, then fla with the npu extra
pip install torch==2.7.1 torch_npu==2.7.1 torchvision==0.22.1
```
"""
# FlagScale tools/datasets/vla/data/dataset_helpers.py:7, 9
IMPORTS = """import torch

from torchvision import transforms
"""


def _repo(root: Path, files: dict[str, str]) -> Path:
    for rel, text in {"INSTALL.md": INSTALL, **files}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def _subjects(root: Path) -> set[str]:
    (component,) = scan_stack([str(root)]).components
    return {r.subject for r in component.requirements}


def test_a_companion_no_module_imports_is_the_install_lines(tmp_path: Path) -> None:
    subjects = _subjects(_repo(tmp_path / "fla", {}))
    assert "torchvision" not in subjects
    assert {"torch", "torch_npu"} <= subjects


def test_a_companion_the_code_imports_stays_the_repos(tmp_path: Path) -> None:
    # constructed: FlagScale's module that imports torchvision placed in this repo
    root = _repo(tmp_path / "fla", {"tools/datasets/vla/data/dataset_helpers.py": IMPORTS})
    assert "torchvision" in _subjects(root)


def test_a_companion_a_requirements_file_lists_stays_the_repos(tmp_path: Path) -> None:
    # constructed: a root requirements list is the repo's declared need, no command's copy
    root = _repo(tmp_path / "fla", {"requirements.txt": "torchvision==0.22.1\n"})
    assert "torchvision" in _subjects(root)


# One import statement may name several modules (Python's grammar: "import" module ("," module)*,
# https://docs.python.org/3/reference/simple_stmts.html#the-import-statement); the module is a
# name of the list, also after an alias or a ";" (reread42: only the first name was read, so a
# repo importing torchvision this way lost the need)
LISTED = (
    "import torch, torchvision\n",
    "import numpy as np, torchvision.transforms as T\n",
    "import os; import sys, torchvision\n",
)


def test_a_companion_named_in_an_import_list_stays_the_repos(tmp_path: Path) -> None:
    for n, line in enumerate(LISTED):
        root = _repo(tmp_path / f"fla{n}", {"tools/data.py": line})
        assert "torchvision" in _subjects(root), line


def test_a_companion_only_in_a_comment_or_a_longer_name_is_no_import(tmp_path: Path) -> None:
    for n, line in enumerate(("import torch  # torchvision later\n", "import torchvision_x\n")):
        root = _repo(tmp_path / f"fla{n}", {"tools/data.py": line})
        assert "torchvision" not in _subjects(root), line
