"""A job's process that died on a signal of its own code (a segmentation fault, an illegal
instruction) where nothing else in the log names a failure: class.code.project-bug's line form,
told in the place of "the job failed (no words say where)" (issue 15). Not a compiler that
crashed, nor a device kernel's fault.

Lines from the tuning halves of the triage corpora are named by their case file there and the
public source beside them."""

from __future__ import annotations

import pytest

from bringup.triage import explain_text
from bringup.triage.evidence import FAILURE_SCORE

CLASS = "class.code.project-bug"


@pytest.mark.parametrize(
    "log",
    [
        # tests/data/triage_nineteenth c13, vllm-project/vllm-omni#6969 (the profiler's
        # with_stack): the workers' faulthandler line, then the server's notice
        "(DiffusionWorker_SP0 pid=292987) [2026-09-03 01:43:20] [WARNING] [292987] profiler.py: "
        "Incorrect schedule: Stop profiler while current state is RECORD which may result in "
        "incomplete parsed data.\n"
        "!!!!!!! Segfault encountered !!!!!!!\n\n"
        "(APIServer pid=292942) ERROR 09-03 01:43:37 [multiproc_executor.py:403] Diffusion "
        "worker(s) died unexpectedly: ['DiffusionWorker-3(exitcode=None)']\n",
        # tests/data/triage_twentysecond c07, NVIDIA/TransformerEngine#1031 (torchrun's report
        # of a worker killed by SIGSEGV; its ChildFailedError echoes it)
        "[2024-07-22 18:27:00,941] torch.distributed.elastic.multiprocessing.api: [ERROR] failed "
        "(exitcode: -11) local_rank: 0 (pid: 1761020) of binary: "
        "/home//miniconda3/envs/megatron/bin/python\n",
        # torchrun's ChildFailedError table (torch/distributed/elastic/multiprocessing/
        # errors/__init__.py, the "Root Cause" block users paste; review-s19 M4): the exit
        # code with spaces before its colon
        "Root Cause (first observed failure):\n[0]:\n  time      : 2024-07-22_18:27:00\n"
        "  host      : node1\n  rank      : 0 (local_rank: 0)\n"
        "  exitcode  : -11 (pid: 1234)\n  error_file: <N/A>\n"
        "  traceback : Signal 11 (SIGSEGV) received by PID 1234\n",
        # tests/data/triage_twentythird c09, ggml-org/llama.cpp#16049 (AMX code under musl)
        "    print_info: model type       = 4B\n    Illegal instruction (core dumped)\n",
    ],
)
def test_a_process_that_died_on_a_signal_is_the_projects_code(log: str) -> None:
    first = explain_text(log)[0]
    assert (first.signature_id, first.layer) == (CLASS, "operator_execution")
    assert (first.score, first.confidence) == (FAILURE_SCORE, "low")


@pytest.mark.parametrize(
    ("log", "layer"),
    [
        # tests/data/triage_twentyfirst a07, vllm-project/vllm-ascend#7782: GCC crashed compiling
        # triton-ascend's launcher stub, a compiler's crash, not the project's
        (
            "RuntimeError: Failed to compile /tmp/tmpx5kvific/launcher_cxx11abi1.cxx, error: "
            "g++: internal compiler error: Segmentation fault signal terminated program cc1plus\n",
            "build",
        ),
        # tests/data/triage_twentysecond d05, Ascend/msprobe@ff0a818f: the import the shell ran
        # when it crashed places it (a package's import), as before
        (
            "from msprobe.pytorch import PrecisionDebugger  # ← 触发崩溃\n"
            "Segmentation fault (core dumped)\n",
            "install",
        ),
    ],
)
def test_a_crash_placed_elsewhere_is_not_the_projects_code(log: str, layer: str) -> None:
    first = explain_text(log)[0]
    assert first.signature_id != CLASS
    assert first.layer == layer


def test_a_device_kernels_fault_is_not_a_crash_of_the_projects_code() -> None:
    # CUDA's cudaErrorIllegalInstruction as a bare line (cuda_runtime_api.h: "an illegal
    # instruction was encountered"): a kernel's fault on the device, which its words name
    line = "CUDA error: an illegal instruction was encountered\n"
    assert all(d.signature_id != CLASS for d in explain_text(line))


@pytest.mark.parametrize(
    "log",
    [
        # clean logs that name a segfault or an illegal instruction without one happening
        # (review-s19 H1): a handler installed, a library's name, a test skipped
        "Starting server\nInstalled segfault handler for debugging\nserver ready on port 8000\n",
        "Starting\nfaulthandler: enable segfault handler\nDone.\n",
        "ok\nsegfault.so loaded\n",
        "ok\nINFO test_illegal_instruction skipped\nThe illegal instruction test was skipped\n",
    ],
)
def test_a_clean_log_that_names_a_crash_is_no_crash(log: str) -> None:
    assert all(d.signature_id != CLASS for d in explain_text(log))


# tests/data/triage_thirtieth a01, PaddlePaddle/Paddle-Lite#10641: paddle_lite_opt 2.13rc0's
# own CHECK on an attribute its swish op assumed (fixed in 2.14rc), then the abort it calls
PADDLE_LITE_CHECK = (
    "1. Model is successfully loaded!\n"
    "[F  3/25 10:38:58.555 ...e-Lite/lite/core/model/general/op_desc.h:118 GetAttr] Check "
    "failed: it != attrs().end(): No attributes called beta found for swish\n"
    "Aborted (core dumped)\n"
)


def test_a_failed_check_of_the_programs_own_code_is_the_projects_code() -> None:
    # glog's CHECK and the checks modelled on it (Paddle-Lite's lite/utils/log/logging.h) print
    # "Check failed: <condition>" and abort: an invariant of the program's own code broke
    first = explain_text(PADDLE_LITE_CHECK)[0]
    assert (first.signature_id, first.layer) == (CLASS, "operator_execution")


def test_a_header_in_a_log_prefix_is_no_compile() -> None:
    # the header Paddle-Lite's log prefix names ("op_desc.h:118 GetAttr]") is where the check is
    # written; GCC's location of a compile error in a header still is a build's
    assert explain_text(PADDLE_LITE_CHECK)[0].layer != "build"
    # constructed from GCC's diagnostic form (file:line:column: error:), located in a header
    compile_error = "csrc/type_shim.h:42:3: error: 'foo' was not declared in this scope\n"
    assert explain_text(compile_error)[0].layer == "build"


def test_a_check_that_names_the_device_is_not_the_projects_code() -> None:
    # constructed from glog's form: a check whose words name the device is left to the words'
    # place (class.code.project-bug's line_unless), not told as the project's defect
    line = "F0101 00:00:00.000000 1 gpu_util.cc:12] Check failed: err == cudaSuccess CUDA error\n"
    assert explain_text(line)[0].signature_id != CLASS
