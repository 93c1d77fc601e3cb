"""One answer to "does this line only warn" in ranking (review23 #20): vendor fault knowledge
read only on a warning line is set aside in a failing log, and a warning is also torch's
``[W file.cpp:51] Warning:`` form (TORCH_WARN), not only a log level; the narrower copy of the
regex kept FaultDiag's entry on such a line."""

from __future__ import annotations

from bringup.triage import explain_text

# https://github.com/shirwy/vllm-ascend-910a/issues/4 (its [rank0]: prefix left off); constructed:
# its second line given TORCH_WARN's prefix, as torch_npu prints its warnings
FAILURE = (
    "RuntimeError: The Inner error is reported as above. The process exits for this inner "
    "error, and the current working operator name is Identity.\n"
)
WARNING = (
    "[W compiler_depend.ts:204] Warning: Since the operator is called asynchronously, the "
    "stacktrace may be inaccurate. If you want to get the accurate stacktrace, pleace set the "
    "environment variable ASCEND_LAUNCH_BLOCKING=1.\n"
)


def test_fault_knowledge_on_a_torch_warning_line_is_set_aside() -> None:
    ids = [d.signature_id for d in explain_text(FAILURE + WARNING)]
    assert ids[0] == "ascend.runtime.cann-inner-error"
    assert not [i for i in ids if i.startswith("faultdiag.")]
