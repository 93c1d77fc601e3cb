"""Two attempts glued in one paste (outsider 25 D9, tests/data/outsider44/logs/odd): the first
failure's cause ranks first, whichever it is, and a failure pasted twice (a retry that failed
the same way) is one diagnosis. Pinned as designed: the first failure is what the rest follows
from, and a later attempt's own cause is still listed, below it."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text

LOGS = Path(__file__).parents[1] / "data" / "outsider44" / "logs"
# source: https://github.com/ingowald/cudaKDTree/issues/18 (L08)
# source: https://github.com/vllm-project/vllm/issues/5594 (L10)
# source: https://github.com/vllm-project/vllm-omni/issues/705 (L06)
NO_KERNEL = "cuda.runtime.no-kernel-image"
NUMPY2 = "python.numpy2-abi"


def _ids(name: str) -> list[str]:
    return [d.signature_id for d in explain_text((LOGS / "odd" / name).read_bytes())]


def test_the_first_attempts_cause_ranks_first_either_way() -> None:
    assert _ids("O3-glued-L08-then-L10.log")[:2] == [NO_KERNEL, NUMPY2]
    assert _ids("O4-glued-L10-then-L08.log")[:2] == [NUMPY2, NO_KERNEL]


def test_a_failure_pasted_twice_is_one_diagnosis_per_cause() -> None:
    once = (LOGS / "L06-vllm-omni-705.log").read_text()
    twice = f"{once}$ echo '---- retried ----'\n---- retried ----\n{once}"
    ids = [d.signature_id for d in explain_text(twice)]
    assert ids == [d.signature_id for d in explain_text(once)]
    assert len(ids) == len(set(ids))
