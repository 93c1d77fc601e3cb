"""Two-rank data-parallel smoke test, started by torchrun (one process per NPU): each rank
computes a gradient, GradientSync averages them, and every rank must see the same mean."""

from __future__ import annotations

import os

import torch
import torch_npu  # noqa: F401  (registers the npu device)

from train_adapter import GradientSync


def main() -> None:
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    torch.npu.set_device(int(os.environ.get("LOCAL_RANK", rank)))
    sync = GradientSync(rank, world, os.environ["MASTER_ADDR"], int(os.environ["MASTER_PORT"]) + 1)
    grad = torch.full((16,), float(rank + 1), device="npu")
    sync.average([grad])
    expected = sum(range(1, world + 1)) / world
    assert torch.allclose(grad.cpu(), torch.full((16,), expected)), grad
    print(f"rank {rank}: ok, mean gradient {expected}")


if __name__ == "__main__":
    main()
