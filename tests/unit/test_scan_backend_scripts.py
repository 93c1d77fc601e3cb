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


def test_a_script_named_for_an_accelerator_maker_is_that_makers_way() -> None:
    """FlagScale@da4935ec ``install/install-requirements-metax.sh:62`` installs
    ``torch==2.6.0+metax3.0.0.3`` beside ``install/install-requirements.sh``, whose :86
    installs ``torch==2.7.1+cu128``; Triton-distributed@1512a811 ``scripts/launch_amd.sh:8``
    (``OMPI_INSTALL_DIR``) beside ``scripts/launch_metax.sh``."""
    flagscale = Scopes(
        ["setup.py", "install/install-requirements.sh", "install/install-requirements-metax.sh"],
        {},
    )
    assert flagscale.of("install/install-requirements-metax.sh") == "extra:metax"
    assert flagscale.of("install/install-requirements.sh") == REPO
    triton = Scopes(["setup.py", "scripts/launch_amd.sh", "scripts/launch_metax.sh"], {})
    assert triton.of("scripts/launch_amd.sh") == "extra:amd"
    assert triton.of("scripts/launch_metax.sh") == "extra:metax"
