"""A signature read on warning lines alone ranks below what the log shows failing
(outsider22b #15): on hiyouga/LlamaFactory#4836, torch_npu's CPU-fallback warning ranked first,
above the EZ9999 aivec exception that stopped the job."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text

LOG = Path(__file__).parent.parent / "data" / "outsider22b" / "llamafactory_4836_error.txt"


def test_the_aivec_exception_ranks_above_the_cpu_fallback_warning() -> None:
    ids = [d.signature_id for d in explain_text(LOG.read_text(encoding="utf-8"))]
    assert ids[0] == "ascend.runtime.aicore-exception"
    assert ids.index("ascend.runtime.op-cpu-fallback") > ids.index(
        "ascend.runtime.aicore-exception"
    )


def test_the_warning_alone_is_still_the_answer() -> None:
    warning = LOG.read_text(encoding="utf-8").splitlines()[1]
    (first, *_rest) = explain_text(warning + "\n")
    assert first.signature_id == "ascend.runtime.op-cpu-fallback"
