"""bench/triage_rule_audit.py counts the tuning half only: a held-out case is never read."""

from __future__ import annotations

import shutil
from pathlib import Path

from bench_modules import bench_module

DATA = Path(__file__).resolve().parents[1] / "data"
# vllm-project/vllm-ascend#7528 (tests/data/triage_tenth): "ValueError: None of the kernel sizes
# [128] can divide physical block size 16 evenly", labelled class.code.project-bug.
TUNING_LOG = DATA / "triage_tenth" / "a15-hybrid-block-size-reset.log"


def _corpus(root: Path) -> Path:
    """A split of one corpus: the tuning case a15 (its real log) and a held-out a16 whose log
    is absent, so reading it would fail."""
    corpus = root / "triage_x"
    corpus.mkdir(parents=True)
    shutil.copy(TUNING_LOG, corpus / "a15-case.log")
    (root / "heldout.toml").write_text('[triage]\n[[triage.corpora]]\nname = "triage_x"\n')
    case = 'file = "{}"\narea = "ascend"\nlayer = "operator_execution"\nexpected = {}\n'
    (corpus / "cases.toml").write_text(
        "[[case]]\n"
        + case.format("a15-case.log", '["class.code.project-bug"]')
        + "[[case]]\n"
        + case.format("a16-held-out.log", '["class.code.project-bug"]')
    )
    return root


def test_tuning_cases_are_counted_and_held_out_ones_never_read(tmp_path: Path) -> None:
    audit = bench_module("triage_rule_audit")
    counts = audit.audit(_corpus(tmp_path))
    leads = {rule: c for rule, c in counts.items() if c["fires"]}
    assert list(leads) == ["class.code.unsupported-configuration"]
    lead = leads["class.code.unsupported-configuration"]
    assert (lead["layer"], lead["cause"], lead["wrong"]) == (1, 0, 1)
    assert counts["class.code.project-bug"]["labelled"] == 1
