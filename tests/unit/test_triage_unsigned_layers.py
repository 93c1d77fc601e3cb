"""The layer of a log no signature describes: the same real logs read with every specific
signature removed (only the catch-alls, the vendor fault knowledge and the fallback left), as a
log in a wording nobody signed would be. Each log cites its public thread."""

from __future__ import annotations

import functools
from pathlib import Path

from bringup.model.diagnosis import Diagnosis
from bringup.triage.explain import compile_matcher, scan_log
from bringup.triage.loader import load_signatures
from bringup.triage.ranking import rank
from bringup.triage.scanner import Matcher
from bringup.triage.signatures import SignatureSet

DATA = Path(__file__).resolve().parent.parent / "data"


@functools.cache
def _unsigned_matcher() -> Matcher:
    catalogue = load_signatures()
    catch_alls = tuple(s for s in catalogue.signatures if s.record.generic)
    return compile_matcher(SignatureSet(catch_alls, catalogue.tables), knowledge=True)


def unsigned(log: bytes | str) -> list[Diagnosis]:
    """``explain_text`` as if no specific signature knew the log's wording."""
    matcher = _unsigned_matcher()
    return rank(scan_log(log, matcher=matcher), matcher.catalogue)


def test_torch_npus_code_under_an_exception_ranks_below_what_explains_the_exception() -> None:
    # torch_npu appends "ERR99999 UNKNOWN application exception" to the message of an exception
    # it did not classify: Ascend/pytorch#53 (an API the installed torch_npu lacks) and
    # hiyouga/LlamaFactory#6261 (a broken vllm install): the exception says install.
    for path in (
        DATA / "triage_seventh" / "25-torch-npu-profile-attr.log",
        DATA / "triage_heldout" / "04-llamafactory-npu-broken-vllm.log",
    ):
        diagnoses = unsigned(path.read_bytes())
        assert diagnoses[0].layer == "install", path
        assert diagnoses[-1].signature_id == "code.cann.err99999", path
