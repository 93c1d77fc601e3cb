"""The CUDA backend's ladder: nvidia-smi and torch.cuda, NCCL with one process per GPU."""

from __future__ import annotations

from bringup.backends.cuda.parse import QUERY_FIELDS
from bringup.ladder.standard import TorchBackend, torch_rungs

RUNGS = torch_rungs(
    TorchBackend(
        name="cuda",
        device="cuda",
        dist_backend="nccl",
        smi="nvidia-smi --query-gpu=" + ",".join(QUERY_FIELDS) + " --format=csv,noheader,nounits",
        smi_parser="bringup.backends.cuda.parse:parse_nvidia_smi_query",
        visible="CUDA_VISIBLE_DEVICES",
        durations={
            "device-init": (5.0, 5.0, 5.0),
            "operators": (8.0, 15.0, 60.0),
            "communication": (15.0, 30.0, 120.0),
            "memory": (5.0, 10.0, 30.0),
        },
    )
)
