"""Each backend's device-visibility variable is read from a pasted report's environment
lines (outsider 23b, D15: ``ASCEND_RT_VISIBLE_DEVICES=0,1`` was read while
``CUDA_VISIBLE_DEVICES=0,1`` beside it, the variable that decides how many GPUs a CUDA job
sees, was neither read nor listed as unread). The paste is constructed, in the shape of the
outside tester's (a job's environment lines)."""

from __future__ import annotations

from bringup.probe.importers import import_report

PASTE = "CUDA_VISIBLE_DEVICES=0,1\nASCEND_RT_VISIBLE_DEVICES=0,1\n"


def test_both_backends_visibility_variables_are_read() -> None:
    facts = {f.key: (f.value, f.source.line) for f in import_report(PASTE, "r.txt").facts}
    assert facts["cuda.env.CUDA_VISIBLE_DEVICES"] == ("0,1", 1)
    assert facts["ascend.env.ASCEND_RT_VISIBLE_DEVICES"] == ("0,1", 2)
