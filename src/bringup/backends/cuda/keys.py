"""Fact keys of the CUDA backend: written by its collector, read by the solver (through
the backend's ``DeviceFacts``), triage and the report importers."""

from __future__ import annotations

PCI_NVIDIA_GPUS = (
    "host.pci.nvidia_gpus"  # PCI display/3D devices of vendor 0x10de, no driver needed
)
NVIDIA_DRIVER = "nvidia.driver.version"  # 535.104.05, from /proc or nvidia-smi
NVIDIA_DRIVER_CUDA = "nvidia.driver.cuda_version"  # "CUDA Version" nvidia-smi prints: max runtime
NVIDIA_SMI = "nvidia.nvidia_smi"  # the nvidia-smi answer itself: ok / absent / timed_out / failed
NVIDIA_DEVICE_COUNT = "nvidia.device_count"
NVIDIA_COMPUTE_CAPABILITY = "nvidia.compute_capability"  # a report's "Compute Capability" line
NVIDIA_GPU_NAME = "nvidia.gpu.name"  # a GPU a pasted report names without nvidia-smi's table
NVIDIA_KERNEL_MODULE = "nvidia.driver.kernel_module"  # "open" or "proprietary"
CUDA_ACTIVE = "cuda.toolkit.active"  # version of the nvcc first on PATH or under CUDA_HOME
CUDA_HOME = "cuda.env.CUDA_HOME"
CUDA_NCCL = "cuda.nccl.version"
CUDA_CUDNN = "cuda.cudnn.version"
TORCH_CUDA = "python.torch.cuda_version"  # collect_env's "CUDA used to build PyTorch"
TORCH_CUDA_AVAILABLE = "python.torch.cuda_available"  # collect_env's "Is CUDA available"
