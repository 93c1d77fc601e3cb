"""The interface every backend implements, and how one is chosen.

Backends are imported only when asked for, so the CPU ``ring`` backend works on a machine
without torch, and asking for ``hccl`` without torch_npu fails with a message saying so.
"""

from __future__ import annotations

import importlib
from typing import Dict, List, Protocol, Tuple


class CommError(RuntimeError):
    """A collective could not run: peers unreachable, a timeout, a backend missing."""


class Backend(Protocol):
    rank: int
    world_size: int

    def allreduce(self, values: List[float]) -> List[float]:
        """The element-wise sum of ``values`` over all ranks, on every rank."""

    def broadcast(self, values: List[float], root: int = 0) -> List[float]:
        """``values`` of rank ``root``, on every rank."""

    def barrier(self) -> None:
        """Returns once every rank has called it."""

    def close(self) -> None:
        """Releases sockets or process groups."""


BACKENDS: Dict[str, Tuple[str, str]] = {
    "ring": ("ascend_comm.ring", "RingBackend"),
    "gloo": ("ascend_comm.torch_backends", "GlooBackend"),
    "hccl": ("ascend_comm.torch_backends", "HcclBackend"),
    "nccl": ("ascend_comm.torch_backends", "NcclBackend"),
}


def init_process_group(
    backend: str, rank: int, world_size: int, master_addr: str, master_port: int,
    timeout: float = 30.0,
) -> Backend:
    """Join the group of ``world_size`` processes that rendezvous at
    ``master_addr:master_port`` (rank 0 listens there) and return the backend."""
    if backend not in BACKENDS:
        raise CommError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if not 0 <= rank < world_size:
        raise CommError(f"rank {rank} is outside a world of {world_size}")
    module_name, class_name = BACKENDS[backend]
    module = importlib.import_module(module_name)
    factory = getattr(module, class_name)
    result: Backend = factory(rank, world_size, master_addr, master_port, timeout)
    return result
