"""Ascend runtime, driver and HCCL codes read in the forms their callers print them: after the
name of the variable or field that holds the code, in any case, in brackets; a driver call's
return code after the call's name (issue 15). Real lines, each with its source (the tuning
halves of the triage corpora are cited by their case file and the public source)."""

from __future__ import annotations

import pytest

from bringup.triage.catalogues import Catalogue, builtin_catalogues
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose


def _catalogue(name: str) -> Catalogue:
    return next(c for c in builtin_catalogues() if c.info.name == name)


def _codes_found(log: str) -> set[tuple[str, str]]:
    """(diagnosis id, code) of what the fallback reads from ``log``'s codes alone."""
    return {
        (d.signature_id, d.captures.get("code", ""))
        for d in diagnose(scan_log(log).findings)
        if d.signature_id.startswith("code.")
    }


@pytest.mark.parametrize(
    ("line", "code"),
    [
        # tests/data/triage_twentyfourth/b09-viewcopy-507035-vector-core.log
        # (hicann/ops-math@9cfcee0a)
        ("aclrtSynchronizeStream failed. ERROR: 507035 (vector core exception)", "507035"),
        # tests/data/triage_twentyfirst/g01-torch-npu-a5-aclrtgetdeviceinfo-507899.log
        # (Ascend/pytorch@673307d7)
        (
            "call rtsDeviceGetInfo failed, runtime result = 507899.[FUNC:ReportCallError]"
            "[FILE:log_inner.cpp][LINE:148]",
            "507899",
        ),
    ],
)
def test_an_acl_code_is_read_after_the_name_that_holds_it_in_any_case(line: str, code: str) -> None:
    assert ("code.acl." + code, code) in _codes_found(line)


@pytest.mark.parametrize(
    ("line", "code", "told", "layer"),
    [
        # tests/data/triage_twentysixth/a11-pypto-lib-halhostregister-failed-8.log
        # (hw-native-sys/pypto-lib#501): DRV_ERROR_PARA_ERROR, the
        # caller's own defect
        (
            "[dep_gen_collector.cpp:66] DepGenCollector: halHostRegister for dep_gen SHM failed: 8"
            "  ->  init_dep_gen failed: 8",
            "8",
            "class.code.project-bug",
            "operator_execution",
        ),
        # tests/data/triage_eleventh/b19-a5-op-timeout-poisons-pooled-worker.log
        # (hw-native-sys/simpler): DRV_ERROR_NO_PROCESS
        (
            "init_aicore_register_addresses → get_aicore_reg_info → halResMap failed for core 0 "
            "(rc=62) (device_runner.cpp:160)",
            "62",
            "code.drv.62",
            "device_init",
        ),
        # tests/data/triage_nineteenth/f01-mindcluster-rebuild-hccl-comm.log (Ascend/mind-cluster
        # docs/zh/scheduling/faq.md@27179ad1): DRV_ERROR_IOCRL_FAIL in the runtime's plog
        (
            "[ERROR] RUNTIME(1428447,python):2026-03-24-15:19:11.056.709 "
            "[npu_driver.cc:760]1432059 "
            "DestroyIpcNotify:[drv api] halShrIdDestroy failed: "
            "name=0015cbdf0000000f0000000000000000000001e406dd000f, device_id=15, tsId=0, "
            "notifyId=484, drvRetCode=17!",
            "17",
            "code.drv.17",
            "device_init",
        ),
    ],
)
def test_a_driver_calls_return_code_is_read_after_its_name(
    line: str, code: str, told: str, layer: str
) -> None:
    drv = _catalogue("drv")
    assert drv.info.source.startswith("https://github.com/hicann/runtime/blob/")
    assert len({key for group, key in drv.by_key if group == "code"}) == 100
    found = [d for d in diagnose(scan_log(line).findings) if d.captures.get("code") == code]
    assert [(d.signature_id, d.layer) for d in found] == [(told, layer)]


def test_a_small_number_is_no_driver_code_without_a_driver_calls_name() -> None:
    # tests/data/triage_twentysixth/a11 (pypto-lib#501): the swimlane collector's own words
    # name no driver call, so its "failed: 8" is no driver code
    line = (
        "[l2_swimlane_collector.cpp:141] Memory registration failed: 8  ->  init_l2_swimlane failed"
    )
    assert not [d for d in diagnose(scan_log(line).findings) if d.captures.get("code") == "8"]


def test_an_acl_code_in_brackets_after_its_name_is_read() -> None:
    # tests/data/triage_fourteenth/b03-pypto-device-id-not-set.log (hicann/pypto@883e7dfb
    # docs/zh/tutorials/appendix/faq/device-id-not-set.md)
    line = "2025-12-17 14:31:32.493 E | aclmdlRICaptureGetInfo failed, return[100000]"
    assert ("code.acl.100000", "100000") in _codes_found(line)


@pytest.mark.parametrize(
    ("line", "code"),
    [
        # tests/data/triage_thirteenth/e01-hccl-ei0006-link-establish-timeout.log
        # (the CANN 8.5 HCCL user guide, hcclug_000050)
        (
            "[ERROR] HCCL(3977573,all_reduce_test):2025-11-22-17:37:04.448.799 "
            "[hccl_socket_manager.cc:880] [3977663][Wait][LinksEstablishCompleted] is failed. "
            "ret[9].",
            "9",
        ),
        # tests/data/triage_fifteenth/a19-hccl-rootinfo-port-bind-ei0019.log (hicann/hccl@09300b70
        # docs/zh/user_guide/fault_diagnosis/cluster_info_nego.md)
        (
            "[ERROR] HCCL(3626636,all_reduce_test):2025-11-21-13:18:47.639.882 [op_base.cc:1071] "
            "[3626636][InitGroupStage][RanktableDetect]HcclGetRootInfo failed, ret[7]",
            "7",
        ),
    ],
)
def test_an_hccl_result_after_ret_on_hccls_own_line_is_read(line: str, code: str) -> None:
    assert ("code.hccl." + code, code) in _codes_found(line)


def test_a_transfer_engine_status_in_brackets_is_no_acl_code() -> None:
    # tests/data/triage_tenth/b03-mooncake-adxl-503900-segment-size.log
    # (kvcache-ai/Mooncake#3267)
    line = (
        "       Call status.error_code fail. Failed to check peer process ret status, error "
        "code[503900], err msg[], local engine:10.196.186.73:20006, remote engine:"
        "10.196.186.72:20064, timeout:120000 ms.[FUNC:DoConnect][FILE:channel_msg_handler.cc]"
        "[LINE:568]"
    )
    assert not [found for found in _codes_found(line) if found[0].startswith("code.acl.")]
