"""A multi-line message printed as one line, its line ends as ``\\n`` escapes (outsider9 #13):
torch_npu's error, caught and re-raised inside a Python exception's repr, holds the ACL error,
the CANN inner error and the driver's own line naming the failed call. Those escapes are read as
line ends (each line of the message matched as a line, "the lines that follow" read), while
line numbers stay the log's physical ones. Log: https://github.com/modelscope/ms-swift/issues/9135
(tests/fixtures/logs/ascend.runtime.peer-access-failed)."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text, scan_log
from bringup.triage.blocks import split_escaped

LOG = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "logs"
    / "ascend.runtime.peer-access-failed"
    / "ms-swift-9135.log"
)


def test_the_lines_of_a_repr_d_message_are_read_as_lines() -> None:
    text = LOG.read_text(encoding="utf-8")
    diagnoses = {d.signature_id: d for d in explain_text(text.splitlines())}
    assert next(iter(diagnoses)) == "ascend.runtime.peer-access-failed"
    inner = diagnoses["ascend.runtime.cann-inner-error"]
    assert inner.layer == "device_init"  # the driver's line beside it, not an operator
    (evidence,) = inner.evidence[:1]
    assert (evidence.line, evidence.text) == (2, "EL9999: Inner Error!")


def test_line_numbers_stay_the_log_s() -> None:
    """Two physical lines, the second holding six escapes; a line after it is line 3."""
    text = LOG.read_text(encoding="utf-8") + "RuntimeError: ACL stream synchronize failed\n"
    result = scan_log(text.encode("utf-8"))
    assert result.lines == 3


def test_an_escaped_backslash_before_n_is_not_a_line_end() -> None:
    """``C:\\\\new`` in a repr is a backslash and an ``n``."""
    block, inserted = split_escaped(b"path C:\\\\new\\nnext\n")
    assert (block, inserted) == (b"path C:\\\\new\nnext\n", [12])
