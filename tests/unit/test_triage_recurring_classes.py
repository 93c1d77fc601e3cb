"""Recurring classes of failure that no signature named before (issue 15, the tuning half's
no-entry cases grouped by cause): CANN's operator-compile worker processes that cannot start, die
or lose their main process (``ascend.runtime.op-compile-workers-failed``), a Triton kernel whose
tiles need more shared memory than the GPU has (``cuda.runtime.kernel-shared-memory-over-limit``),
and the processes of a distributed job that never all meet at its rendezvous
(``dist.rendezvous-timeout``). Each is keyed on the message its component
prints, wherever a project runs it; the compile workers' "main process disappeared" is mostly an
echo of what ended the main process, so it ranks below any cause the log names."""

from __future__ import annotations

from pathlib import Path

from bringup.triage import explain_text
from bringup.triage.localise import localise

COMPILE_WORKERS = "ascend.runtime.op-compile-workers-failed"
SHARED_MEMORY = "cuda.runtime.kernel-shared-memory-over-limit"

# ray-project/ray#49998 (a Ray Train job on a 910B2 that finished training): the compile workers
# of a worker whose main process exited without shutting the job down.
ORPHANED = (
    "(RayTrainWorker pid=82395) [ERROR] TBE Subprocess[task_distribute] raise error[], "
    "main process disappeared!\n"
)


def _ids(log: str) -> list[str]:
    return [d.signature_id for d in explain_text(log)]


def test_orphaned_compile_workers_alone_are_the_class() -> None:
    (top, *_) = explain_text(ORPHANED * 3)
    assert (top.signature_id, top.layer) == (COMPILE_WORKERS, "operator_execution")


def test_mindspores_empty_response_from_the_compile_processes_is_the_class() -> None:
    # mindspore-ai/docs@7043271ae11fd774b0dbfb177a6257ba3afbefbf:
    # tutorials/source_en/debug/error_analysis/mindrt_debug.md ("Operator Compilation Errors").
    log = (
        ">       result = self._graph_executor.compile("
        "obj, args_list, phase, self._use_vm_mode())\n"
        "E       RuntimeError: Response is empty\n"
        "E       mindspore/ccsrc/backend/common/session/kernel_build_client.h:100 Response\n"
    )
    assert _ids(log)[0] == COMPILE_WORKERS


def test_a_compile_pool_that_cannot_start_is_the_class() -> None:
    # Constructed: the frame of CANN's te_fusion that starts the parallel-compile pool, as a
    # Python traceback prints it (the module and function names of the CANN toolkit's
    # python/site-packages/te_fusion/parallel_compilation.py), above Python's own assertion.
    log = (
        "Traceback (most recent call last):\n"
        '  File "/usr/local/Ascend/ascend-toolkit/latest/python/site-packages/te_fusion/'
        'parallel_compilation.py", line 1, in init_multi_process_env\n'
        "AssertionError: daemonic processes are not allowed to have children\n"
    )
    assert _ids(log)[0] == COMPILE_WORKERS


def test_a_daemon_assertion_elsewhere_is_not_the_class() -> None:
    # transientskp/tkp#608: a multiprocessing pipeline's daemon, no CANN compiler involved.
    log = (
        "13:38:14 ERROR tkp.main: timestep raised <class 'AssertionError'> exception: "
        "daemonic processes are not allowed to have children\n"
    )
    assert COMPILE_WORKERS not in _ids(log)


def test_the_oom_killer_before_the_orphaned_workers_is_the_cause() -> None:
    # The shell's "Killed" (the OOM killer ended the main process) then the compile workers'
    # echo, in the order msModelSlim's FAQ shows them.
    ranked = _ids("Killed\n" + ORPHANED)
    assert ranked[:2] == ["host.oom-killed", COMPILE_WORKERS]


def test_a_cause_found_by_its_own_pattern_ranks_above_the_echo() -> None:
    # An NPU out-of-memory (the first sample of ascend.runtime.npu-oom, its source on its first
    # line) followed by the compile workers' echo of the process it ended.
    oom = _sample("ascend.runtime.npu-oom")
    ranked = _ids(oom + ORPHANED)
    assert ranked[0] == "ascend.runtime.npu-oom"
    assert COMPILE_WORKERS in ranked


def _sample(signature_id: str) -> str:
    """The first sample log of a signature, without its source line."""
    folder = Path(__file__).parent.parent / "fixtures" / "logs" / signature_id
    lines = sorted(folder.glob("*.log"))[0].read_text(encoding="utf-8").splitlines()[1:]
    return "".join(line + "\n" for line in lines)


def test_the_compile_workers_are_told_in_chinese() -> None:
    (told,) = localise(explain_text(ORPHANED)[:1], "zh")
    assert "TE_PARALLEL_COMPILER" in told.fix
    assert "守护进程" in told.cause


def test_triton_out_of_shared_memory_names_both_sizes() -> None:
    # vllm-project/vllm#12498 (its title, the exception's message on a 64 KB-per-block GPU).
    log = (
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 66560, "
        "Hardware limit: 65536. Reducing block sizes or `num_stages` may help.\n"
    )
    (top, *_) = explain_text(log)
    assert top.signature_id == SHARED_MEMORY
    assert (top.captures["required"], top.captures["limit"]) == ("66560", "65536")
    assert "66560" in top.cause
    assert "65536" in top.cause


def test_the_older_wording_of_the_limit_is_the_same_class() -> None:
    # alipay/PainlessInferenceAcceleration#35 (an RTX 3090).
    log = (
        "triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 163842, "
        "Hardware limitation: 101376. reducing the block size or `num_stages` may help\n"
    )
    assert _ids(log)[0] == SHARED_MEMORY


def test_the_unseparated_wording_of_early_triton_is_the_same_class() -> None:
    # triton-lang/triton#130 (inference on a K80/M60, 48 KB per block).
    log = (
        "triton.code_gen.OutOfResources: out of resource: shared memoryRequired: 65536"
        "Hardware limit: 49152\n"
    )
    (top, *_) = explain_text(log)
    assert (top.signature_id, top.captures["limit"]) == (SHARED_MEMORY, "49152")


def test_tritons_own_check_on_pascal_is_the_same_class() -> None:
    # Constructed from the message triton-lang/triton#827 added (lib/codegen/pass.cc: "Device does
    # not support shared memory of " + size + "bytes", raised for sm < 70 at 64 KB and more).
    log = "RuntimeError: Device does not support shared memory of 98304bytes\n"
    (top, *_) = explain_text(log)
    assert (top.signature_id, top.layer) == (SHARED_MEMORY, "operator_execution")
    assert "98304 bytes" in top.cause
    assert "allows (" not in top.cause


def test_device_memory_exhausted_is_not_shared_memory() -> None:
    # The first sample of cuda.runtime.oom (device memory, VRAM), its source on its first line.
    assert SHARED_MEMORY not in _ids(_sample("cuda.runtime.oom"))


RENDEZVOUS = "dist.rendezvous-timeout"


def test_mindspores_root_info_that_never_came_is_the_rendezvous() -> None:
    # mindspore-ai/docs@a4940d41230c500ae7721cd0c870e157d724c4f0:
    # docs/mindspore/source_en/faq/distributed_parallel.md (Unique ID retrieval timeout, HCCL).
    log = (
        "RuntimeError: Communicator of group xxx inited: failed. Result: Init communicator for "
        "group xxx exception info: Failed to fetch the unique id of the collective lib from the "
        "meta server node. Maybe the root rank process of this group has exited or has not "
        "executed to QueryUniqueID step. Please check root rank: 0's log.\n"
    )
    (top, *_) = explain_text(log)
    assert (top.signature_id, top.layer) == (RENDEZVOUS, "communication")
    (told,) = localise([top], "zh")
    assert "MS_NODE_TIMEOUT" in told.fix


def test_the_store_server_that_waited_says_how_many_joined() -> None:
    # Constructed from the message torch's TCPStore server raises, as pytorch/pytorch@f34fa151
    # test/distributed/test_store.py (test_store_timeout_on_missing_clients) matches it.
    log = (
        "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. "
        "1/2 clients joined.\n"
    )
    (top, *_) = explain_text(log)
    assert top.signature_id == RENDEZVOUS
    assert (top.captures["worker_count"], top.captures["world_size"]) == ("1", "2")
    assert "1 joined of world_size 2" in top.cause


def test_a_port_already_held_before_the_timeout_is_the_cause() -> None:
    # dist.port-in-use's sample (its source on its first line), then the store timeout it leads
    # to on another rank (pytorch/pytorch#79388's line).
    log = _sample("dist.port-in-use") + (
        "[E socket.cpp:793] [c10d] The client socket has timed out after 60s while trying to "
        "connect to (IP1, 2222).\n"
    )
    assert _ids(log)[:2] == ["dist.port-in-use", RENDEZVOUS]


def test_a_watchdog_timeout_after_the_groups_exist_is_not_the_rendezvous() -> None:
    # nccl.watchdog-timeout's sample: a collective that timed out once the job was running.
    assert RENDEZVOUS not in _ids(_sample("nccl.watchdog-timeout"))
