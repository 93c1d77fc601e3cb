"""One process per rank on this host, for the backends' tests: each rank runs ``worker`` in
a spawned process and puts what it returns on a queue; the caller gets them in rank order."""

from __future__ import annotations

import multiprocessing
import socket
from typing import Any, Callable, List, Tuple


def free_port() -> int:
    """A TCP port nothing listens on now, for a group's rendezvous on localhost."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run_rank(
    worker: Callable[..., object],
    rank: int,
    world: int,
    port: int,
    args: Tuple[Any, ...],
    results: "multiprocessing.Queue[object]",
) -> None:
    try:
        results.put((rank, worker(rank, world, port, *args)))
    except Exception as error:  # reported to the parent, which fails the test
        results.put((rank, f"error: {error!r}"))


def run_ranks(
    worker: Callable[..., object], world: int, *args: Any, timeout: float = 60.0
) -> List[object]:
    """``worker(rank, world, port, *args)`` on ``world`` spawned processes (``worker`` must
    be importable: a module-level function); what each returned, by rank."""
    context = multiprocessing.get_context("spawn")
    results: "multiprocessing.Queue[object]" = context.Queue()
    port = free_port()
    procs = [
        context.Process(target=_run_rank, args=(worker, rank, world, port, args, results))
        for rank in range(world)
    ]
    for proc in procs:
        proc.start()
    collected = dict(results.get(timeout=timeout) for _ in range(world))  # type: ignore[misc]
    for proc in procs:
        proc.join(timeout=30)
    return [collected[rank] for rank in range(world)]
