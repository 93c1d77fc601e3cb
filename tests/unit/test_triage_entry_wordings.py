"""Existing entries that missed a failure they describe (issue 15): another producer's wording of
the same cause, and two signatures of one failure where the one that says why ranks first.
Lines from the tuning halves of the triage corpora are named by their case file."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text


def test_npu_smis_reason_outranks_torch_npus_device_count_warning() -> None:
    # triage_eighth b18-hami-vnpu-devices-uid1000-caps-dropped.log: device nodes the container
    # cannot open; torch_npu only sees no device, npu-smi's DCMI return code says why.
    log = (
        "UserWarning: Can't get ascend_hal device count\n"
        "torch.npu.device_count() == 0\n"
        "npu-smi: dcmi module initialize failed. ret is -8005\n"
    )
    ranked = [d.signature_id for d in explain_text(log)]
    assert ranked[:2] == ["ascend.runtime.dcmi-init-failed", "ascend.runtime.hal-device-count"]


def test_a_library_that_checks_the_driver_itself_is_the_driver_too_old() -> None:
    # t14odd c03-warp-driver-too-old.log, NVIDIA/warp@9934a4e:
    # docs/user_guide/installation.rst:102: Warp's own check at initialisation.
    log = (
        "Warp UserWarning:\n"
        "   Insufficient CUDA driver version.\n"
        "   The minimum required CUDA driver version is 12.0, but the installed CUDA driver"
        " version is 11.8.\n"
    )
    assert explain_text(log)[0].signature_id == "cuda.runtime.driver-insufficient"


@pytest.mark.parametrize(
    "line",
    [
        # t14odd a09-modelzoo-bertsum-apex-fused-layer-norm.log, Ascend/ModelZoo-PyTorch@6a2804a:
        # PyTorch/contrib/nlp/Bertsum_for_PyTorch/README.md:76: apex without its extensions.
        'No module named "fused_layer_norm_cuda"',
        # https://github.com/XLearning-SCU/2022-CVPR-AirNet/issues/5: mmcv without its CUDA ops
        # (the fix: mmcv-full).
        "ModuleNotFoundError: No module named 'mmcv._ext'",
    ],
)
def test_a_packages_compiled_module_missing_is_its_extension_not_built(line: str) -> None:
    diagnosis = explain_text(line)[0]
    assert (diagnosis.signature_id, diagnosis.layer) == (
        "python.torch-custom-op-missing",
        "install",
    )


def test_a_module_that_is_a_package_stays_a_module_to_install() -> None:
    # The sample of ascend.install.pyacl-not-importable: pyACL's module, not an extension.
    line = "ModuleNotFoundError: No module named 'acl'"
    assert explain_text(line)[0].signature_id != "python.torch-custom-op-missing"


@pytest.mark.parametrize(
    "line",
    [
        # t13odd a01-paddle-npu-submodule-fetch.log: a source archive (no .git) of
        # PaddleCustomDevice whose CMake fetches the Paddle submodule.
        "  Failed to get submodule Paddle', please check your network !",
        # https://github.com/acmel/dwarves/issues/22: CMake's GIT_SUBMODULE snippet.
        "  The submodules were not downloaded! GIT_SUBMODULE was turned off or failed.",
        # https://github.com/jessevdk/gitg/pull/5: autogen.sh.
        "*** Failed to download submodules. Perhaps a submodule wasn't forked?",
    ],
)
def test_a_build_that_cannot_fetch_its_submodules_is_submodules_missing(line: str) -> None:
    assert explain_text(line)[0].signature_id == "toolchain.submodules-missing"
