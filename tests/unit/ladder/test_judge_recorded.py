"""The Ascend and CUDA rungs' judging on recorded evidence (tests/fixtures/ladder/*.json):
healthy runs and each failure class (no device, driver/runtime mismatch, numerics off,
HCCL/NCCL failure, timeout, out of memory), with real error text from the public report
named in each file's ``source``; a failure's text goes through explain's engine, whose top
diagnosis is pinned (a list where the engine may rank a wrapper code and the cause it wraps
either way: torch_npu's ERR00100 around an ACL error code)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.kb import load_knowledge_base
from bringup.ladder.evidence import read_evidence
from bringup.ladder.judge import judge
from bringup.ladder.model import Judgement, Peaks, Rung
from bringup.ladder.peaks import peaks_from
from bringup.ladder.run import backend_rungs, diagnose
from bringup.process import Completed

FIXTURES = Path(__file__).parents[2] / "fixtures"
CASES = sorted((FIXTURES / "ladder").glob("*.json"))


@pytest.fixture(scope="module")
def peaks() -> Peaks:
    return peaks_from(load_knowledge_base(env={}, use_cache=False))


def rung_of(case: dict[str, Any], backend: str) -> Rung:
    return next(r for r in backend_rungs(backend) if r.id == case["rung"])


def judged(case: dict[str, Any], peaks: Peaks) -> tuple[Judgement, str]:
    """The judgement of a recorded case and the text handed to triage."""
    if "completed" in case:
        recorded = case["completed"]
        done = Completed(
            argv=("python", "-I", "torch_rungs.py"),
            timed_out=recorded["timed_out"],
            duration_s=recorded["duration_s"],
            stderr=recorded["stderr"],
        )
        found = read_evidence(done)
        assert isinstance(found, Judgement)
        return found, recorded["stderr"]
    rung = rung_of(case, _backend(case))
    evidence = case["evidence"]
    if "driver_stdout_file" in case:
        evidence["driver"]["stdout"] = (FIXTURES / case["driver_stdout_file"]).read_text()
    verdict = judge(rung, evidence, peaks)
    return verdict, f"{verdict.error_text}\n{case.get('stderr', '')}"


def _backend(case: dict[str, Any]) -> str:
    """The backend whose rungs printed the evidence, by its device type."""
    return {"cuda": "cuda", "npu": "ascend", "cpu": "cpu"}[case["evidence"]["device"]]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_recorded_evidence_is_judged_as_expected(path: Path, peaks: Peaks) -> None:
    case = json.loads(path.read_text())
    expect = case["expect"]
    verdict, text = judged(case, peaks)
    assert verdict.verdict == expect["verdict"], verdict
    assert verdict.phase == expect["phase"], verdict
    assert expect["reason"] in verdict.reason, verdict.reason
    for note in expect.get("notes", ()):
        assert note in verdict.notes
    for name, value in expect.get("measures", {}).items():
        assert verdict.measures[name] == pytest.approx(value), name
    if "diagnosis" in expect:
        found = diagnose(text, rung_of(case, _backend(case)).layer if "evidence" in case else None)
        assert found is not None, f"explain found nothing in {text!r}"
        wanted = expect["diagnosis"]
        allowed = wanted if isinstance(wanted, list) else [wanted]
        assert found.signature_id in allowed, found.signature_id


def test_every_case_cites_where_its_text_comes_from() -> None:
    for path in CASES:
        case = json.loads(path.read_text())
        assert case["source"].strip(), path.name
