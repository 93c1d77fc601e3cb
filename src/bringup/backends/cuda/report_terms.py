"""The words CUDA's facts go by in the generic reports people paste
(``bringup.probe.importers.terms``), registered in the backend's ``report_importers``:
PyTorch's collect_env fields (``CUDA used to build PyTorch``, ``Is CUDA available``,
``Nvidia driver version``...) and its ``GPU 0: ...`` lines, sglang's compute capability
lines, GPU names in templates, cuDNN/NCCL library files and ``dpkg -l`` rows, and its
subjects' names (``report_words.toml``). Combined labels split per subject: ``CUDA/cuDNN
version: 11.2/8.1``, ``CUDA/cuDNN version: CUDA 11.0, cuDNN 8.0.5``; ``GPU models and
configuration`` is one label, its value on the next line; ``8*A100`` is a count."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import msgspec

from bringup.backends.cuda import keys as cuda_keys
from bringup.backends.cuda.parse import architecture
from bringup.model import Accelerator
from bringup.probe.importers.terms import DeviceProperty, ReportTerms

_WORDS = r"nvidia|cuda|geforce|tesla|gpu|rtx|显卡"
_WORDS_PATTERN = re.compile(_WORDS, re.IGNORECASE)
_GPU_NAME = re.compile(
    r"(?:NVIDIA|Tesla|GeForce|Quadro|RTX)\b[^,;|]*|\b[AHBLTV]\d{2,3}[A-Za-z0-9\-]*\b"
)


_TOOLKIT_PACKAGE = (
    r"^(?:cuda-(?:toolkit|nvcc)-\d+-\d*|cuda-toolkit|nvidia-cuda-(?:toolkit|tool|dev))$"
)
"""The CUDA toolkit's own packages in ``dpkg -l``: NVIDIA's ``cuda-toolkit-12-2`` /
``cuda-nvcc-12-2`` (their version the toolkit's), Debian's and Ubuntu's ``nvidia-cuda-toolkit``
/ ``nvidia-cuda-dev``. ``dpkg -l`` cuts a name to its column ("nvidia-cuda-tool 9.1.85-4~bpo9
... NVIDIA CUDA development toolkit", NVIDIA/nvidia-docker#809; ``cuda-toolkit-12-`` at 16
characters): a cut name still names the package. Not ``cuda-drivers`` or ``cuda-keyring``."""


def _named_gpu(label: str, value: str) -> Optional[str]:
    """The GPU a device label's value names, when the label or value speaks of NVIDIA."""
    if not _WORDS_PATTERN.search(label + " " + value):
        return None
    gpu = _GPU_NAME.search(value)
    return gpu.group(0).strip() if gpu is not None else None


def _with_capability(gpu: Accelerator, capability: str) -> Accelerator:
    return msgspec.structs.replace(
        gpu, compute_capability=capability, family=architecture(capability)
    )


TERMS = ReportTerms(
    fields={
        "CUDA used to build PyTorch": (cuda_keys.TORCH_CUDA, "version"),
        "Is CUDA available": (cuda_keys.TORCH_CUDA_AVAILABLE, "bool"),
        "CUDA runtime version": (cuda_keys.CUDA_ACTIVE, "version"),
        "Nvidia driver version": (cuda_keys.NVIDIA_DRIVER, "version"),
        "cuDNN version": (cuda_keys.CUDA_CUDNN, "version"),
        # detectron2's collect_env (``importers.tabulated``): "Driver version  535.86.10",
        # "GPU available  Yes", older "CUDA available  True"
        "Driver version": (cuda_keys.NVIDIA_DRIVER, "version"),
        "GPU available": (cuda_keys.TORCH_CUDA_AVAILABLE, "bool"),
        "CUDA available": (cuda_keys.TORCH_CUDA_AVAILABLE, "bool"),
    },
    # a pasted interpreter session: ">>> torch.version.cuda" then "'12.1'"
    expressions={
        "torch.version.cuda": (cuda_keys.TORCH_CUDA, "version"),
        "torch.cuda.is_available()": (cuda_keys.TORCH_CUDA_AVAILABLE, "bool"),
    },
    labels=("GPU models and configuration",),
    # detectron2's collect_env rows of these (``importers.tabulated``: "CUDA_HOME  /usr/local/cuda")
    environment=("CUDA_HOME", "TORCH_CUDA_ARCH_LIST"),
    absent=("No CUDA",),
    # collect_env's "GPU models and configuration: GPU 0: NVIDIA A100 (UUID: ...)" (or the
    # lines after it) and sglang's check_env "GPU 0,1: NVIDIA A40"; not nvidia-smi -q's bus-id
    # header "GPU 00000000:42:00.0" (bigstack-oss/cubecos#312), which is no index and name
    device_lines=(
        re.compile(
            r"^(?=\s*GPU |.*GPU models).*?GPU (\d+(?:,\d+)*):\s*"
            r"(?![0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]\b)(.+?)(?:\s*\(UUID:.*\))?$"
        ),
    ),
    device_property=DeviceProperty(
        pattern=re.compile(r"^GPU (\d+(?:,\d+)*) Compute Capability:\s*(\d+\.\d+)$"),
        fact=cuda_keys.NVIDIA_COMPUTE_CAPABILITY,
        apply=_with_capability,
    ),
    words=_WORDS,
    device_words=r"gpu|a100|h100|h800|a800",
    count_units=r"gpus?\b",
    device_name=_named_gpu,
    libraries={"cudnn": cuda_keys.CUDA_CUDNN, "nccl": cuda_keys.CUDA_NCCL},
    dpkg=(
        (r"^(?:lib)?cudnn\d*(?:-cuda-\d+)?$", cuda_keys.CUDA_CUDNN),
        (r"^libnccl2$", cuda_keys.CUDA_NCCL),
        (r"^nvidia-driver-\d+(?:-server)?(?:-open)?$", cuda_keys.NVIDIA_DRIVER),
        (_TOOLKIT_PACKAGE, cuda_keys.CUDA_ACTIVE),
    ),
    dpkg_named=((r"^cudnn-local-repo-\S+-(\d+\.\d+\.\d+(?:\.\d+)?)$", cuda_keys.CUDA_CUDNN),),
    json_vendors=("nvidia",),
    subjects_file=Path(__file__).with_name("report_words.toml"),
)
