"""CANN's package files as Huawei publishes them (Ascend/cann-container-image Dockerfiles;
ascend-deployer downloader/software/CANN_<ver>.json), via shared/facts/ascend-facts.md §1: the
toolkit installer, and the per-chip operator package installed beside it on the NPU host."""

from __future__ import annotations

from typing import Optional

from bringup.backends.base import Packages
from bringup.model.source import Source

SOURCE = Source(
    kind="kb",
    ref="ascend/cann-packages",
    url="https://github.com/Ascend/cann-container-image",
)


def kernels(version: str, chip: Optional[str], arch: str) -> str:
    """The per-chip operator package: ``kernels-<chip>`` up to 8.3, ``<chip>-ops`` from 8.5."""
    name = (chip or "<chip>").lower()
    major_minor = tuple(int(p) for p in version.split(".")[:2] if p.isdigit())
    if major_minor >= (8, 5):
        return f"Ascend-cann-{name}-ops_{version}_linux-{arch}.run"
    return f"Ascend-cann-kernels-{name}_{version}_linux-{arch}.run"


def cann(version: str, chip: Optional[str], arch: str) -> Packages:
    """The toolkit ``.run`` (installed with ``--install``) and its operator package."""
    toolkit = f"Ascend-cann-toolkit_{version}_linux-{arch}.run"
    return Packages(
        files=(toolkit, kernels(version, chip, arch)),
        argv=(f"./{toolkit}", "--install"),
        source=SOURCE,
    )
