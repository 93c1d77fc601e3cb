"""Logs pasted from web pages: the characters a copy gains are read as the terminal printed
them, by every rule, with the pasted log's line numbers."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text, scan_log
from bringup.triage.pasted import BY_LEAD, PLAIN, plain

# vllm-project/vllm-ascend#8718 (the eighteenth tuning half's e03; its description, as
# recorded in the squash-merge commit de188051a2b0): copied from the page with no-break spaces.
EXPANDED = (
    "RuntimeError:\xa0The\xa0expanded\xa0size\xa0of\xa0the\xa0tensor\xa0(1024)\xa0must\xa0match"
    "\xa0the\xa0\nexisting\xa0size\xa0(32)\xa0at\xa0non-singleton\xa0dimension\xa00.\n"
    "Target\xa0sizes:\xa0[1024].\xa0Tensor\xa0sizes:\xa0[32]\n"
)

# vllm-project/vllm-ascend#7236 (the twelfth tuning half's c09): an engine core's traceback ends.
ASSERTION = (
    "(EngineCore_DP3 pid=34912)     assert RequestStatus.is_finished(req.status)\n"
    "(EngineCore_DP3 pid=34912) AssertionError\n"
)

# hiyouga/LlamaFactory#7986 (triage_heldout 35): the exception as the user typed it (a Chinese
# input method's full-width colon).
NOT_COMPILED = "AssertionError\uff1a Torch not compiled with CUDA enabled\n"

# hicann/runtime@bd471e648bd3e52ee739629c6b85d0f646691c1f:docs/zh/FAQ/
# Runtime版本与CANN版本不匹配导致的问题.md:30, the linker's `name' as a page's "smart
# quotes" (SmartyPants, WordPress) show it.
UNDEFINED = "undefined reference to \u2018aclrtGetVersion\u2019\n"

# hicann/docs@0eadb61a993b384a333d3a93ddf2a83b6daba48f:docs/zh/troubleshooting/
# ai_cpu_operator_dim_over_8_error.md (its log excerpt; the page writes the date's hyphens
# as no-break hyphens).
DIM_OVER_8 = (
    "[INFO] GE(1491846,main):YYYY\u2011MM\u2011DD\u2011HH:MM:SS.fff.uuu [error_manager.cc:411]"
    "1491965 ReportErrMessage:report error_message, error_code:EZ9999, "
    "work_stream_id:149186091965, error_mode:0.\n"
)


def test_an_exception_pasted_with_no_break_spaces_is_read_at_its_line() -> None:
    result = scan_log("(pasted from the PR)\n" + EXPANDED)
    exception = result.findings.last_exception
    assert exception is not None
    assert (exception.name, exception.line) == ("RuntimeError", 2)
    assert exception.message == "The expanded size of the tensor (1024) must match the"
    assert result.lines == 4
    (diagnosis, *_) = explain_text(EXPANDED)
    assert diagnosis.signature_id == "class.code.project-bug"
    assert diagnosis.evidence[0].text.startswith("RuntimeError: The expanded size")


def test_a_bare_exception_line_ending_in_crlf_is_read() -> None:
    result = scan_log(ASSERTION.replace("\n", "\r\n"))
    exception = result.findings.last_exception
    assert exception is not None
    assert (exception.name, exception.line, exception.text) == (
        "AssertionError",
        2,
        "(EngineCore_DP3 pid=34912) AssertionError",
    )


@pytest.mark.parametrize("invisible", ["\ufeff", "\u200b", "\u200d", "\u2060"])
def test_invisible_characters_before_an_exception_are_dropped(invisible: str) -> None:
    exception = scan_log(invisible + EXPANDED.replace("\xa0", " ")).findings.last_exception
    assert exception is not None
    assert (exception.name, exception.line) == ("RuntimeError", 1)


@pytest.mark.parametrize("space", [" ", "\u3000"])
def test_a_full_width_colon_or_ideographic_space_is_read_as_ascii(space: str) -> None:
    exception = scan_log(NOT_COMPILED.replace(" ", space, 1)).findings.last_exception
    assert exception is not None
    assert (exception.name, exception.message) == (
        "AssertionError",
        "Torch not compiled with CUDA enabled",
    )


def test_curly_quotes_around_a_name_are_the_linkers_quotes() -> None:
    (diagnosis, *_) = explain_text("step\n" + UNDEFINED)
    assert diagnosis.signature_id == "faq.runtime.undefined-acl-symbol"
    assert diagnosis.evidence[0].line == 2
    assert diagnosis.evidence[0].text == "undefined reference to 'aclrtGetVersion'"


def test_a_no_break_hyphen_is_a_hyphen_in_what_is_quoted() -> None:
    (code,) = scan_log(DIM_OVER_8).findings.codes.values()
    assert (code.value, code.line) == ("EZ9999", 1)
    assert code.text.startswith("[INFO] GE(1491846,main):YYYY-MM-DD-HH:MM:SS.fff.uuu ")


def test_the_search_finds_exactly_the_table() -> None:
    found = set()
    for point in (*range(0x80, 0xD800), *range(0xE000, 0x10000)):
        data = chr(point).encode("utf-8")
        if any(expression.fullmatch(data) for _, expression in BY_LEAD):
            found.add(data)
    assert found == set(PLAIN)


def test_a_doubled_cr_before_a_line_end_is_dropped_too() -> None:
    # The same traceback copied through an editor that adds its own CR (\r\r\n): constructed.
    result = scan_log(ASSERTION.replace("\n", "\r\r\n"))
    exception = result.findings.last_exception
    assert exception is not None
    assert (exception.line, exception.text) == (2, "(EngineCore_DP3 pid=34912) AssertionError")


def test_a_gbk_log_keeps_its_bytes() -> None:
    # GBK "里及" (C0 EF BC B0): its last three bytes are UTF-8's full-width digit zero; a GBK
    # log is not UTF-8 and is left as it is (constructed from the two characters' GBK bytes).
    gbk = "里及\n".encode("gbk")
    assert plain(gbk) == gbk
    assert plain("\uff10\n".encode()) == b"0\n"
