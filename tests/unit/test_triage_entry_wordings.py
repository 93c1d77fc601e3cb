"""Existing entries that missed a failure they describe (issue 15): another producer's wording of
the same cause, and two signatures of one failure where the one that says why ranks first.
Lines from the tuning halves of the triage corpora are named by their case file."""

from __future__ import annotations

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
