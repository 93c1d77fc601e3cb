"""Messages that several causes produce: a signature found only through such a symptom ranks
below one found through its own patterns, unless its context patterns occur in the log (or the
snapshot confirms it); context patterns alone find nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.errors import KnowledgeBaseError
from bringup.model import Fact, Package, PythonInstall, Snapshot
from bringup.model.source import command_source
from bringup.triage import explain_text, load_signatures
from bringup.triage.parallel import merge
from bringup.triage.scanresult import ScanResult, SignatureHits
from triage_inputs import write

OWN = """
[[signature]]
id = "test.cause.direct"
title = "says it outright"
layer = "install"
kind = "code"
patterns = ['''boom failed''']
cause = "direct"
fix = "f"
source = "https://example.org/direct"

[[signature]]
id = "test.cause.shared"
title = "one of the causes of the same message"
layer = "install"
kind = "code"
symptoms = ['''boom (?P<what>failed)''']
context = ['''hint of the second cause''']
cause = "shared[[ ({what})]]"
fix = "f"
source = "https://example.org/shared"
"""

# cuBLAS lines as printed in public threads: karpathy/llama2.c#279 (memory),
# jadore801120/attention-is-all-you-need-pytorch#193, huggingface/transformers#12935 (indices).
HANDLE = (
    "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`"
)
GEMM = (
    "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, "
    "opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`"
)
NO_CUDA = "AssertionError: Torch not compiled with CUDA enabled"


def _ids(log: list[str], **kwargs: object) -> list[str]:
    return [d.signature_id for d in explain_text(log, **kwargs)]  # type: ignore[arg-type]


def test_a_symptom_ranks_below_a_signature_found_by_its_own_pattern(tmp_path: Path) -> None:
    catalogue = load_signatures([write(tmp_path, "s.toml", OWN).parent])
    diagnoses = explain_text(["boom failed"], signatures=catalogue)
    assert [d.signature_id for d in diagnoses] == ["test.cause.direct", "test.cause.shared"]
    assert diagnoses[1].cause == "shared (failed)"


def test_context_in_the_log_lifts_the_symptom(tmp_path: Path) -> None:
    catalogue = load_signatures([write(tmp_path, "s.toml", OWN).parent])
    log = ["hint of the second cause", "boom failed"]
    assert _ids(log, signatures=catalogue) == ["test.cause.shared", "test.cause.direct"]


def test_context_alone_finds_nothing(tmp_path: Path) -> None:
    catalogue = load_signatures([write(tmp_path, "s.toml", OWN).parent])
    assert _ids(["hint of the second cause"], signatures=catalogue) == []


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ("symptoms = ['''x failed''']\ncontext = ['''(?P<g>y)''']\n", "context"),
        ("context = ['''y''']\n", "patterns"),
    ],
)
def test_loader_rejects_capturing_context_and_records_with_nothing_to_find(
    tmp_path: Path, record: str, field: str
) -> None:
    text = (
        '[[signature]]\nid = "test.bad.one"\ntitle = "t"\nlayer = "install"\nkind = "code"\n'
        f'cause = "c"\nfix = "f"\nsource = "https://example.org/x"\n{record}'
    )
    with pytest.raises(KnowledgeBaseError) as error:
        load_signatures([write(tmp_path, "bad.toml", text).parent])
    assert f"field '{field}'" in str(error.value)


def test_cublas_handle_failure_is_memory_first_and_an_index_second() -> None:
    assert _ids([HANDLE]) == ["cuda.runtime.oom", "cuda.runtime.device-side-assert"]


def test_cublas_gemm_failure_points_at_indices_only() -> None:
    assert _ids([GEMM]) == ["cuda.runtime.device-side-assert"]


def test_an_out_of_range_index_in_the_log_puts_the_assert_first() -> None:
    log = [HANDLE, "IndexError: index out of range in self"]
    assert _ids(log)[:2] == ["cuda.runtime.device-side-assert", "cuda.runtime.oom"]


def _host_with(*packages: tuple[str, str]) -> Snapshot:
    python = PythonInstall(
        path="/usr/bin/python3",
        version="3.10.12",
        origin="system",
        source=command_source(["python3", "-m", "pip", "list"]),
        packages=tuple(Package(name=n, version=v) for n, v in packages),
    )
    return Snapshot(taken_at="2026-01-01T00:00:00Z", origin="replay", pythons=(python,))


def test_no_cuda_means_a_cpu_torch_unless_torch_npu_is_there() -> None:
    assert _ids([NO_CUDA]) == [
        "cuda.runtime.torch-not-compiled-cuda",
        "ascend.runtime.cuda-path-on-npu",
    ]
    in_log = [
        '  File "/usr/local/lib/python3.10/site-packages/torch_npu/utils/_device.py"',
        NO_CUDA,
    ]
    assert _ids(in_log)[0] == "ascend.runtime.cuda-path-on-npu"


def test_the_snapshot_tells_an_npu_host_from_a_cpu_only_one() -> None:
    npu = explain_text(
        [NO_CUDA], snapshot=_host_with(("torch", "2.1.0+cpu"), ("torch-npu", "2.1.0"))
    )
    assert [(d.signature_id, d.confirmation) for d in npu] == [
        ("ascend.runtime.cuda-path-on-npu", "confirmed"),
        ("cuda.runtime.torch-not-compiled-cuda", "contradicted"),
    ]
    cpu = explain_text([NO_CUDA], snapshot=_host_with(("torch", "2.3.0+cpu")))
    assert [(d.signature_id, d.confirmation) for d in cpu] == [
        ("cuda.runtime.torch-not-compiled-cuda", "confirmed"),
        ("ascend.runtime.cuda-path-on-npu", "contradicted"),
    ]


def test_merge_adds_up_context_and_keeps_direct_matches() -> None:
    first = ScanResult({"a": SignatureHits(matches=1, first_line=2)}, 10, 100, {"a": 1})
    second = ScanResult({"a": SignatureHits(matches=1, first_line=1, direct=True)}, 5, 50, {"a": 2})
    merged = merge([first, second])
    assert merged.context == {"a": 3}
    assert merged.hits["a"].direct
    assert merged.hits["a"].matches == 2


def test_the_facts_behind_a_missing_torch_npu_are_cited() -> None:
    (_, npu_path) = explain_text([NO_CUDA], snapshot=_host_with(("torch", "2.3.0+cpu")))
    assert npu_path.signature_id == "ascend.runtime.cuda-path-on-npu"
    cited: tuple[Fact, ...] = npu_path.confirmed_by
    assert [(f.key, f.status) for f in cited] == [("python.package.torch-npu", "absent")]
