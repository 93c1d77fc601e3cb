"""A script named for one backend beside another script for the same task is that backend's way
to install (session-23 outside tester, D2): verl's NPU and CUDA install scripts were merged into
one environment that held torch_npu and CUDA's cuDNN wheel together.

Source: montehoover/verl@9c46ae818ca42f47e1bf6e481c7da314e9c4663e scripts/
install_sglang_mcore_npu.sh:15 (``pip install torch==2.7.1 torch_npu==2.7.1.post2``) beside
scripts/install_vllm_sglang_mcore.sh:54 (``pip install nvidia-cudnn-cu12==9.10.2.21``)."""

from __future__ import annotations

from bringup.scan.scopes import REPO, Scopes

_VERL = ["setup.py", "README.md", "scripts/install_vllm_sglang_mcore.sh"]


def test_the_npu_script_beside_the_default_one_is_the_npu_feature() -> None:
    scopes = Scopes([*_VERL, "scripts/install_sglang_mcore_npu.sh"], {})
    assert scopes.of("scripts/install_sglang_mcore_npu.sh") == "extra:npu"
    assert scopes.of("scripts/install_vllm_sglang_mcore.sh") == REPO


def test_a_backend_script_alone_for_its_task_is_the_repo_s_way() -> None:
    # constructed: the NPU script with no other install script beside it
    scopes = Scopes(["setup.py", "README.md", "scripts/install_sglang_mcore_npu.sh"], {})
    assert scopes.of("scripts/install_sglang_mcore_npu.sh") == REPO
