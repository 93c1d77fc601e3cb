"""outsider19 D11 (tests/data/outsider38/REPORT.md) on shangxt10/verl_mindspeedmm@da9e8534: the
repo's needs carried docs/README_vllm0.7.md's vllm 0.7.x pins, a guide for a vllm release below
the ``vllm>=0.8.5`` its setup.py:52 accepts; and ``arch x86_64`` from a GPU install script's
wheel, though the repo's Ascend CI builds and tests it on aarch64 runners."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.docscopes import DocContext, doc_scope
from bringup.scan.repo import scan_repo

# setup.py:52
_SETUP = 'VLLM_REQUIRES = ["tensordict>=0.8.0,<=0.10.0,!=0.9.0", "vllm>=0.8.5,<=0.12.0"]\n'
# docs/README_vllm0.7.md:17-20
_OLD_GUIDE = """\
```
pip3 install -e .

# Install the latest stable version of vLLM
pip3 install vllm==0.7.3
```
"""
# scripts/install_vllm_sglang_mcore.sh:28-30
_GPU_SCRIPT = """\
# Install flash-attn-2.8.1 (cxx11abi=False)
wget -nv https://github.com/Dao-AILab/flash-attention/releases/download/v2.8.1/flash_attn-2.8.1+cu12torch2.8cxx11abiFALSE-cp312-cp312-linux_x86_64.whl && \\
    pip install --no-cache-dir flash_attn-2.8.1+cu12torch2.8cxx11abiFALSE-cp312-cp312-linux_x86_64.whl
"""  # noqa: E501
# .github/workflows/npu_unit_tests.yml:74-77, 112-114
_NPU_CI = """\
jobs:
  npu_unit_tests:
    if: github.repository_owner == 'verl-project'
    runs-on: linux-aarch64-a2b3-8
    steps:
      - name: Testing activation offload
        run: |
          pytest -s -x tests/utils/test_activation_offload.py
"""


def test_a_guide_for_an_older_release_is_its_own_scope() -> None:
    context = DocContext(manifests=(_SETUP,))
    assert doc_scope(["docs", "README_vllm0.7.md"], context) == "docs/README_vllm0.7"
    # 0.8.5 is of the 0.8 series: that guide may still be the repo's
    assert doc_scope(["docs", "README_vllm0.8.md"], context) == ""
    assert doc_scope(["docs", "README_vllm0.7.md"]) == ""


def _repo(tmp_path: Path) -> Path:
    files = {
        "setup.py": _SETUP,
        "docs/README_vllm0.7.md": _OLD_GUIDE,
        "scripts/install_vllm_sglang_mcore.sh": _GPU_SCRIPT,
        ".github/workflows/npu_unit_tests.yml": _NPU_CI,
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_repos_needs_hold_no_stale_pin_nor_one_cpu(tmp_path: Path) -> None:
    component = scan_repo(_repo(tmp_path), "verl").component
    own = {(r.subject, r.spec) for r in component.requirements}
    assert not any(subject == "vllm" and "0.7" in spec for subject, spec in own)
    assert ("arch", "x86_64") not in own
