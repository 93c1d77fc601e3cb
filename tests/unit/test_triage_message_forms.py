"""Other wordings of known failures find their signature: each line is quoted from a public
thread, or from the code or rule set that prints it (named beside it), and is not one of the
signature's sample logs."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text

FORMS = [
    # NVIDIA/nccl#1267 (issue title): a bootstrap address that was never filled in.
    (
        "ncclSocketInit: connecting to address with family 0 is neither AF_INET(2) nor "
        "AF_INET6(10)",
        "nccl.socket-interface",
    ),
    # NVIDIA/nccl-tests#15: the peer's address is unreachable from the interface NCCL chose.
    (
        "gpu-bql-144-103:18553:18611 [0] include/socket.h:360 WARN Call to connect failed : "
        "Connection timed out",
        "nccl.socket-interface",
    ),
    # vllm-project/vllm-ascend#1253 (issue title): EJ0003's reason, two jobs on one host.
    (
        "Flaky test: test_models_distributed_topk failed due to The IP address and port have "
        "been bound already.",
        "ascend.hccl.listen-port-failed",
    ),
    # Ascend/mind-cluster kg-config.json, FaultDiag rule AISW_CANN_HCCL_003: the plog's text.
    ("ra socket listen start fail", "ascend.hccl.listen-port-failed"),
    # pytorch/pytorch#60515 (issue title): a versioned CUDA runtime library.
    (
        "OSError: libcudart.so.10.0: cannot open shared object file: No such file or directory",
        "cuda.runtime.cuda-lib-missing",
    ),
    # mindspore-lab/mindyolo#273: a toolkit library behind MindSpore's Ascend plugin.
    (
        "Load dynamic library: libmindspore_ascend.so.2 failed. libge_runner.so: cannot open "
        "shared object file: No such file or directory",
        "ascend.install.cann-lib-missing",
    ),
    # fisher60/friendo-bot#68: a library of the distribution, not of CUDA or CANN.
    (
        "bot_1  | ImportError: libgthread-2.0.so.0: cannot open shared object file: No such file "
        "or directory",
        "toolchain.shared-lib-not-found",
    ),
    # mikemccand/chromium-compact-language-detector#3: GCC 4's "error:" instead of "fatal error:".
    (
        "pycldmodule.cc:5:20: error: Python.h: No such file or directory",
        "toolchain.python-h-missing",
    ),
    # vllm-project/vllm-ascend#218 (issue title): another torch_npu operator binding.
    (
        "AttributeError: module 'torch_npu' has no attribute '_npu_rotary_embedding'",
        "ascend.install.torch-npu-api-missing",
    ),
]


@pytest.mark.parametrize(("line", "expected"), FORMS, ids=[f[1] for f in FORMS])
def test_other_wordings_find_their_signature(line: str, expected: str) -> None:
    diagnoses = explain_text([line])
    assert [d.signature_id for d in diagnoses][:1] == [expected]


NOT_FAILURES = [
    # NVIDIA/nccl#1232: NCCL looks for an optional network plugin and carries on without it.
    "[0] node0:13571:13571 [0] NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : "
    "libnccl-net.so: cannot open shared object file: No such file or directory",
    # NVIDIA/nccl#1499: the same, as newer NCCL prints it.
    "testpc115159:2736635:2736635 [2] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open "
    "shared object file: No such file or directory No plugin found (libnccl-net.so), using "
    "internal implementation",
    # gpertea/stringtie#274: GCC's include trace names headers with line numbers.
    "In file included from ./samtools-0.1.18/bam.h:52:0,",
]


@pytest.mark.parametrize("line", NOT_FAILURES)
def test_lines_that_only_look_like_failures_find_nothing(line: str) -> None:
    assert explain_text([line]) == []
