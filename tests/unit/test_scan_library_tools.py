"""A formatter the library itself imports is a need of the repo, not a developer's tool.

Each repo below is built in a temporary folder from real files' lines (sources beside them);
the folder layout is theirs, trimmed to the files the rule reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.repo import scan_repo


def _repo(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


# IDEA-Research/GroundingDINO@856dde20aee659246248e20734ef9ba5214f5e44 requirements.txt:1-6 and
# groundingdino/util/slconfig.py:10-14
GROUNDINGDINO = {
    "requirements.txt": "torch\ntorchvision\ntransformers\naddict\nyapf\ntimm\n",
    "groundingdino/__init__.py": "",
    "groundingdino/util/__init__.py": "",
    "groundingdino/util/slconfig.py": (
        "from argparse import Action\nfrom importlib import import_module\n\n"
        "from addict import Dict\nfrom yapf.yapflib.yapf_api import FormatCode\n"
    ),
}
# open-mmlab/mmcv@a3cb068590ad1730d45802d997837de4d80e13a3 requirements/runtime.txt and
# open-mmlab/mmcv@aa10ce89349d0453dd6d1f2b06d18a83c03b9fd7 mmcv/utils/config.py:13-14
MMCV = {
    "requirements.txt": "addict\nnumpy\npackaging\nPillow\npyyaml\nyapf\n",
    "mmcv/__init__.py": "",
    "mmcv/utils/__init__.py": "",
    "mmcv/utils/config.py": (
        "from addict import Dict\nfrom yapf.yapflib.yapf_api import FormatCode\n"
    ),
}


@pytest.mark.parametrize(
    ("name", "files", "module"),
    [
        ("GroundingDINO", GROUNDINGDINO, "groundingdino/util/slconfig.py"),
        ("mmcv", MMCV, "mmcv/utils/config.py"),
    ],
)
def test_a_formatter_the_package_imports_is_a_need(
    tmp_path: Path, name: str, files: dict[str, str], module: str
) -> None:
    component = scan_repo(_repo(tmp_path / name, files), name).component
    (yapf,) = [r for r in component.requirements if r.subject == "pypi:yapf"]
    assert f"{name}/{module}" in [s.ref for s in yapf.also_at]
    assert [s.name for s in component.scopes] == []


def test_a_formatter_only_listed_stays_a_developers_tool(tmp_path: Path) -> None:
    # the same GroundingDINO list without the config module that imports yapf
    files = {k: v for k, v in GROUNDINGDINO.items() if not k.endswith("slconfig.py")}
    component = scan_repo(_repo(tmp_path / "GroundingDINO", files), "GroundingDINO").component
    assert [r for r in component.requirements if r.subject == "pypi:yapf"] == []
    (development,) = component.scopes
    assert development.name == "development"
    assert [r.subject for r in development.requirements] == ["pypi:yapf"]
