"""A driver (HAL) call answering DRV_ERROR_NOT_SUPPORT (0xfffe = 65534 in the driver's drvError_t)
is the driver lacking what its caller needs: a driver older than the CANN release or the stack
on it, as the 207000 message says in its words. Any other return code of the same call is not
read so. Real lines, each cited."""

from __future__ import annotations

from bringup.triage import explain_text

# https://github.com/LMCache/LMCache-Ascend/issues/91 (tests/data/triage_seventh/
# 12-lmcache-ascend-halhostregister-old-driver.log:1-2): driver 23.0.6, fixed by driver >= 24.1.
ISSUE = "Unable to halHostRegister: 65534\nRuntimeError: register ptr failed\n"

# LMCache/LMCache-Ascend@169ee7283de1f8ce3b26149f5bc1399fc45b2373:
# csrc/common/managed_mem.cpp:120-121 (the same message as the current source prints it, with
# the driver's return code).
SOURCE = "Unable to halHostRegister: 65534 . Please ensure your driver version >= 24.1.0\n"

# tests/fixtures/logs/ascend.runtime.device-memory-alloc-failed/mindspore-docs-ee9999.log:5
# (a driver call that fails with another code: DRV_ERROR_OUT_OF_MEMORY, not "not supported").
OTHER_CODE = (
    "        [driver interface] halMemAlloc failed: device_id=6, size=32212254720, type=2, "
    "env_type=3, drvRetCode=6![FUNC:ReportError][FILE:npu_driver.cc][LINE:568]\n"
)


def test_a_driver_call_not_supported_is_a_driver_older_than_its_caller() -> None:
    for log in (ISSUE, SOURCE):
        top = explain_text(log)[0]
        assert (top.signature_id, top.layer) == (
            "ascend.runtime.driver-firmware-mismatch",
            "device_init",
        ), log


def test_another_return_code_of_a_driver_call_is_not_read_as_a_mismatch() -> None:
    ids = [d.signature_id for d in explain_text(OTHER_CODE)]
    assert "ascend.runtime.driver-firmware-mismatch" not in ids
    assert ids[0] == "ascend.runtime.device-memory-alloc-failed"
