"""Outsider 23 D11 (tests/data/outsider42/REPORT.md): an Ascend operator's log, one operator call:
the first failed check is the cause, the codes its callers log after it for the same operator are
its consequences, and the rule the line states is kept in the diagnosis. The logs are outsider
23's, each cited in tests/data/outsider42/logs/README.md."""

from __future__ import annotations

from pathlib import Path

from bringup.model.diagnosis import Diagnosis, Evidence
from bringup.triage import explain_text
from bringup.triage.constraints import clause
from bringup.triage.sameoperator import consequences_left_out

LOGS = Path(__file__).parents[1] / "data" / "outsider42" / "logs"


def test_the_consequence_codes_of_one_aclnn_call_are_left_out() -> None:
    # PaddlePaddle/Paddle#70866: 161002 on aclnnMatmul_1's dtype check, then 561000 twice and
    # 561102 for the same OpName:[aclnnMatmul_1]
    found = explain_text((LOGS / "L1-paddle-70866-310-matmul-fp32.log").read_bytes())
    assert [d.signature_id for d in found] == ["class.operator.npu-kernel-refuses-inputs"]
    assert (
        'The log states the rule (line 2): "Self dtype DT_FLOAT or mat2 dtype DT_FLOAT not'
        ' support under keep type mode."'
    ) in found[0].cause


def test_a_graph_operator_refused_at_its_static_shape_check_is_the_class() -> None:
    # PaddlePaddle/PaddleCustomDevice#690: it was the generic "CANN ... reported an error"
    found = explain_text((LOGS / "L2-paddlecustomdevice-690-conv-groups.log").read_bytes())
    assert found[0].signature_id == "class.operator.npu-kernel-refuses-inputs"
    assert "[fmap's channel must be a multiple of groups]" in found[0].cause


def _code(line: int, text: str, sid: str = "code.aclnn.561000") -> Diagnosis:
    return Diagnosis(
        signature_id=sid, title="t", layer="operator_execution", kind="code", cause="c",
        fix="f", source="s", evidence=(Evidence(line=line, text=text),), matches=1, score=1.0,
    )  # fmt: skip


def test_another_operator_or_an_earlier_line_is_kept() -> None:
    # the lines of Paddle#70866 (L1: 2 and 4), the operator renamed for the second case
    first = _code(2, "errno[161002] OpName:[aclnnMatmul_1] Self dtype DT_FLOAT", "class.x")
    later = _code(4, "errno[561000] OpName:[aclnnMatmul_1] check CheckDtypeValid(...) failed.")
    other = _code(4, "errno[561000] OpName:[aclnnAdd_2] check CheckDtypeValid(...) failed.")
    assert consequences_left_out([first, later]) == [first]
    assert consequences_left_out([first, other]) == [first, other]
    # a code printed before the line ranked above it is no consequence of it
    assert consequences_left_out([later, _code(2, first.evidence[0].text)]) == [
        later,
        _code(2, first.evidence[0].text),
    ]


def test_a_line_without_a_rule_adds_nothing() -> None:
    # Paddle#70866 line 5: a caller's report, no constraint in it
    assert clause("errno[561000] OpName:[aclnnMatmul_1] check ret == ACLNN_SUCCESS failed.") == ""
