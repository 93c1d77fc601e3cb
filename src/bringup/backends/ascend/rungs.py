"""The Ascend backend's ladder: npu-smi and torch_npu, HCCL with one process per NPU."""

from __future__ import annotations

from bringup.ladder.standard import TorchBackend, torch_rungs

RUNGS = torch_rungs(
    TorchBackend(
        name="ascend",
        device="npu",
        runtime="torch_npu",
        dist_backend="hccl",
        smi="npu-smi info",
        smi_parser="bringup.backends.ascend.parse:parse_npu_smi_info",
        visible="ASCEND_RT_VISIBLE_DEVICES",
        durations={
            # torch_npu's first operators compile kernels: seconds more than CUDA's.
            "device-init": (10.0, 10.0, 10.0),
            "operators": (30.0, 60.0, 180.0),
            "communication": (30.0, 60.0, 180.0),
            "memory": (10.0, 20.0, 40.0),
        },
    )
)
