"""A fourth backend that lives in the test suite only: ROCm on AMD Instinct GPUs, registered
through the ``bringup.backends`` entry point the way a third-party package would be. It owns
one toolkit subject (``rocm``), a device count, the ``MI300X``/``MI250X`` chip names and a
collector (``probe.py``) that reads ``/opt/rocm/.info/version`` and ``rocm-smi``, a
ladder (``rungs.py``), a reader of pasted ``rocm-smi`` output and the ROCm fields of
PyTorch's collect_env (``report.py``) and the version scheme of its releases (``versions.py``)."""

from __future__ import annotations

from bringup.backends.base import ActivationRule, DeclaredBackend, DeviceFacts, Vocabulary
from bringup.subjects import Subject
from bringup_fake_rocm.versions import SCHEME

BACKEND = DeclaredBackend(
    name="rocm",
    vendor="amd",
    device_kind="gpu",
    subjects=(
        Subject(
            name="rocm",
            scheme="rocm",
            scope="toolkit",
            display="ROCm",
            toolkit_kinds=("rocm",),
            backend="rocm",
        ),
        Subject(
            name="amd_gpu_count",
            scheme="numeric",
            scope="hardware",
            display="AMD GPUs",
            device_only=True,
            backend="rocm",
        ),
    ),
    collectors={"rocm": "bringup_fake_rocm.probe:probe_rocm"},
    ladder_rungs=("bringup_fake_rocm.rungs:RUNGS",),
    report_importers={
        "rocm-smi": "bringup_fake_rocm.report:READER",
        "rocm-terms": "bringup_fake_rocm.report:TERMS",
    },
    devices=DeviceFacts(
        count_subject="amd_gpu_count",
        kind_subject="chip",
        kind_field="family",
        tool_fact="rocm.rocm_smi",
        count_fact="rocm.device_count",
        pci_fact="host.pci.amd_gpus",
        none="no AMD GPU",
    ),
    signature_namespace="rocm.",
    vocabulary=Vocabulary(
        subject_patterns=(("rocm", r"\bROCm\b"),),
        unversioned=("rocm",),
        names={"rocm": "rocm"},
        toolkit_subject="rocm",
        chips=(
            ("MI300X", r"\bMI300X\b|\bgfx942\b"),
            ("MI250X", r"\bMI250X?\b|\bgfx90a\b"),
        ),
        markers=r"ROCm|\bAMD\b|Instinct|\bMI\d{3}",
        device_words=("GPU",),
        vendor_words=("AMD",),
        libraries={"amdhip64": ("rocm", "the HIP runtime, part of ROCm")},
        status_command="rocm-smi",
        launch_blocking="HIP_LAUNCH_BLOCKING",
        device_nodes=("kfd",),
        variable_prefixes=("HIP_",),
    ),
    schemes={"rocm": SCHEME},
    activate=ActivationRule(
        variables={"ROCM_PATH": "{root}"},
        prepend={"PATH": ("{root}/bin",), "LD_LIBRARY_PATH": ("{root}/lib",)},
    ),
)
