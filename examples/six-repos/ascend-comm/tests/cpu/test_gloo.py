"""The gloo backend through torch.distributed on the CPU; skipped where torch is absent."""

from __future__ import annotations

import pytest

pytest.importorskip("torch", reason="the gloo backend needs torch")

from ascend_comm import init_process_group  # noqa: E402
from ascend_comm.testing import run_ranks  # noqa: E402


def _worker(rank: int, world: int, port: int) -> object:
    group = init_process_group("gloo", rank, world, "127.0.0.1", port)
    out = group.allreduce([1.0 + rank, 10.0])
    group.close()
    return out


def test_gloo_allreduce() -> None:
    assert run_ranks(_worker, 2, timeout=120.0) == [[3.0, 20.0], [3.0, 20.0]]
