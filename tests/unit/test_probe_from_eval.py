"""The scorer of ``bench/probe_from_eval.py``: its corpus format, its mapping from snapshot facts
to subjects, and its score on the development corpus (tests/data/reports_dev)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from bringup.backends.ascend import keys as ascend_keys
from bringup.model import Fact, Snapshot, Source

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

ROOT = Path(__file__).parent.parent.parent
DEV = ROOT / "tests" / "data" / "reports_dev"


def test_dev_corpus_is_well_formed() -> None:
    cases = tomllib.loads((DEV / "cases.toml").read_text(encoding="utf-8"))["case"]
    assert len({c["source"] for c in cases}) == len(cases)
    for case in cases:
        assert (DEV / case["file"]).is_file()
        assert case["source"].startswith("https://github.com/")
        assert case["expected"]


def test_dev_corpus_score(scorer: ModuleType) -> None:
    result = scorer.evaluate(DEV)
    assert result["rejected"] == []
    assert result["share"] >= 0.95, result["misses"]


@pytest.mark.parametrize(
    ("subject", "expected", "found", "hit"),
    [
        ("torch", "2.7.1", "2.7.1+cu126", True),
        ("torch", "2.7.1", "2.7.10", False),
        ("torch_npu", "2.8.0.post2", "2.8.0post2", True),
        ("kernel", "5.15.0", "5.15.0-105-generic", True),
        ("cuda", "12.1", "12.1.66", True),
        ("cann", "8.0.RC2", "8.0.rc2", True),
        ("gpu", "A100", "NVIDIA A100-SXM4-80GB", True),
        ("chip", "Ascend910B3", "910B3", True),
        ("os", "euleros", "hce", True),
        ("os", "ubuntu", "kylin", False),
        ("npu_count", "8", "8", True),
    ],
)
def test_matching(scorer: ModuleType, subject: str, expected: str, found: str, hit: bool) -> None:
    assert scorer.matches(subject, expected, found) is hit


def test_subjects_map_to_snapshot_facts(scorer: ModuleType) -> None:
    source = Source(kind="report", ref="r", line=1)
    snapshot = Snapshot(
        taken_at="t",
        origin="report",
        facts=(
            Fact(key=ascend_keys.ASCEND_CANN_ACTIVE, value="8.0.RC2", source=source),
            Fact(key="python.package.torch-npu", value="2.1.0.post6", source=source),
            Fact(key=ascend_keys.ASCEND_CHIP, value="910B", source=source),
        ),
    )
    assert scorer.found_values("cann", snapshot) == ["8.0.RC2"]
    assert scorer.found_values("torch_npu", snapshot) == ["2.1.0.post6"]
    assert scorer.found_values("chip", snapshot) == ["910B"]
    assert scorer.fact_kind("torch_npu") == "package"
