"""The fake ROCm backend's ladder: PyTorch's ROCm build answers to the ``cuda`` device and
the ``nccl`` process group (RCCL underneath), and ``HIP_VISIBLE_DEVICES`` picks devices
(https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html)."""

from __future__ import annotations

from bringup.ladder.standard import TorchBackend, torch_rungs

RUNGS = torch_rungs(
    TorchBackend(
        name="rocm",
        device="cuda",
        dist_backend="nccl",
        visible="HIP_VISIBLE_DEVICES",
        durations={
            "device-init": (5.0, 5.0, 5.0),
            "operators": (5.0, 15.0, 120.0),
            "communication": (10.0, 30.0, 90.0),
            "memory": (5.0, 10.0, 30.0),
        },
    )
)
