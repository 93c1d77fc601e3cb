"""The error-code catalogues and FaultDiag's fault knowledge: each loads, every entry has a
public source, and a bad file is rejected."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.triage import explain_text
from bringup.triage.catalogues import Catalogue, builtin_catalogues, read_catalogue
from bringup.triage.explain import scan_log
from bringup.triage.fallback import diagnose
from bringup.triage.faultdiag import faultdiag_signatures, read_faults
from bringup.triage.signatures import SignatureError
from triage_inputs import write


def _catalogue(name: str) -> Catalogue:
    return next(c for c in builtin_catalogues() if c.info.name == name)


def _every_entry_has_a_public_source(catalogue: Catalogue) -> None:
    assert catalogue.info.source.startswith("https://")
    assert catalogue.info.licence
    for code in catalogue.by_key.values():
        assert (code.source or catalogue.info.source).startswith("https://")
    for family in catalogue.families:
        assert (family.source or catalogue.info.source).startswith("https://")


def test_acl_catalogue_has_torch_npus_161_codes_by_family() -> None:
    acl = _catalogue("acl")
    _every_entry_has_a_public_source(acl)
    codes = {key for group, key in acl.by_key if group == "code"}
    assert len(codes) == 161 + 46
    # The newer codes torch_npu's table lacks, from the runtime's own aclError reference.
    reference = "hicann/runtime/blob/681ef7610df13c8128982901142a2c869ddbb53e/docs/zh/api_ref/"
    newer = {
        k for (g, k), code in acl.by_key.items() if g == "code" and reference in (code.source or "")
    }
    assert len(newer) == 46
    uce = acl.lookup("code", "507053")
    assert uce is not None
    assert (uce.exact, uce.layer, uce.kind) == (True, "device_init", "hardware")
    assert uce.meaning_zh.startswith("出现内存UCE")
    assert {code[0] for code in codes} == {"1", "2", "3", "5"}
    aicpu = acl.lookup("code", "507018")
    assert aicpu is not None
    assert aicpu.exact
    assert aicpu.meaning == "The aicpu execution is abnormal."
    assert acl.lookup("code", "207018").layer == "memory"  # type: ignore[union-attr]
    assert acl.lookup("code", "148049").layer == "install"  # type: ignore[union-attr]
    unknown = acl.lookup("code", "507999")
    assert unknown is not None
    assert not unknown.exact
    assert unknown.meaning.startswith("Internal error")


def test_cann_catalogue_reads_the_module_from_the_code() -> None:
    cann = _catalogue("cann")
    _every_entry_has_a_public_source(cann)
    hccl = cann.lookup("code", "EI0099")  # in no registry: its module's family
    assert hccl is not None
    assert hccl.layer == "communication"
    assert not hccl.exact
    # A code of CANN's own registry (hicann/runtime error_code.json): its title, message and
    # solution; its layer its module's (HCCL), placed by the words around it.
    registered = cann.lookup("code", "EI0007")
    assert registered is not None
    assert (registered.exact, registered.placed, registered.layer) == (True, True, "communication")
    assert registered.meaning.startswith("Resource Error: Failed to allocate resource")
    known = cann.lookup("code", "EI0002")
    assert known is not None
    assert known.exact
    assert "Notify" in known.meaning
    dist = cann.lookup("code", "ERR02200")
    assert dist is not None
    assert dist.exact
    assert dist.wrapper
    assert dist.meaning == "torch_npu DIST: call hccl api failed."
    memory = cann.lookup("code", "ERR00006")
    assert memory is not None
    assert memory.layer == "memory"
    assert not memory.wrapper
    other = cann.lookup("code", "EK1234")
    assert other is not None
    assert other.meaning.startswith("A CANN module's error")


def test_hccl_catalogue_names_every_hccl_result() -> None:
    hccl = _catalogue("hccl")
    _every_entry_has_a_public_source(hccl)
    names = {key for group, key in hccl.by_key if group == "name"}
    assert len(names) == 24
    timeout = hccl.lookup("name", "HCCL_E_TIMEOUT")
    assert timeout is not None
    assert timeout.key == "9"
    assert timeout.layer == "communication"
    assert hccl.lookup("code", "24").layer == "memory"  # type: ignore[union-attr]


def test_cuda_catalogue_finds_codes_by_name_and_by_message() -> None:
    cuda = _catalogue("cuda")
    _every_entry_has_a_public_source(cuda)
    by_name = cuda.lookup("name", "cudaErrorInsufficientDriver")
    assert by_name is not None
    assert by_name.key == "35"
    assert by_name.layer == "device_init"
    # torch appends advice after cudaGetErrorString's text
    oom = cuda.lookup("message", "out of memory. Tried to allocate 2.00 GiB")
    assert oom is not None
    assert oom.layer == "memory"
    assert oom.key == "2"
    driver = cuda.lookup("name", "CUDA_ERROR_NO_BINARY_FOR_GPU")
    assert driver is not None
    assert driver.layer == "install"
    unknown = cuda.lookup("message", "a message no release printed")
    assert unknown is not None
    assert not unknown.exact


def test_nccl_catalogue_names_every_result_and_reads_warn_lines() -> None:
    nccl = _catalogue("nccl")
    _every_entry_has_a_public_source(nccl)
    names = {key for group, key in nccl.by_key if group == "name"}
    assert "ncclSystemError" in names
    assert "ncclRemoteError" in names
    assert nccl.lookup("message", "unhandled system error").key == "2"  # type: ignore[union-attr]
    warn = nccl.lookup("warn", "NET/Socket : connect to 10.0.0.2<43210> failed")
    assert warn is not None
    assert warn.layer == "communication"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        # https://github.com/NVIDIA/nccl-tests/issues/5: nccl-tests' NCCLCHECK, file:line 'text'.
        ("NCCL failure all_reduce.cu:95 'unhandled cuda error'", "1"),
        # https://github.com/NVIDIA/nccl-tests/issues/219: the same with its "Test" prefix.
        (
            "fengyun: Test NCCL failure common.cu:959 'internal error - please report this issue "
            "to the NCCL developers / '",
            "3",
        ),
        # https://github.com/horovod/horovod/issues/108: the result after the call's name.
        (
            "UnknownError (see above for traceback): ncclCommInitRank failed: unhandled cuda error",
            "1",
        ),
    ],
)
def test_nccl_result_text_is_read_after_a_file_line_or_a_call(line: str, code: str) -> None:
    assert "code.nccl." + code in {found for found, _ in _codes_found(line + "\n")}


@pytest.mark.parametrize(
    "line",
    [
        # https://github.com/NVIDIA/nccl-tests/issues/5: nccl-tests built with NCCL 1.0.
        "NCCL failure all_reduce.cu:95 'unhandled cuda error'",
        # https://github.com/horovod/horovod/issues/108: libnccl2 +cuda9.0 on CUDA 8.
        "UnknownError (see above for traceback): ncclCommInitRank failed: unhandled cuda error",
    ],
)
def test_a_cuda_call_failing_inside_nccl_with_no_cuda_error_is_install(line: str) -> None:
    """The NCCL library is of another CUDA release or older than the GPU: installed wrong."""
    top = explain_text(line + "\n")[0]
    assert (top.signature_id, top.layer) == ("code.nccl.1", "install")


FIXTURE_LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


def _codes_found(log: str) -> set[tuple[str, str]]:
    """(diagnosis id, code) of what the fallback reads from ``log``'s codes alone."""
    return {
        (d.signature_id, d.captures.get("code", ""))
        for d in diagnose(scan_log(log).findings)
        if d.signature_id.startswith("code.")
    }


def test_dcgm_catalogue_has_every_failure_reason_with_its_next_step() -> None:
    dcgm = _catalogue("dcgm")
    _every_entry_has_a_public_source(dcgm)
    names = {key for group, key in dcgm.by_key if group == "name"}
    assert len(names) == 132  # DCGM_FR_UNKNOWN (1) .. DCGM_FR_UNCORRECTABLE_ROW_REMAP_LIMIT (132)
    assert not any(name.startswith("DCGM_FR_EC_") for name in names)
    dbe = dcgm.lookup("name", "DCGM_FR_VOLATILE_DBE_DETECTED")
    assert dbe is not None
    assert (dbe.key, dbe.layer) == ("4", "memory")
    assert dbe.action == "Drain the GPU and reset it or reboot the node."
    nvlink = dcgm.lookup("name", "DCGM_FR_NVLINK_DOWN")
    assert nvlink is not None
    assert nvlink.layer == "communication"
    newer = dcgm.lookup("name", "DCGM_FR_SOMETHING_NEWER")
    assert newer is not None
    assert not newer.exact


def test_dcmi_catalogue_keeps_the_documents_chinese_and_finds_npu_smis_codes() -> None:
    dcmi = _catalogue("dcmi")
    _every_entry_has_a_public_source(dcmi)
    codes = {key for group, key in dcmi.by_key if group == "code"}
    assert len(codes) == 19
    assert all(code.startswith("-8") for code in codes)
    occupied = dcmi.lookup("code", "-8020")
    assert occupied is not None
    assert occupied.meaning_zh == "设备资源被占用。"
    assert "other container" in occupied.action
    assert all(code.meaning_zh and code.action_zh for code in dcmi.by_key.values())
    # Real npu-smi lines from the sample logs (each file cites its thread).
    init = FIXTURE_LOGS / "ascend.runtime.dcmi-init-failed" / "hami-ascend-device-plugin-66.log"
    used = FIXTURE_LOGS / "ascend.runtime.dcmi-device-used" / "cann-container-image-46.log"
    assert ("code.dcmi.8005", "-8005") in _codes_found(init.read_text(encoding="utf-8"))
    assert ("code.dcmi.8020", "-8020") in _codes_found(used.read_text(encoding="utf-8"))


def test_aclnn_statuses_are_read_apart_from_acl_codes_of_the_same_digits() -> None:
    aclnn = _catalogue("aclnn")
    _every_entry_has_a_public_source(aclnn)
    kernel = aclnn.lookup("code", "561003")
    assert kernel is not None
    assert (kernel.layer, kernel.exact) == ("install", True)
    assert kernel.meaning_zh.startswith("内部异常")
    assert not aclnn.lookup("code", "561999").exact  # type: ignore[union-attr]
    # https://github.com/flashserve/flash-linear-attention-npu/issues/333: an aclnn status.
    log = "RuntimeError: aclnnCausalConv1dGetWorkspaceSize failed with aclnnStatus=561002."
    assert _codes_found(log) == {("code.aclnn.561002", "561002")}


# The words that hold a numeric code are one class for every catalogue (catalogues.HELD); the
# digits say whose code it is. torch_npu's kernel launch prints the aclnn status after errno:
# https://github.com/vllm-project/vllm-ascend/issues/8679 (outsider O14 D9) and
# https://github.com/vllm-project/vllm-ascend/issues/5493 (its master node's log).
@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("        launch failed for ZerosLike, errno:361001.", ("code.aclnn.361001", "361001")),
        ("        launch failed for Slice, errno:361001.", ("code.aclnn.361001", "361001")),
        # the same words keep ACL's range ACL's: hicann/pypto@883e7dfb
        # docs/zh/tutorials/appendix/faq/device-id-not-set.md (acl.toml's finder)
        ("aclmdlRICaptureGetInfo failed, return[100000]", ("code.acl.100000", "100000")),
    ],
)
def test_a_code_is_read_in_every_spelling_by_its_range(line: str, found: tuple[str, str]) -> None:
    assert _codes_found(line) == {found}


# The transfer engine's statuses, each in a form it prints: tests/data/triage_tenth/
# b03-mooncake-adxl-503900-segment-size.log:1, tests/data/triage_fourteenth/
# b05-hixl-connect-roce-hccs-mismatch.log:2 (from hicann/cann-learning-hub at
# a3989658fa1dce436d4ab402042e0682a2e9bdc7), tests/data/triage_seventh/
# 13-vllm-ascend-mooncake-connect-103900.log:1.
@pytest.mark.parametrize(
    ("line", "code"),
    [
        (
            "E0804 01:27:56.831786 150938 transfer_executor_base.cpp:263] Failed to connect to "
            "target: 10.196.186.72:20064, status: 503900, errmsg: E19999: Inner Error!",
            "503900",
        ),
        ("[CLIENT ERROR] Connect failed, ret = 103901, err_msg: E19999: Inner Error!", "103901"),
        (
            "E20260106 06:43:02.966156  5793 ascend_direct_transport.cpp:820] Failed to connect "
            "to target: 172.17.0.16:25482, status: 103900",
            "103900",
        ),
    ],
)
def test_transfer_engine_statuses_are_its_own_not_acl_codes(line: str, code: str) -> None:
    adxl = _catalogue("adxl")
    _every_entry_has_a_public_source(adxl)
    assert ("code.adxl." + code, code) in _codes_found(line)
    told = [
        (d.signature_id, d.layer) for d in explain_text(line) if d.signature_id.startswith("code.")
    ]
    # FAILED (503900) says only that the engine failed inside: it is placed and ranked as a
    # family's code, below the catch-all its line's E19999 also matches.
    assert told == ([] if code == "503900" else [("code.adxl." + code, "communication")])


def test_a_catalogue_without_a_public_source_is_rejected(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "x.toml",
        '[catalogue]\nname = "x"\ntitle = "X"\nsource = "internal wiki"\nlicence = "?"\n',
    )
    with pytest.raises(SignatureError, match="public"):
        read_catalogue(path)


def test_a_finder_must_capture_one_lookup_group(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "x.toml",
        '[catalogue]\nname = "x"\ntitle = "X"\nsource = "https://example.org"\nlicence = "MIT"\n'
        "[[finder]]\npattern = '''error (?P<value>[0-9]+)'''\n",
    )
    with pytest.raises(SignatureError, match="exactly one"):
        read_catalogue(path)


def test_faultdiag_knowledge_keeps_both_languages_and_its_source() -> None:
    catalogue, faults = read_faults()
    assert catalogue.source.startswith("https://github.com/Ascend/mind-cluster/")
    assert "Apache-2.0" in catalogue.licence
    assert len(faults) >= 400
    for fault in faults:
        assert fault.cause_en
        assert fault.cause_zh
        assert fault.suggestion_en
        assert fault.suggestion_zh
    by_id = {fault.id: fault for fault in faults}
    hccl = by_id["AISW_CANN_HCCL_001"]
    assert hccl.layer == "communication"
    assert "HCCL_IF_IP" in hccl.cause_en
    assert "HCCL_IF_IP" in hccl.cause_zh


def test_every_faultdiag_pattern_is_valid_re2() -> None:
    from bringup.triage.signatures import pattern_problem

    problems = [
        (s.id, p, pattern_problem(p))
        for s in faultdiag_signatures()
        for p in s.record.patterns
        if pattern_problem(p)
    ]
    assert problems == []


def test_faultdiag_keywords_match_in_order_on_one_line() -> None:
    import re2

    from bringup.triage.signatures import engine_options

    signature = next(s for s in faultdiag_signatures() if s.id == "faultdiag.aisw_pytorch_model_03")
    (pattern,) = signature.record.patterns
    regex = re2.compile(pattern.encode(), engine_options())
    assert regex.search(b"  File x, in load\nFileNotFoundError: No such file or directory") is None
    assert regex.search(b"error in load: [Errno 2] No such file or directory: 'a.pt'")
    assert regex.search(b"No such file or directory in load") is None
    assert signature.tier == "knowledge"


def _fault_matches(fault: str, text: bytes) -> bool:
    import re2

    from bringup.triage.signatures import engine_options

    signature = next(s for s in faultdiag_signatures() if s.id == fault)
    return any(
        re2.compile(p.encode(), engine_options()).search(text) for p in signature.record.patterns
    )


# The SDMA copy error of CANN's troubleshooting page (its plog example, hicann/docs@
# 0eadb61a993b384a333d3a93ddf2a83b6daba48f:docs/zh/troubleshooting/operator_d2d_copy_error.md)
# reports cqeStatus=0x150000: FaultDiag's Runtime_040 ("cqeStatus=0x1") was chosen for it.
SDMA_ERROR = (
    "[ERROR] RUNTIME(33549,python3):YYYY\u2011MM\u2011DD\u2011HH:MM:SS.fff.uuu "
    "[device_error_proc.cc:1226]122568 "
    "ProcessStarsSdmaErrorInfo:[FINAL][FINAL]The error from device(chipId:7, dieId:0), serial "
    "number is 1. there is a fftsplus sdma error, sdma channel is 6, sdmaState=0x6, "
    "sdmaTslotid=0x5, sdmaCxtid=0x1, sdmaThreadid=0x0, irqStatus=0x420000, cqeStatus=0x150000."
)


def test_a_number_ending_a_faultdiag_keyword_is_read_whole() -> None:
    assert not _fault_matches("faultdiag.aisw_cann_runtime_040", SDMA_ERROR.encode())
    assert "aisw_cann_runtime_040" not in " ".join(d.signature_id for d in explain_text(SDMA_ERROR))
    # FaultDiag's own keywords (Ascend/mind-cluster@22bb3d987bc0208c3eb7395e222b661276133c58:
    # component/ascend-faultdiag/src/ascend_fd/configuration/kg-config.json): Runtime_049's
    # status 10 (0xA) is not Runtime_040's 1, which still matches before a comma or a line end
    status_10 = b"ProcessSdmaErrorInfo: the value of CQE status is 10"
    assert _fault_matches("faultdiag.aisw_cann_runtime_049", status_10)
    assert not _fault_matches("faultdiag.aisw_cann_runtime_040", status_10)
    for whole in (
        b"ProcessStarsSdmaErrorInfo cqeStatus=0x1, x",
        b"ProcessSdmaErrorInfo the value of CQE status is 1\nx",
    ):
        assert _fault_matches("faultdiag.aisw_cann_runtime_040", whole)


def test_numbers_inside_a_faultdiag_keyword_group_are_read_whole() -> None:
    """A number at a keyword's start, or one ending a keyword that another follows, is read
    whole too (FaultDiag's own keywords: msrun_23 ends with MindSpore's device numbers)."""
    fault = "faultdiag.aisw_mindspore_msrun_23"
    said = "devNum must be divisible by 8 or equal to 1, 2 or 4"
    assert _fault_matches(fault, said.encode())
    for number, longer in (("8", "80"), ("1,", "12,"), (" 2", " 32"), ("4", "48")):
        assert not _fault_matches(fault, said.replace(number, longer).encode()), longer


# The runtime's reason for the code a call returned, with no number: tests/data/triage_eighth/
# b02-mooncake-ascend-acl-context-thread.log:2, tests/data/triage_sixth/
# 01-vllm-ascend-ray-multinode-set-device-107001.log:3,
# 52-triton-layernorm-coredim-exceeds-uint16.log:8 and 25-opencv-cannops-310b-memcpy2d.log:9.
@pytest.mark.parametrize(
    ("line", "told"),
    [
        (
            "rtGetDevMsg execution failed, the context is a null pointer",
            ("ascend.runtime.context-empty", "device_init"),
        ),
        (
            "(RayWorkerWrapper pid=118835) ERROR 02-26 09:45:37 worker_base.py:572]         "
            "rtSetDevice execute failed, reason=[device id error][FUNC:FuncErrorReason]"
            "[FILE:error_message_manage.cc][LINE:53]",
            ("ascend.runtime.invalid-device", "device_init"),
        ),
        (
            "        The argument is invalid.Reason: rtKernelLaunch execute failed, "
            "reason=[invalid value]",
            ("code.rtreason.107000", "operator_execution"),
        ),
    ],
)
def test_the_runtimes_reason_is_read_as_the_acl_code_it_stands_for(
    line: str, told: tuple[str, str]
) -> None:
    _every_entry_has_a_public_source(_catalogue("rtreason"))
    first = explain_text(line)[0]
    assert (first.signature_id, first.layer) == told


def test_a_reason_whose_code_only_says_read_the_log_is_left_to_the_words() -> None:
    """207000's action is to rectify the fault from the ascend log: its reason is no finding."""
    line = (
        ">         rtMemcpy2d execute failed, reason=[driver error:feature not support]"
        "[FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:50] "
    )
    assert _catalogue("rtreason").lookup("message", "driver error:feature not support") is None
    assert not [d for d in explain_text(line) if d.signature_id.startswith("code.")]
