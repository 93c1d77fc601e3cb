"""The pure-Python ring backend, with real processes talking over TCP on localhost."""

from __future__ import annotations

from typing import Callable, List

import pytest

from ascend_comm import CommError, init_process_group
from ascend_comm.testing import free_port, run_ranks


def _worker(rank: int, world: int, port: int, job: str) -> object:
    group = init_process_group("ring", rank, world, "127.0.0.1", port, timeout=20.0)
    if job == "allreduce":
        values = [float(rank + 1) * (i + 1) for i in range(7)]
        out: object = group.allreduce(values)
    elif job == "broadcast":
        out = group.broadcast([3.5, -1.0, float(rank)] if rank == 1 else [], root=1)
    else:
        group.barrier()
        out = "ok"
    group.close()
    return out


def run_group(world: int, job: str) -> List[object]:
    return run_ranks(_worker, world, job)


@pytest.mark.parametrize("world", [2, 3])
def test_allreduce_sums_over_all_ranks(world: int) -> None:
    expected = [sum(float(r + 1) for r in range(world)) * (i + 1) for i in range(7)]
    for out in run_group(world, "allreduce"):
        assert out == pytest.approx(expected)


def test_broadcast_from_a_non_zero_root() -> None:
    for out in run_group(3, "broadcast"):
        assert out == [3.5, -1.0, 1.0]


def test_barrier_returns_on_every_rank() -> None:
    assert run_group(3, "barrier") == ["ok", "ok", "ok"]


def test_single_process_group_needs_no_network() -> None:
    group = init_process_group("ring", 0, 1, "127.0.0.1", free_port())
    assert group.allreduce([1.0, 2.0]) == [1.0, 2.0]


def test_unknown_backend_names_the_choices() -> None:
    with pytest.raises(CommError, match="ring"):
        init_process_group("mpi", 0, 2, "127.0.0.1", free_port())


def test_missing_peer_times_out_with_a_reason() -> None:
    call: Callable[[], object] = lambda: init_process_group(
        "ring", 0, 2, "127.0.0.1", free_port(), timeout=0.5
    )
    with pytest.raises(CommError, match="joined"):
        call()
