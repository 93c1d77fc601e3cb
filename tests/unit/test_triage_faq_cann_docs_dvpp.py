# ruff: noqa: RUF001  (the pages' log lines hold non-breaking hyphens)
"""The media-processing (DVPP) cases of CANN's troubleshooting guide as FAQ entries
(kb/data/faq/cann_docs_dvpp.toml): every entry keeps its page of hicann/docs at a commit and
finds the lines its page shows; a line two pages show for different causes is none's."""

from __future__ import annotations

import re

import pytest

from bringup.triage import explain_text
from bringup.triage.explain import scan_log
from bringup.triage.faq import FAQ_DIR, read_faq_file

DVPP = read_faq_file(FAQ_DIR / "cann_docs_dvpp.toml").signatures
PAGE = re.compile(
    r"https://github\.com/hicann/docs/blob/[0-9a-f]{40}/docs/zh/troubleshooting/\w+\.md\Z"
)


def test_every_entry_is_a_dvpp_page_of_the_guide_at_a_commit_told_in_its_layer() -> None:
    assert len(DVPP) >= 15
    for signature in DVPP:
        record = signature.record
        assert record.id.startswith("faq.cann-docs."), record.id
        assert PAGE.match(record.source), record.id
        assert record.layer == "operator_execution", record.id
        assert signature.tier == "faq", record.id


def _hits(line: str) -> set[str]:
    return set(scan_log(line + "\n").hits)


# The line each page shows (hicann/docs at the commit of the entry's source, the page's path
# under docs/zh/troubleshooting/ and the line, its indent kept) and the entry that must find it.
PAGE_LINES = [
    (  # vpc_create_channel_failed.md:8
        "device 0, chn 0 has already been created!",
        "faq.cann-docs.vpc-channel-exists",
    ),
    (  # vpc_create_channel_failed.md:14
        "dev 0 chnl 0 is busy",
        "faq.cann-docs.vpc-channel-exists",
    ),
    (  # venc_create_channel_failed.md:26
        "    [Venc]:venc_drv_check_resolution [Line]:342 max picture width (0) err! should in"
        " [128,4096]!",
        "faq.cann-docs.venc-channel-attr-invalid",
    ),
    (  # venc_create_channel_failed.md:38
        "    [Venc]:venc_create_chn [Line]:2449 device:0 chnl:0 had been created! ",
        "faq.cann-docs.venc-channel-exists",
    ),
    (  # venc_send_frame_failed.md:23
        "    [Venc]:hevc_check_pixel_format [Line]:1110 H.265 don't support format 5,should b"
        "e NV12(1) or NV21(2)",
        "faq.cann-docs.venc-frame-format",
    ),
    (  # jpegd_decode_failed.md:10
        "just support jpeg with YUV 444 422 420 400",
        "faq.cann-docs.jpegd-format-unsupported",
    ),
    (  # jpegd_decode_failed.md:11
        "do not support progressive mode",
        "faq.cann-docs.jpegd-format-unsupported",
    ),
    (  # jpegd_decode_failed.md:12
        "do not support arithmetic code, support huffman code only",
        "faq.cann-docs.jpegd-format-unsupported",
    ),
    (  # jpegd_decode_failed.md:18
        "EOI segment of the stream is invalid",
        "faq.cann-docs.jpegd-stream-incomplete",
    ),
    (  # vdec_failed_stream_size_check.md:8
        "[Vdec]:vdec_check_send_stream [Line]:6563 pid 578 usr chn 64 device 0 chn 64 stream "
        "len can't be zero!",
        "faq.cann-docs.vdec-stream-len-zero",
    ),
    (  # vdec_failed_abnormal_stream.md:12
        "    pid 0 usr chn 0 device 0 chn 0, input stream error, can't decode, report to user",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_abnormal_stream.md:18
        "    ppssps_check_tmp_id: pps is null with this pic_parameter_set_id = 1 haven't decode",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_abnormal_stream.md:24
        "    PPS or SPS of this slice not valid",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_abnormal_stream.md:36
        "    H264DEC inquire_slice_property error",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_abnormal_stream.md:42
        "    hevc_inquire_slice_property error",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_abnormal_stream.md:48
        "    ref frame(poc 15) lost",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_abnormal_stream.md:60
        "    p_temp_r_pset->num_negative_pics(66) out of range(0,15)",
        "faq.cann-docs.vdec-stream-abnormal",
    ),
    (  # vdec_failed_invalid_stream.md:10
        "    [HiDvpp][A618] [Vfmw] vdec_drv_check_video_wh [Line]:127 device 0 chn 0 type(255"
        ") pic size(32x32) is out of range[128,128]x[4096,4096].",
        "faq.cann-docs.vdec-stream-out-of-spec",
    ),
    (  # vdec_failed_invalid_stream.md:16
        "    [ERROR] DVPP:YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [VDEC][IsValidResolution:639][T56] Inva"
        "lid width or height, valid range (w:128~4096) (h:128~4096), current width = 32, heig"
        "ht = 32, realWidth = 18, realHeight = 18",
        "faq.cann-docs.vdec-stream-out-of-spec",
    ),
    (  # vdec_failed_invalid_stream.md:26
        "    [HiDvpp][A618] [Vfmw] hevc_process_sps [Line]:1462 chn 0, bit_depth_luma(9) is n"
        "ot supported, hevc only support 8 or 10 bit depth.",
        "faq.cann-docs.vdec-stream-out-of-spec",
    ),
    (  # vdec_failed_invalid_stream.md:32
        "    [ERROR] DVPP(13757,dvpp_performance):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [VDEC][ProcessS"
        "PS:9055][T26] bit_depth_luma(10) not equal 8.",
        "faq.cann-docs.vdec-stream-out-of-spec",
    ),
    (  # vdec_failed_stream_type_mismatch.md:10
        "temporal_id(-1) is not supported.",
        "faq.cann-docs.vdec-codec-type-mismatch",
    ),
    (  # vdec_failed_stream_type_mismatch.md:11
        "sps id 2 is larger than 2.",
        "faq.cann-docs.vdec-codec-type-mismatch",
    ),
    (  # vdec_unsupported_image_format.md:12
        "[ERROR] KERNEL(2234,sklogd):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [klogd.c:246][652145.056916]"
        " [HiDvpp][A618] [Vdec]:vdec_check_resize_param [Line]:6768 pid 23973 usr chn 0 devic"
        "e 0 chn 0 the out format 0 is not supported. ",
        "faq.cann-docs.vdec-output-desc-reused",
    ),
    (  # wrong_memory_api_error.md:10
        "    device 0, vpc address is illegal, please make sure it has been allocated with hi"
        "_mpi_dvpp_malloc or acldvppMalloc.",
        "faq.cann-docs.dvpp-memory-not-dvpp-malloc",
    ),
    (  # memory_alloc_wrong_size.md:10
        "    buffer size(3110400) is smaller than need buffer size(4147200) when format is 3.",
        "faq.cann-docs.dvpp-buffer-size-wrong",
    ),
    (  # memory_alloc_wrong_size.md:16
        "    device 0, vpc end address is illegal, check allocated buffer size: configured bu"
        "ffer size: 3110400, current pic: format 3 width_stride 1920 height_stride 1080.",
        "faq.cann-docs.dvpp-buffer-size-wrong",
    ),
    (  # vpc_param_validation_failed.md:10
        "    resize width (224) is greater than output width (120)",
        "faq.cann-docs.vpc-param-out-of-range",
    ),
    (  # vpc_param_validation_failed.md:22
        "    crop width 120 cannot be greater than input width 100",
        "faq.cann-docs.vpc-param-out-of-range",
    ),
    (  # vpc_param_validation_failed.md:28
        "    resize interpolation [8] is not supported",
        "faq.cann-docs.vpc-param-out-of-range",
    ),
    (  # vpc_param_validation_failed.md:34
        "    flip mode[5] not supported, support mode [0, 1, 2]",
        "faq.cann-docs.vpc-param-out-of-range",
    ),
    (  # vpc_param_validation_failed.md:52
        "    on device 0, num 0 input addr (start 0x100020003000 end 0x100020004000) is illegal",
        "faq.cann-docs.vpc-param-out-of-range",
    ),
    (  # vpc_param_validation_failed.md:64
        "    crop width[300] or height[300] is greater than input width[224] or height[224]",
        "faq.cann-docs.vpc-param-out-of-range",
    ),
    (  # vpc_call_failed.md:10
        "RoiNum(0), inputArea rightOffset is 1918, it should be odd!",
        "faq.cann-docs.vpc-v1-constraint",
    ),
    (  # vpc_call_failed.md:16
        "Output bufferSize(65536) should not be smaller than widthStride(256) * heightStride("
        "256) * 3 / 2 = 98304",
        "faq.cann-docs.vpc-v1-constraint",
    ),
    (  # vpc_call_failed.md:22
        "Input widthStride(300) is not right, it should be 16 aligned!",
        "faq.cann-docs.vpc-v1-constraint",
    ),
    (  # vpc_call_failed.md:32
        "bareDataAddr(0xaaaadeccdcd0), bareDataBufferSize(3133440) should be allocated by acl"
        "dvppMalloc!",
        "faq.cann-docs.vpc-v1-constraint",
    ),
    (  # vpc_call_failed.md:44
        "RoiNum(0): inputConfigure cropArea, leftOffset(26) should be smaller than rightOffse"
        "t(25)!",
        "faq.cann-docs.vpc-v1-constraint",
    ),
    (  # vpc_call_failed.md:78
        "RoiNum(0): scale must be in [1/32, 16], cropWidth(1920), pasteWidth(10)!",
        "faq.cann-docs.vpc-v1-constraint",
    ),
    (  # vpc_get_result_failed.md:8
        "this channel doesn't have taskID 8845!, Channel id 0",
        "faq.cann-docs.vpc-task-id-invalid",
    ),
    (  # dvpp_driver_engine_error_code.md:15
        "[ERROR] KERNEL(1200,sk1ogd):YYYY‑MM‑DD‑HH:MM:SS.fff.uuu [8078.067693] [dvpp] [dvpp_i"
        "octl_vpc 845] call proc failed:-512, engine_id:1",
        "faq.cann-docs.dvpp-engine-interrupted",
    ),
]


@pytest.mark.parametrize(("line", "entry"), PAGE_LINES)
def test_an_entry_finds_the_line_its_page_shows_and_no_other_entry_does(
    line: str, entry: str
) -> None:
    assert _hits(line) == {entry}


def test_every_entry_has_a_line_of_its_page_here() -> None:
    assert {entry for _, entry in PAGE_LINES} == {s.id for s in DVPP}


def test_a_line_two_pages_show_for_different_causes_is_no_entrys() -> None:
    shared = [
        # vdec_failed_stream_type_mismatch.md:12 (also vdec_failed_non_annex_b.md:10)
        "pid 2487 usr chn 4 device 0 video format unsupport at event chn 4",
        # wrong_memory_api_error.md:16 (also memory_alloc_wrong_size.md:22)
        "    dvpp_check_mem_usable [Line]:85 mem:0x****f000****4020 is not usable, please check:1."
        " mem not allocated or has been freed;2. make sure mem actual size should be:8017920",
    ]
    for line in shared:
        assert not {s.id for s in DVPP} & _hits(line)


def test_a_failing_line_its_page_shows_is_explained_as_its_entry() -> None:
    line, entry = PAGE_LINES[-1]
    top = explain_text(line + "\n")[0]
    assert (top.signature_id, top.layer, top.kind) == (entry, "operator_execution", "environment")
