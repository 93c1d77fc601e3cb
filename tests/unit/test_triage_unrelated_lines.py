"""A failure's diagnosis does not depend on unrelated lines in the same file (outsider 23b,
D7): ACL code 507048, told as bringup's own HCCL task-timeout signature, was dropped as soon
as an own signature matched any other line of the log (a flash-attention build failure pasted
into the same file), and "An ACL call failed" was left in its place."""

from __future__ import annotations

from bringup.triage import explain_text

# https://github.com/vllm-project/vllm-ascend/issues/2800 (the lines that carry the code)
ASCEND_507048 = """\
(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] [Error]: The execution of the internal task times out.
(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] EH9999: Inner Error!
(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596]         rtStreamSynchronizeWithTimeout execute failed, reason=[fftsplus timeout][FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]
(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] EH9999: [PID: 961] 2025-09-07-01:11:09.333.567 synchronize stream failed, runtime result = 507048[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]
RuntimeError: operator():build/CMakeFiles/torch_npu.dir/compiler_depend.ts:47 NPU function error: c10_npu::acl::AclrtSynchronizeStreamWithTimeout(copy_stream), error code is 507048
"""  # noqa: E501

# https://github.com/Dao-AILab/flash-attention/issues/509 (the exception's line and the rest of
# pip's report after it)
FLASH_ATTN = """\
      RuntimeError: flash_attn was requested, but nvcc was not found.  Are you sure your environment has nvcc available?

      torch.__version__  = 2.0.1+cu117

      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
error: metadata-generation-failed
"""  # noqa: E501


# The outside tester's 200 MB concatenation put the issues' logs between lines of training
# noise it generated (constructed, not from a real log); four of them part the two failures.
NOISE = "".join(
    f"INFO 06-25 15:28:1{n} worker.py:199{n}] step 199{n} loss=2.5{n} lr=1e-4 tokens/s=1234.5\n"
    for n in range(6, 10)
)


def _ids(log: str) -> list[str]:
    return [d.signature_id for d in explain_text(log)]


def test_a_code_told_as_a_signature_stays_beside_another_failure() -> None:
    alone = _ids(ASCEND_507048)
    assert alone[0] == "ascend.hccl.task-timeout"
    for log in (FLASH_ATTN + NOISE + ASCEND_507048, ASCEND_507048 + NOISE + FLASH_ATTN):
        ids = _ids(log)
        assert "cuda.build.cuda-home-not-set" in ids
        assert "ascend.hccl.task-timeout" in ids
        assert "ascend.runtime.npu-function-error" not in ids
