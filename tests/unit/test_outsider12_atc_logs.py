"""ATC (CANN's model converter) logs of outsider12 #1 and #12.

photo_translator_atc_log.txt keeps lines 257, 2675, 4467, 4496 and 4555-4559 of the 4,577-line
``atc`` log 1171800323/photo-translator-ascend@ee32d8bb8c2cb8cbbb84c6a46e6458a004c1af60:log.txt:
a [WARNING] dlopen of the empty custom-operator directory (257), a [WARNING] of the driver's
libascend_hal.so (2675), the graph engine's [ERROR] lines and ATC's E10040 (the repo's own fix,
atc_fixed.sh, drops --dynamic_image_size). The E19010 line is from
https://github.com/yinghuo302/ascend-llm/issues/7.
"""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text
from bringup.triage.explain import builtin_matcher, scan_log
from bringup.triage.ranking import rank

ATC_LOG = Path(__file__).parent.parent / "data" / "outsider12" / "photo_translator_atc_log.txt"
CONVERTER = "class.build.model-converter-rejects-model"


def test_a_warning_of_a_long_line_ranks_below_the_converters_error() -> None:
    """The dlopen warning's match lies past the first 400 bytes of its line, so its quote
    starts inside the line and leaves the [WARNING] level out: the level is read at the
    line's start."""
    diagnoses = explain_text(ATC_LOG.read_text(encoding="utf-8"))
    ids = [d.signature_id for d in diagnoses]
    assert ids[0] == CONVERTER
    assert diagnoses[0].evidence[0].text.startswith("E10040: ")
    assert ids.index("ascend.install.cann-lib-missing") > 0
    assert all(d.confidence != "high" or d.score < 0 for d in diagnoses[1:])


def test_the_converters_class_is_read_after_a_code_in_an_earlier_block() -> None:
    """A code found in an earlier block (the missing liboptiling.so of line 1) ends the reading
    of the plain line rules, not of the class rules: the real log has 4,300 lines between."""
    matcher = builtin_matcher()
    result = scan_log(ATC_LOG.read_bytes(), matcher=matcher, block_bytes=1024)
    assert CONVERTER in result.findings.lines
    assert result.findings.lines[CONVERTER].text.startswith("E10040: ")
    assert rank(result, matcher.catalogue)[0].signature_id == CONVERTER


def test_a_warning_that_outranks_nothing_found_still_ranks_below() -> None:
    """ascend.install.cann-lib-missing outranks two signatures; neither is in this log, so its
    warning line leads to no error here."""
    text = ATC_LOG.read_text(encoding="utf-8")
    first = explain_text(text)[0]
    assert first.signature_id != "ascend.install.cann-lib-missing"


def test_the_warning_alone_is_still_the_answer() -> None:
    warning = ATC_LOG.read_text(encoding="utf-8").splitlines()[0]
    assert explain_text(warning + "\n")[0].signature_id == "ascend.install.cann-lib-missing"


E19010 = (
    "E19010:No parser is registered for op [/model/layers.0/self_attn/q_proj/MatMulInteger,"
    "optype [ai.onnx::13::MatMulInteger1]].\n"
)


def test_no_parser_registered_for_op_in_lower_case_is_the_converters_refusal() -> None:
    (first, *_rest) = explain_text(E19010)
    assert first.signature_id == CONVERTER
    assert first.layer == "build"
