"""The Ascend driver's return codes are known by their names only (hicann/runtime's
ascend_hal_error.h names each value and says nothing of when it is returned): a driver code
says the driver call failed, not what went wrong for the job, and is told with ``medium``
confidence, ranking as a code whose meaning is only its module's failure, in its own layer,
below the runtime's report of a code in its layer printed before it (issue 15:
DRV_ERROR_NO_PROCESS named first, confidently, over the runtime's 507899). A driver code whose
documented meaning is a cause (a value the call refuses: the caller's defect) is still told as
that cause, with the same medium confidence: its name does not say whose value it was.

Lines from the tuning halves of the triage corpora are named by their case file there and the
public source beside them."""

from __future__ import annotations

from bringup.triage import explain_text
from bringup.triage.catalogues import builtin_catalogues

# tests/data/triage_twentyfirst/g01-torch-npu-a5-aclrtgetdeviceinfo-507899.log lines 2 and 13
# (Ascend/pytorch@673307d7: aclrtGetDeviceInfo on an A5 returned 507899, the driver's
# halMemGetInfo under it 62)
A5_DEVICE_INFO = (
    "[ERROR] - initDeviceProperty:../torch_npu/csrc/npu/Module.cpp:207 NPU function error: "
    "aclrtGetDeviceInfo(static_cast<uint32_t>(deviceid), ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, "
    "&tmp_d total), error code is 507899\n"
    "[ERROR] RUNTIME(16038,python3.10):2026-04-02-11:39:56.553.432 [npu_driver_mem.cc:1754]16038 "
    "MemGetInfo:[drv api] halMemGetInfo failed: device_id=0, drvRetCode=62!\n"
)


def test_a_driver_code_is_no_confident_cause() -> None:
    # tests/data/triage_eleventh/b19-a5-op-timeout-poisons-pooled-worker.log
    # (hw-native-sys/simpler#1005): the device context an op timeout left broken, not a process
    # that is not there
    line = (
        "init_aicore_register_addresses → get_aicore_reg_info → halResMap failed for core 0 "
        "(rc=62) (device_runner.cpp:160)\n"
    )
    (first,) = explain_text(line)[:1]
    assert (first.signature_id, first.layer, first.confidence) == (
        "code.drv.62",
        "device_init",
        "medium",
    )


def test_a_driver_code_under_the_runtimes_report_is_not_named_first_with_confidence() -> None:
    diagnoses = explain_text(A5_DEVICE_INFO)
    assert diagnoses[0].signature_id != "code.drv.62"
    assert diagnoses[0].evidence[0].line == 1
    assert diagnoses[0].layer == "device_init"
    assert all(d.confidence != "high" for d in diagnoses if d.signature_id.startswith("code."))


def test_a_driver_code_that_means_the_callers_defect_is_still_that_cause() -> None:
    # tests/data/triage_twentysixth/a11-pypto-lib-halhostregister-failed-8.log
    # (hw-native-sys/pypto-lib#501): DRV_ERROR_PARA_ERROR, the second program in one process
    # registering the same shared memory again
    line = (
        "[dep_gen_collector.cpp:66] DepGenCollector: halHostRegister for dep_gen SHM failed: 8"
        "  ->  init_dep_gen failed: 8\n"
    )
    first = explain_text(line)[0]
    assert (first.signature_id, first.confidence) == ("class.code.project-bug", "medium")


def test_every_driver_code_ranks_as_its_modules_failure() -> None:
    # the codes above: a cause named (3), none (62), a signature named (65534,
    # DRV_ERROR_NOT_SUPPORT)
    drv = next(c for c in builtin_catalogues() if c.info.name == "drv")
    meanings = [drv.lookup("code", value) for value in ("3", "62", "65534")]
    assert all(m is not None and m.placed and m.named_module for m in meanings)
