"""A formatter the library itself imports is a need of the repo, not a developer's tool.

Each repo below is built in a temporary folder from real files' lines (sources beside them);
the folder layout is theirs, trimmed to the files the rule reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.scan.linterimports import _shortest
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


# NVIDIA/torch-harmonics@9e9fa5373bc66add241638ef7a481da2e5c80d32 pyproject.toml:61-70 (the
# [project] table around it trimmed to its name) and torch_harmonics/filter_basis.py:43-50
TORCH_HARMONICS = {
    "pyproject.toml": (
        '[project]\nname = "torch_harmonics"\n\n[project.optional-dependencies]\ndev = [\n'
        '    "pytest>=6.0.0",\n    "pytest-cov>=3.0.0",\n    "coverage>=6.5.0",\n'
        '    "parameterized",\n    "scipy>=1.9.0",\n    "pre-commit>=4.0.0",\n'
        '    "black>=24.0.0",\n    "ruff>=0.4.0",\n]\n'
    ),
    "torch_harmonics/__init__.py": "",
    "torch_harmonics/filter_basis.py": (
        "# scipy is only required for FourierBesselFilterBasis, which needs Bessel functions.\n"
        "# Import lazily at module load so plain users who don't need that basis aren't forced\n"
        "# to install scipy; availability is checked in FourierBesselFilterBasis.__init__.\n"
        "try:\n    from scipy.special import jn as _scipy_jn\n"
        "    from scipy.special import jn_zeros as _scipy_jn_zeros\n\n"
        "    _SCIPY_AVAILABLE = True\n"
    ),
}


def test_an_import_tried_under_try_stays_optional(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "torch-harmonics", TORCH_HARMONICS)
    component = scan_repo(repo, "torch-harmonics").component
    assert [r for r in component.requirements if r.subject == "pypi:scipy"] == []


def test_a_tool_whose_name_holds_another_s_is_looked_for_through_the_shorter() -> None:
    # flashinfer-ai/flashinfer docs/requirements.txt:1-6 (furo, sphinx, sphinx-gallery,
    # sphinx-reredirects, sphinx-tabs, sphinx-toolbox), as import names
    tools = ["furo", "sphinx", "sphinx_gallery", "sphinx_reredirects", "sphinx_tabs"]
    assert _shortest([*tools, "sphinx_toolbox"]) == ["furo", "sphinx"]
    assert _shortest(["yapf"]) == ["yapf"]
