"""The project's own frames: a traceback printed through vLLM's logger (its level and time before
each line) is read as one, and a frame in a source checkout installed in place (the repository's
folder holding the package's folder of the same name) is the project's, as one in site-packages
is. Real lines from the corpora, each named by its case file and source."""

from __future__ import annotations

import pytest

from bringup.triage.frames import package_of
from triage_inputs import top

UNSUPPORTED = "class.code.unsupported-configuration"


@pytest.mark.parametrize(
    ("path", "package"),
    [
        # tests/data/triage_twentyfirst/a03-pd-decoder-block-hash-assert.log, line 2.
        ("/code/vllm/vllm/v1/core/block_pool.py", "vllm"),
        # tests/data/triage_twelfth/c05-vllm-ascend-dflash-max-num-batched-tokens-aclgraph-range
        # .log, line 7: the repository's name is the package's with dashes.
        ("/vllm-workspace/vllm-ascend/vllm_ascend/compilation/acl_graph.py", "vllm_ascend"),
        ("/usr/lib/python3.10/site-packages/torch/nn/modules/module.py", "torch"),
        # a script of the job's own, wherever it lies, is no package
        ("/home/user/work/train.py", ""),
        ("t2.py", ""),
        ("/home/user/proj/proj.py", ""),
    ],
)
def test_the_package_of_a_frame(path: str, package: str) -> None:
    assert package_of(path) == package


def test_a_bare_assert_in_a_checkout_of_the_project_is_its_own_check() -> None:
    # tests/data/triage_twentyfirst/a03-pd-decoder-block-hash-assert.log, lines 2-5.
    log = (
        '  File "/code/vllm/vllm/v1/core/block_pool.py", line 145, in cache_full_blocks\n'
        "    assert blk.block_hash is None\n"
        "           ^^^^^^^^^^^^^^^^^^^^^^\n"
        "AssertionError\n"
    )
    assert top(log)[0] == UNSUPPORTED


def test_a_bare_assert_in_a_script_of_the_job_is_not_the_projects_check() -> None:
    log = (
        "Traceback (most recent call last):\n"
        '  File "/home/user/work/test_model.py", line 12, in <module>\n'
        "    assert out is None\n"
        "AssertionError\n"
    )
    assert top(log)[0] != UNSUPPORTED


def test_a_traceback_printed_through_vllms_logger() -> None:
    # tests/data/triage_twelfth/c05-vllm-ascend-dflash-max-num-batched-tokens-aclgraph-range.log,
    # its last frames.
    prefix = "(Worker_TP0 pid=18307) ERROR 07-28 02:12:55 [multiproc_executor.py:1000] "
    log = "".join(
        prefix + line + "\n"
        for line in (
            '  File "/vllm-workspace/vllm/vllm/compilation/piecewise_backend.py", line 362, '
            "in __call__",
            "    assert range_entry is not None, (",
            "           ^^^^^^^^^^^^^^^^^^^^^^^",
            "AssertionError: Shape: 2304 out of considered ranges: [(1, 2048)]",
        )
    )
    assert top(log) == (UNSUPPORTED, "operator_execution")
