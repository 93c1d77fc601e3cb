"""reread43 M3: glog's I/W prefix reads as a warning (outsider22 D11) only at the line's start,
but torch's logging writes it behind the launchers' process names and its own rank prefix
(``[rank{N}]:``, torch/_logging/_internal.py ``rankprefix``), the form of every vLLM engine's
log: a signature read on those lines alone was taken for the failure."""

from __future__ import annotations

from bringup.triage.warned import WARNING_LINE

# vllm-project/vllm#26381 (the reporter's log)
ENGINE = (
    "(EngineCore_DP0 pid=4039410) W1007 17:36:26.725000 4039410 torch/utils/cpp_extension.py:2425]"
    " If this is not desired, please set os.environ['TORCH_CUDA_ARCH_LIST'] to specific"
    " architectures."
)
# ray-project/kuberay#4366 (the reporter's log)
RANKED = (
    "(APIServer pid=5332) (DPEngineCoreActor pid=5862) [rank0]:W0112 06:15:00.560000 5862"
    " anaconda3/lib/python3.11/site-packages/torch/_inductor/utils.py:1436] [0/0] Not enough"
    " SMs to use max_autotune_gemm mode"
)
# vllm-project/vllm#31940 (the reporter's log): an error behind the same process name
FAILED = (
    "(EngineCore_DP0 pid=65064) ERROR 01-08 11:19:33 [core.py:866] Traceback (most recent call"
    " last):"
)


def test_glog_warnings_behind_process_and_rank_prefixes_only_warn() -> None:
    assert WARNING_LINE.search(ENGINE)
    assert WARNING_LINE.search(RANKED)
    assert not WARNING_LINE.search(FAILED)
    assert not WARNING_LINE.search(RANKED.replace("[rank0]:W0112", "[rank0]:E0112"))
