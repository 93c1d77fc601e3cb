"""HCCL allreduce across two NPUs, one process per NPU."""

from __future__ import annotations

import multiprocessing
import socket

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch_npu", reason="the hccl backend needs torch_npu")

from ascend_comm import init_process_group  # noqa: E402

pytestmark = pytest.mark.skipif(
    torch.npu.device_count() < 2, reason="HCCL tests need at least 2 NPUs"
)


def _worker(rank: int, port: int, results: "multiprocessing.Queue[object]") -> None:
    group = init_process_group("hccl", rank, 2, "127.0.0.1", port, timeout=120.0)
    results.put((rank, group.allreduce([float(rank + 1)] * 1024)))
    group.close()


def test_hccl_allreduce_two_npus() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    context = multiprocessing.get_context("spawn")
    results: "multiprocessing.Queue[object]" = context.Queue()
    procs = [context.Process(target=_worker, args=(r, port, results)) for r in range(2)]
    for proc in procs:
        proc.start()
    outputs = dict(results.get(timeout=300) for _ in range(2))  # type: ignore[misc]
    for proc in procs:
        proc.join(timeout=60)
    assert outputs[0] == outputs[1] == [3.0] * 1024
