# ruff: noqa: RUF001  (the pages' log lines hold non-breaking hyphens and full-width stops)
"""CANN's troubleshooting guide as FAQ entries (kb/data/faq/cann_docs.toml): every entry keeps
its page of hicann/docs at a commit, finds the line its page shows and not its neighbours' lines,
and on a failing log is told first (or, where the page says the failure is another rung's, above
the entry the same failure would otherwise get)."""

from __future__ import annotations

import re

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.faq import FAQ_DIR, faq_signatures, read_faq_file

PAGES = "https://github.com/hicann/docs/blob/"
DOCS = read_faq_file(FAQ_DIR / "cann_docs.toml").signatures
ENTRIES = {signature.id: signature for signature in faq_signatures()}


def test_every_entry_is_a_page_of_the_cann_troubleshooting_guide_at_a_commit() -> None:
    assert len(DOCS) >= 20
    for signature in DOCS:
        record = signature.record
        assert record.id.startswith("faq.cann-docs."), record.id
        assert record.source.startswith(PAGES), record.id
        assert re.search(r"/blob/[0-9a-f]{40}/docs/zh/troubleshooting/\w+\.md\Z", record.source)
        assert record.cause_zh, record.id
        assert record.fix_zh, record.id
        assert ENTRIES[record.id].tier == "faq"
    assert len({s.record.source for s in DOCS}) >= 18


def _hits(line: str) -> set[str]:
    return set(scan_log(line + "\n").hits)


# The line each page shows (hicann/docs at the commit of the entry's source, the page's path
# under docs/zh/troubleshooting/ and the line) and the entry that must find it.
PAGE_LINES = [
    (  # acl_init_permission_denied.md:10
        "[ERROR] RUNTIME(89696,main):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [runtime.cc:1065]89696 Check"
        "HaveDevice:[INIT][DEFAULT]Call halGetDeviceInfo failed: drvRet=4, module type=0, inf"
        "o type=1.",
        "faq.cann-docs.acl-init-device-info-denied",
    ),
    (  # acl_init_permission_denied.md:11
        "[ERROR] ASCENDCL(89696,main):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [acl.cpp:164]89696 aclInit:"
        " [INIT][DEFAULT][Init][Version]init soc version failed, ret = 507008",
        "faq.cann-docs.acl-init-device-info-denied",
    ),
    (  # ai_core_operator_execution_error.md:13
        "[ERROR] RUNTIME(4150867,msame):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [device_error_proc.cc:495"
        "]4150867 PrintCoreErrorInfo:[EXEC][DEFAULT]The error from device(0), serial number i"
        "s 193, there is an aicore error, core id is 8, error code = 0x800000, dump info: pc "
        "start: 0x800120080047000, current: 0x1200800471cc, vec error info: 0x7cafc4e, mte er"
        "ror info: 0x3000052, ifu error info: 0xc33f87bd7a80, ccu error info: 0xffd2bbd5005fe"
        "9d7, cube error info: 0x84, biu error info: 0, aic error mask: 0x65000200d000288, pa"
        "ra base: 0x120080016300, errorStr: The DDR address of the MTE instruction is out of "
        "range.",
        "faq.cann-docs.aicore-mte-out-of-range",
    ),
    (  # moe_dispatch_combine_network_err.md:23
        "[ERROR] GE(1254,ker_DP25_EP25):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [error_tracking.cc:113]12"
        "54 ErrorTrackingCallback: ErrorNo: 4294967295(failed) Error happened, origin_op_name"
        " [MoeDistributeCombineV2_48], op_name [MoeDistributeCombineV2_48], task_id 804, stre"
        "am_id 1634.",
        "faq.cann-docs.moe-dispatch-combine-remote",
    ),
    (  # ai_cpu_kernel_execution_error.md:49
        "[ERROR] CCECPU(2309,aicpu_scheduler):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [aicpu_tf_kernel.cc"
        ":348][tid:2317][TFAdapter] AICPUKernelAndDevice::Run failure, kernel_id=0, op_name=U"
        "nique, op_type=UniqueExt, error=Invalid argument: unique expects a 1D vector.",
        "faq.cann-docs.aicpu-kernel-run-failure",
    ),
    (  # ai_cpu_kernel_execution_error.md:65
        "[ERROR] CCECPU(12226,aicpu_scheduler):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [aicpu_tf_kernel.c"
        "c:363][ProcessKernelRunOutput][tid:12236][TFAdapter]AICPUKernelAndDevice::Run failur"
        "e, kernel_id=10000, op_name=BitwiseXor, op_type=BitwiseXor, error=UNIMPLEMENTED: Bro"
        "adcast between [15,15,8,18,15,7,14] and [3,15,1,8,1,1,7,14] is not supported yet.",
        "faq.cann-docs.aicpu-broadcast-unsupported",
    ),
    (  # ai_cpu_operator_timeout_error.md:23
        "[ERROR] RUNTIME(16243,msame):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [api_c.cc:661]16243 rtStrea"
        "mSynchronize:[EXEC][DEFAULT]ErrCode=507017, desc=[aicpu timeout], InnerCode=0x715002"
        "a",
        "faq.cann-docs.aicpu-op-timeout",
    ),
    (  # operator_plugin_not_registered.md:8
        "Check op[%s]'s type[%s] failed, it is not supported.",
        "faq.cann-docs.op-plugin-not-registered",
    ),
    (  # operator_prototype_not_registered.md:8
        "op[%s] type[%s] have no ir factory.",
        "faq.cann-docs.op-proto-not-registered",
    ),
    (  # operator_prototype_not_registered.md:14
        "IR for op[%s] optype[%s] is not registered.",
        "faq.cann-docs.op-proto-not-registered",
    ),
    (  # operator_prototype_not_registered.md:37
        "OpsProtoManager dlopen failed, plugin name:%s. Message(%s).",
        "faq.cann-docs.op-proto-not-registered",
    ),
    (  # dynamic_shape_inference_mem_failed.md:9
        "[ERROR] ASCENDCL ****** malloc size must be greater than zero",
        "faq.cann-docs.malloc-size-zero-dynamic-shape",
    ),
    (  # dynamic_shape_input_check_failed.md:8
        "17480:[ERROR] GE(187626,python3):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [execution_engine.cc:45"
        "0]191154 ValidInputTensor:ErrorNo: 1343225860(Internal errors) [EXEC][EXEC][Check][S"
        "ize] for [PartitionedCall_14(PartitionedCall)] Input[40]:tensor size mismatches.expe"
        "cted: 768032, but given 32.",
        "faq.cann-docs.dynamic-shape-input-size-mismatch",
    ),
    (  # setdevice_error_no_context.md:13
        "104072:[ERROR]RUNTIME(2977549,test_incre):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu[api_c.cc:5200]"
        "2978321 rtCtxGetSysParamOpt:ErrCode=107002, desc=[context pointer null],InnerCode=0x"
        "7070001",
        "faq.cann-docs.no-context-setdevice",
    ),
    (  # ai_core_timeout_fault.md:8
        "[ERROR] RUNTIME(2897353,main):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [device_error_core_proc.cc"
        ":1227]2897467 PrintCoreInfo:An error occurs on the device(chipId:0, dieId:0), the se"
        "rial number is 7, the error is aivec error, core id is 9, error code = 0, dump info:"
        " pc start: 0x1240000000e4, current: 0x12400000013c, vec error info: 0x6211f34358, mt"
        "e error info: 0x7e33ba0d8b, ifu error info: 0x2075ca373f800, ccu error info: 0x24478"
        "06309616cb7, cube error info: 0, biu error info: 0, aic error mask: 0x6500020bd00028"
        "c, para base: 0x12c100001000, aic cond: 0. The extend info: errcode:(0, 0, 0) errorS"
        "tr: timeout or trap error. fixp_error0 info: 0x3ba0d8b, fixp_error1 info: 0x7e, fsmI"
        "d:1, tslot:0, thread:0, ctxid:0, blk:0, sublk:0, subErrType:2. For details, see the "
        'troubleshooting document on the Ascend official website. Search for the keyword "AI '
        'Core Error".',
        "faq.cann-docs.aicore-timeout-hardware",
    ),
    (  # ai_core_timeout_fault.md:22
        "        *** Device 4: a timeout error occurred.",
        "faq.cann-docs.aicore-timeout-hardware",
    ),
    (  # ai_core_hardware_fault.md:8
        "[ERROR] RUNTIME(377228,ascend-dmi):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [device_error_proc.cc"
        ":1164] 377265 ProcessStarsCoreErrorInfo:An error occurs on the device(chipId:2, diel"
        "d:0), the serial number is 4, the error is fftsplus aivector error, core id is 34, e"
        "rror code = 0, dump info: pc start: 0x12406ce78f54, current: 0x12406ce7C430, vec err"
        "or info: 0xef1d17c368, mte error info: 0xf3dff1cf9b, ifu error info: 0x63f70dc00e200"
        ", ccu error info : 0x6f6d518f0004d700, cube error info: 0, biu error info: 0, aic er"
        "ror mask: 0x6500020bd000288, para base: 0x1240403e5000． The extend info: errcode:(0,"
        " 0x80000000, 0) errorStr: A 2-bit ECC error occurs in the data-cache data-ram. fixp_"
        "error0 info: 0xff1cf9b, fixp_error1 info: 0xf3 fsmId:0, tslot:0, ctxid:0, blk:16, su"
        "bblk:0, subErrType:4.",
        "faq.cann-docs.aicore-dcache-2bit-ecc",
    ),
    (  # hbm_bit_ecc_fault.md:16
        "/hisi_logs/device-2/******/bbox/kbox.txt:2020[2454.830701] {6}[Hardware Error]  erro"
        "r_type: 3, multi-bit ECC",
        "faq.cann-docs.hbm-multibit-ecc",
    ),
    (  # hbm_bit_ecc_fault.md:5 (the event log's keyword)
        "event_id=0x80E01809",
        "faq.cann-docs.hbm-multibit-ecc",
    ),
    (  # icache_data_validation_fault.md:5 (the event log's keyword)
        "event_id=0x80C98000",
        "faq.cann-docs.icache-check-failed",
    ),
    (  # atomic_add_precision_overflow.md:10
        "Atomic add has a precision overflow. Check the operator precision.Note that if tasks"
        " are concurrently executed on the NPU, a false warning may be reported.",
        "faq.cann-docs.atomic-add-overflow",
    ),
    (  # single_operator_run_error.md:9
        "Failed to execute the single-operator test case. The operator logic may be incorrect.",
        "faq.cann-docs.single-op-replay-failed",
    ),
    (  # operator_io_address_abnormal.md:9
        "The input/output memory address of the operator is abnormal (or the original dumped "
        "data fails). Check the framework or application.",
        "faq.cann-docs.op-io-address-abnormal",
    ),
    (  # operator_input_args_inconsistent.md:9
        "If the arguments are inconsistent before and after operator execution, memory access"
        " may be out of bounds. You are advised to use the memory error detection model to lo"
        "cate the fault.",
        "faq.cann-docs.op-args-changed",
    ),
    (  # dvpp_version_mix_error.md:10
        "acl and himpi mode is incompatible, please check! used channel-num: 10",
        "faq.cann-docs.dvpp-v1-v2-mixed",
    ),
    (  # vdec_failed_no_dvpp_template.md:10
        "pid 0 usr chn 0 device 0 chn 0 vf_id 1 has created chn num(0) is full, max chn num = 0",
        "faq.cann-docs.vdec-template-without-dvpp",
    ),
    (  # vdec_channel_limit_reached.md:10
        "pid 0 usr chn 0 device 0 chn 0 vf_id 1 has created chn num(27) is full, max chn num = 27",
        "faq.cann-docs.vdec-channel-limit",
    ),
]


@pytest.mark.parametrize(("line", "entry"), PAGE_LINES)
def test_an_entry_finds_the_line_its_page_shows(line: str, entry: str) -> None:
    assert entry in _hits(line)


def test_every_entry_has_a_line_of_its_page_here() -> None:
    assert {entry for _, entry in PAGE_LINES} == {s.id for s in DOCS}


def test_an_entry_does_not_find_its_neighbours_lines() -> None:
    unique = PAGE_LINES[4][0]
    assert "faq.cann-docs.aicpu-broadcast-unsupported" not in _hits(unique)
    no_dvpp, limit = PAGE_LINES[-2][0], PAGE_LINES[-1][0]
    assert "faq.cann-docs.vdec-channel-limit" not in _hits(no_dvpp)
    assert "faq.cann-docs.vdec-template-without-dvpp" not in _hits(limit)
    # ai_cpu_kernel_execution_error.md:75: the device log's own timeout line is FaultDiag's
    timeout = (
        "[ERROR] CCECPU(21711,aicpu_scheduler):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [aicpusd_monitor.cpp"
        ":437][HandleTaskTimeout][tid:21724] Send timeout to tsdaemon, tsdaemon will kill "
        "aicpu-sd process, thread index[2], op name[RealDiv], serialNo=279, stream_id=7, "
        "task_id=6812, nowTick:1846897065957, startTick:1845482875742, timeOut:1400000000, "
        "tickFreq:50000000."
    )
    assert "faq.cann-docs.aicpu-op-timeout" not in _hits(timeout)
    # icache_data_validation_fault.md:11: a healthy icache check (compare_fail_num=0)
    healthy = (
        "2024-04-22-09-06-17/hisi_logs/device-2/******/log/ts.log:5177:[ERROR] TSCH(-1,null):"
        "YYYY‑MM‑DD‑HH:MM:SS.fff.uuu 35906 (dieid:0,cpuid:0) aicore.c:767 stars_print_error_pc_"
        "icache_and_hbm_info: stat for dump pc start, aiv_id=47, icache_miss_num=8161, "
        "hbm_miss_num=0, compare_num=32, compare_fail_num=0"
    )
    assert not {s.id for s in DOCS} & _hits(healthy)


@pytest.mark.parametrize(
    ("index", "layer"),
    [(0, "device_init"), (5, "operator_execution"), (6, "operator_execution"), (13, "device_init")],
)
def test_a_failing_line_its_page_shows_is_explained_as_its_entry(index: int, layer: str) -> None:
    line, entry = PAGE_LINES[index]
    top = explain_text(line + "\n")[0]
    assert (top.signature_id, top.layer) == (entry, layer)
    assert top.source == ENTRIES[entry].record.source


def test_a_moe_operator_failing_with_mte_out_of_range_is_told_as_the_network_first() -> None:
    # hicann/docs@0eadb61a993b384a333d3a93ddf2a83b6daba48f:
    # docs/zh/troubleshooting/moe_dispatch_combine_network_err.md:14,18,22,23
    log = "\n".join(
        [
            "[ERROR] RUNTIME(1254,ker_DP25_EP25):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [device_error_co"
            "re_proc.cc:353]1254 ProcessStarsCoreErrorInfo:The extend info: errcode:(0x800000"
            ", 0, 0) errorStr: The DDR address of the MTE instruction is out of range. fixp_e"
            "rror0 info: 0x700006b, fixp_error1 info: 0x96, fsmId:1, tslot:7, thread:0, ctxid"
            ":0, blk:1, sublk:0, subErrType:4.",
            "[ERROR] RUNTIME(1254,ker_DP25_EP25):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [stream.cc:1188]"
            "1254 GetError:Stream Synchronize failed, stream_id=3, retCode=0x222, [suspect re"
            "mote error].",
            "[ERROR] RUNTIME(1254,ker_DP25_EP25):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [davinci_kernel_"
            "task.cc:1471]1254 PrintErrorInfoForDavinciTask:Aicore kernel execute failed, dev"
            "ice_id=9, stream_id=1634, report_stream_id=3, task_id=804, flip_num=0, fault ker"
            "nel_name=te_moedistributecombinev2_2dec9514b32cf64e557fcc584b62d9e99571340395f19"
            "b500a6362eb101348634ff5f1847bfbf56fb634f3ea4a8c75f0fc95d46f8ac4af1a2420c2bb85b15"
            "4c9_static_bin, fault kernel info ext=te_moedistributecombinev2_2dec9514b32cf64e"
            "557fcc584b62d9e99571340395f19b500a6362eb10134863, program id=213, hash=121677882"
            "36099877968.",
            PAGE_LINES[3][0],
        ]
    )
    ranked = [(d.signature_id, d.layer) for d in explain_text(log + "\n")]
    assert ranked[0] == ("faq.cann-docs.moe-dispatch-combine-remote", "communication")
    names = [name for name, _ in ranked]
    assert names.index("faq.cann-docs.moe-dispatch-combine-remote") < names.index(
        "faq.cann-docs.aicore-mte-out-of-range"
    )


# The runtime's table of AI Core fault strings (errorStr) holds three MTE out-of-range faults:
# source: https://github.com/hicann/runtime/blob/097e88f02c8048f4721502a22d1d5487bea655b7/src/runtime/feature/src/device/v200_base/device_error_proc_c.cc
#   {MTE_GDMA_READ_OVERFLOW, "The read address of the MTE instruction is out of range."},
#   {MTE_GDMA_WRITE_OVERFLOW, "The write address of the MTE instruction is out of range."},
#   {MTE_BIU_RDWR_RESP, "The DDR address of the MTE instruction is out of range."},
MTE_OUT_OF_RANGE = [
    # source: a llama.cpp CANN backend fix report (aclnnRepeat on 910B2, CANN 8.5.0), its log line
    "EZ9999: The write address of the MTE instruction is out of range.",
    # the read fault of the runtime's table above, as the runtime prints it after errorStr
    "errorStr: The read address of the MTE instruction is out of range.",
]


@pytest.mark.parametrize("line", MTE_OUT_OF_RANGE)
def test_an_mte_read_or_write_address_out_of_range_is_the_ai_core_operator_fault(line: str) -> None:
    top = explain_text(line + "\n")[0]
    assert (top.signature_id, top.layer) == (
        "faq.cann-docs.aicore-mte-out-of-range",
        "operator_execution",
    )


def test_the_outsider_log_of_an_mte_write_out_of_range_names_the_operator_fault() -> None:
    # source: https://github.com/flashserve/flash-linear-attention-npu/issues/43 (line 4 of the
    # paste: "The write address of the MTE instruction is out of range", then its [ERROR] lines)
    from pathlib import Path

    log = (
        Path(__file__).parents[1] / "data/outsider46/logs/03-fla-npu-43-mte-write-out-of-range.log"
    )
    top = explain_text(log.read_text(encoding="utf-8"))[0]
    assert top.signature_id == "faq.cann-docs.aicore-mte-out-of-range"
