"""ascend-comm: one interface for collectives over HCCL (Ascend NPUs), NCCL (NVIDIA GPUs),
gloo (CPU, through torch) and ``ring`` (CPU, pure Python over TCP)."""

from ascend_comm.backend import BACKENDS, Backend, CommError, init_process_group

__all__ = ["BACKENDS", "Backend", "CommError", "init_process_group"]
__version__ = "0.2.1"
