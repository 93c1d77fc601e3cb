"""Backends over ``torch.distributed``: gloo on the CPU, HCCL on Ascend NPUs (through
torch_npu, which registers the "hccl" backend and the "npu" device), NCCL on NVIDIA GPUs.
torch is imported here only, so the rest of the package never needs it."""

from __future__ import annotations

import datetime
import importlib
from typing import Any, List

from ascend_comm.backend import CommError


class _TorchBackend:
    backend = "gloo"
    device_type = "cpu"
    dtype_name = "float64"
    needs = "torch"

    def __init__(
        self, rank: int, world_size: int, master_addr: str, master_port: int, timeout: float = 30.0
    ) -> None:
        try:
            self._torch: Any = importlib.import_module("torch")
            self._dist: Any = importlib.import_module("torch.distributed")
        except ImportError:
            raise CommError(f"the {self.backend} backend needs {self.needs}") from None
        self.rank = rank
        self.world_size = world_size
        self._device = self._select_device(rank)
        self._dist.init_process_group(
            backend=self.backend,
            init_method=f"tcp://{master_addr}:{master_port}",
            rank=rank,
            world_size=world_size,
            timeout=datetime.timedelta(seconds=timeout),
        )

    def _select_device(self, rank: int) -> Any:
        return self._torch.device("cpu")

    def _tensor(self, values: List[float]) -> Any:
        dtype = getattr(self._torch, self.dtype_name)
        return self._torch.tensor(values, dtype=dtype, device=self._device)

    def allreduce(self, values: List[float]) -> List[float]:
        tensor = self._tensor(values)
        self._dist.all_reduce(tensor)
        return [float(v) for v in tensor.cpu().tolist()]

    def broadcast(self, values: List[float], root: int = 0) -> List[float]:
        size = self._tensor([float(len(values))])
        self._dist.broadcast(size, src=root)
        tensor = self._tensor(values if self.rank == root else [0.0] * int(size.item()))
        self._dist.broadcast(tensor, src=root)
        return [float(v) for v in tensor.cpu().tolist()]

    def barrier(self) -> None:
        self._dist.barrier()

    def close(self) -> None:
        if self._dist.is_initialized():
            self._dist.destroy_process_group()


class GlooBackend(_TorchBackend):
    """CPU collectives through torch's gloo."""


class HcclBackend(_TorchBackend):
    """Ascend NPUs: one NPU per rank (rank modulo the visible NPUs)."""

    backend = "hccl"
    device_type = "npu"
    dtype_name = "float32"
    needs = "torch and torch_npu (with the CANN toolkit)"

    def _select_device(self, rank: int) -> Any:
        try:
            importlib.import_module("torch_npu")
        except ImportError:
            raise CommError("the hccl backend needs torch_npu") from None
        count = self._torch.npu.device_count()
        if count == 0:
            raise CommError("the hccl backend found no NPU (check npu-smi info)")
        self._torch.npu.set_device(rank % count)
        return self._torch.device("npu", rank % count)


class NcclBackend(_TorchBackend):
    """NVIDIA GPUs: one GPU per rank."""

    backend = "nccl"
    device_type = "cuda"
    dtype_name = "float32"
    needs = "a CUDA build of torch"

    def _select_device(self, rank: int) -> Any:
        count = self._torch.cuda.device_count()
        if count == 0:
            raise CommError("the nccl backend found no CUDA GPU")
        self._torch.cuda.set_device(rank % count)
        return self._torch.device("cuda", rank % count)
