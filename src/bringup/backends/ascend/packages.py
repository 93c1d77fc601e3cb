"""CANN's package files as Huawei publishes them (Ascend/cann-container-image Dockerfiles;
ascend-deployer downloader/software/CANN_<ver>.json), via shared/facts/ascend-facts.md §1: the
toolkit installer, and the per-chip operator package installed beside it on the NPU host."""

from __future__ import annotations

from typing import Optional

from bringup.backends.ascend.versions import internal_build
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
    major_minor = tuple(int(p) for p in version.split(".")[:2] if p.isascii() and p.isdigit())
    if major_minor >= (8, 5):
        return f"Ascend-cann-{name}-ops_{version}_linux-{arch}.run"
    return f"Ascend-cann-kernels-{name}_{version}_linux-{arch}.run"


def cann(version: str, chip: Optional[str], arch: str) -> Optional[Packages]:
    """The toolkit ``.run`` (installed with ``--install``) and its operator package; None for
    an internal build number, which names no published file (``Ascend-cann-toolkit_8.2.T12.0
    _linux-x86_64.run`` was the next action for HongminTan/ACNC2025-HCCL@f85b7e6d, whose
    version.info:1 says 8.2.T12.0 and whose Dockerfile:49-51 downloads the 8.2.RC1.alpha003
    release: outsider40 D2)."""
    if internal_build(version):
        return None
    toolkit = f"Ascend-cann-toolkit_{version}_linux-{arch}.run"
    return Packages(
        files=(toolkit, kernels(version, chip, arch)),
        argv=(f"./{toolkit}", "--install"),
        source=SOURCE,
    )
