"""HCCL allreduce across two NPUs, one process per NPU."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch_npu", reason="the hccl backend needs torch_npu")

from ascend_comm import init_process_group  # noqa: E402
from ascend_comm.testing import run_ranks  # noqa: E402

pytestmark = pytest.mark.skipif(
    torch.npu.device_count() < 2, reason="HCCL tests need at least 2 NPUs"
)


def _worker(rank: int, world: int, port: int) -> object:
    group = init_process_group("hccl", rank, world, "127.0.0.1", port, timeout=120.0)
    out = group.allreduce([float(rank + 1)] * 1024)
    group.close()
    return out


def test_hccl_allreduce_two_npus() -> None:
    outputs = run_ranks(_worker, 2, timeout=300.0)
    assert outputs[0] == outputs[1] == [3.0] * 1024
