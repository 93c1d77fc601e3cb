"""The CUDA backend (NVIDIA GPUs, the CUDA toolkit, cuDNN, NCCL): what it owns, as data. Its
collector is in ``probe.py``, its pure parsers in ``parse.py``; neither is imported here."""

from __future__ import annotations

from bringup.backends.base import ActivationRule, DeclaredBackend, DeviceFacts, keys_of
from bringup.backends.cuda import keys as cuda_keys
from bringup.backends.cuda.vocabulary import VOCABULARY
from bringup.subjects import Subject

SUBJECTS = (
    Subject(
        name="cuda",
        single_part=True,
        scheme="numeric",
        scope="toolkit",
        display="CUDA",
        fact_key=cuda_keys.CUDA_ACTIVE,
        toolkit_kinds=("cuda",),
        backend="cuda",
    ),
    Subject(name="cudnn", scheme="numeric", scope="toolkit", display="cuDNN", backend="cuda"),
    Subject(name="nccl", scheme="numeric", scope="toolkit", display="NCCL", backend="cuda"),
    Subject(
        name="nvidia_driver",
        minimum=True,
        single_part=True,
        scheme="numeric",
        scope="driver",
        display="NVIDIA driver",
        fact_key=cuda_keys.NVIDIA_DRIVER,
        device_only=True,
        backend="cuda",
    ),
    Subject(
        name="gpu_count",
        minimum=True,
        single_part=True,
        scheme="numeric",
        scope="hardware",
        display="GPUs",
        aliases=("gpus", "gpu"),
        device_only=True,
        backend="cuda",
    ),
    # what each GPU must hold ("at least 80GB of GPU memory"), in GB; not probed yet
    Subject(
        name="gpu_memory",
        minimum=True,
        single_part=True,
        scheme="numeric",
        scope="hardware",
        display="GPU memory (GB)",
        device_only=True,
        backend="cuda",
    ),
    Subject(
        name="compute_capability",
        minimum=True,
        scheme="numeric",
        scope="hardware",
        display="compute capability",
        aliases=("cc",),
        device_only=True,
        backend="cuda",
    ),
)

# The variables and paths NVIDIA's post-installation actions set (CUDA Installation Guide for
# Linux, "Environment Setup"), with CUDA_HOME as torch's cpp_extension reads it.
_ACTIVATION = ActivationRule(
    variables={"CUDA_HOME": "{root}"},
    prepend={"PATH": ("{root}/bin",), "LD_LIBRARY_PATH": ("{root}/lib64",)},
    source="https://docs.nvidia.com/cuda/cuda-installation-guide-linux/#environment-setup",
)

BACKEND = DeclaredBackend(
    name="cuda",
    vendor="nvidia",
    device_kind="gpu",
    subjects=SUBJECTS,
    collectors={"cuda": "bringup.backends.cuda.probe:probe_cuda"},
    ladder_rungs=("bringup.backends.cuda.rungs:RUNGS",),
    report_importers={
        "cuda": "bringup.backends.cuda.report:READER",
        "cuda-terms": "bringup.backends.cuda.report_terms:TERMS",
    },
    toolkit_prefixes=("cuda",),
    devices=DeviceFacts(
        count_subject="gpu_count",
        kind_subject="compute_capability",
        kind_field="compute_capability",
        tool_fact=cuda_keys.NVIDIA_SMI,
        count_fact=cuda_keys.NVIDIA_DEVICE_COUNT,
        pci_fact=cuda_keys.PCI_NVIDIA_GPUS,
        none="no GPU",
        name_fact=cuda_keys.NVIDIA_GPU_NAME,
    ),
    driver_subject="nvidia_driver",
    fact_keys=keys_of(cuda_keys),
    predicates=("bringup.backends.cuda.predicates",),
    signature_namespace="cuda.",
    vocabulary=VOCABULARY,
    image_tag="bringup.backends.cuda.images:tag_values",
    activate=_ACTIVATION,
)
