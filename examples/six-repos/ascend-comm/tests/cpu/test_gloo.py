"""The gloo backend through torch.distributed on the CPU; skipped where torch is absent."""

from __future__ import annotations

import multiprocessing
import socket

import pytest

pytest.importorskip("torch", reason="the gloo backend needs torch")

from ascend_comm import init_process_group  # noqa: E402


def _worker(rank: int, port: int, results: "multiprocessing.Queue[object]") -> None:
    group = init_process_group("gloo", rank, 2, "127.0.0.1", port)
    results.put((rank, group.allreduce([1.0 + rank, 10.0])))
    group.close()


def test_gloo_allreduce() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    context = multiprocessing.get_context("spawn")
    results: "multiprocessing.Queue[object]" = context.Queue()
    procs = [context.Process(target=_worker, args=(r, port, results)) for r in range(2)]
    for proc in procs:
        proc.start()
    outputs = dict(results.get(timeout=120) for _ in range(2))  # type: ignore[misc]
    for proc in procs:
        proc.join(timeout=30)
    assert outputs == {0: [3.0, 20.0], 1: [3.0, 20.0]}
