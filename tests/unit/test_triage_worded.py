"""A message pasted alone, in words no failure line is read from, is still placed by its words
(issue 15: a layer for every failure log), with low confidence and no cause; a short log that
says nothing is wrong, a log that shows a warning or a step that succeeded, and a long run's
output stay "nothing found" (test_triage_clean_logs, test_triage_samples)."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

# pybind/pybind11@22bf5b6ed4487e11d10a474d0b32081626bbb78a:docs/faq.rst:148, the message as the
# FAQ quotes it (without gcc's "file:line: warning:" prefix, which makes it a warning: no failure).
VISIBILITY = (
    "'SomeClass' declared with greater visibility than the type of its field "
    "'SomeClass::member' [-Wattributes]\n"
)
# mindspore-ai/mindformers@71ccd52d56121d674be84bc03d5b81dd86b8f6e2 (the message its fix removes).
NO_LAYOUT = "'Operator MoeTokenPermute does not contain parallel layout infer func.'\n"


@pytest.mark.parametrize(
    ("log", "place"),
    [
        (VISIBILITY, ("evidence.build.toolchain", "build")),
        (NO_LAYOUT, ("evidence.operator.operation", "operator_execution")),
    ],
)
def test_a_message_pasted_alone_is_placed_by_its_words(log: str, place: tuple[str, str]) -> None:
    (diagnosis,) = explain_text(log)
    assert (diagnosis.signature_id, diagnosis.layer) == place
    assert diagnosis.confidence == "low"
    assert diagnosis.evidence[0].line == 1


def test_only_the_last_line_is_read() -> None:
    # Constructed from the two messages above: a paste ends in what went wrong, and a log that
    # goes on after such a line went on despite it.
    (diagnosis,) = explain_text(VISIBILITY + NO_LAYOUT)
    assert (diagnosis.layer, diagnosis.evidence[0].line) == ("operator_execution", 2)
    assert explain_text(NO_LAYOUT + "[100%] Built target foo\n") == []


def test_what_is_not_a_paste_or_says_nothing_is_wrong_is_not_read() -> None:
    # Constructed: the same message at the end of a run's long output, and a command line that
    # names a component but nothing wrong (NVIDIA/nccl pull 2047's command, without its output).
    assert explain_text("step 1\n" * 50 + NO_LAYOUT) == []
    assert explain_text("NCCL_SOCKET_IFNAME=eth0 NCCL_DEBUG=INFO ./a.out 0 2\n") == []
    # the gcc form of the pybind11 line is a warning (test_triage_fallback_layers)
    assert explain_text(f"a.cpp:3:7: warning: {VISIBILITY}") == []
