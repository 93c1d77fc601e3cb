"""Average gradients across data-parallel ranks through ascend-comm (HCCL on NPUs)."""

from __future__ import annotations

from typing import Any, List

from ascend_comm import init_process_group


class GradientSync:
    def __init__(self, rank: int, world_size: int, master_addr: str, master_port: int,
                 backend: str = "hccl") -> None:
        self.world_size = world_size
        self.group = init_process_group(backend, rank, world_size, master_addr, master_port)

    def average(self, grads: List[Any]) -> None:
        flat = [float(v) for g in grads for v in g.reshape(-1).tolist()]
        total = self.group.allreduce(flat)
        offset = 0
        for grad in grads:
            count = grad.numel()
            values = total[offset : offset + count]
            grad.copy_(grad.new_tensor(values).reshape(grad.shape) / self.world_size)
            offset += count
