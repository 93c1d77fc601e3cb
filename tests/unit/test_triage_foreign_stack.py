"""An entry of a vendor whose software stack a log never names, while it names another vendor's,
ranks as a catch-all (``bringup.triage.vendors.foreign``) and no longer hides the fallback's
reading of its line. Logs: jiesutd/NCRFpp#121 (PyTorch's THC out of memory on a GPU host,
tests/data/outsider27/README.md), where MindCluster FaultDiag's "out of memory" fault (Ascend's
knowledge) came first; vllm-project/vllm-ascend#564 (torch_npu's words: the Ascend entries keep
their rank)."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text
from bringup.triage.vendors import foreign, stack_mark

ROOT = Path(__file__).resolve().parents[2]
GPU_OOM = ROOT / "tests/data/outsider27/ncrfpp_121_thc_oom.log"
NPU_INIT = ROOT / "tests/fixtures/logs/ascend.runtime.compile-init-failed/vllm-ascend-564.log"


def test_ascend_knowledge_gives_way_on_a_log_of_nvidias_stack() -> None:
    diagnoses = explain_text(GPU_OOM.read_bytes())
    assert diagnoses[0].layer == "memory"
    assert not diagnoses[0].signature_id.startswith(("faultdiag.", "faq.", "ascend."))
    knowledge = [d for d in diagnoses if d.signature_id.startswith("faultdiag.")]
    assert all(d.score < diagnoses[0].score for d in knowledge)


def test_a_log_of_ascends_stack_keeps_its_ascend_entries() -> None:
    lines = NPU_INIT.read_text(encoding="utf-8").splitlines()[1:]
    assert explain_text(lines)[0].signature_id.startswith("ascend.")


def test_foreign_needs_another_vendors_words_and_none_of_its_own() -> None:
    nvidia, ascend = stack_mark("nvidia"), stack_mark("ascend")
    assert foreign("faultdiag.aisw_framework_custom_01", {nvidia})
    assert not foreign("faultdiag.aisw_framework_custom_01", {nvidia, ascend})
    assert not foreign("faultdiag.aisw_framework_custom_01", set())
    assert not foreign("python.no-matching-distribution", {nvidia})
    assert foreign("cuda.runtime.oom", {ascend})
