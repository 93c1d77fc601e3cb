"""The fake ROCm backend's report readers, registered through its ``report_importers`` slot: a
pasted ``rocm-smi --showproductname`` (its ``GPU[n] : field : value`` lines) names the GPUs,
and the fields PyTorch's collect_env prints on a ROCm build (``ROCM used to build PyTorch``,
``HIP runtime version``, ``MIOpen runtime version``) and gpustack's ``"vendor": "amd"`` are
its terms."""

from __future__ import annotations

from typing import Optional

from bringup.model import Source
from bringup.parsing import Collected, at_line
from bringup.probe.importers.readers import SectionReader
from bringup.probe.importers.terms import ReportTerms
from bringup_fake_rocm.probe import _FIELD, _parse


def rocm_smi_block(
    lines: list[str], index: int, source: Source
) -> Optional[tuple[int, Optional[Collected]]]:
    """The run of ``GPU[n] :`` lines starting at ``index``, and the GPUs it names."""
    if not _FIELD.match(lines[index]):
        return None
    end = index
    while end < len(lines) and _FIELD.match(lines[end]):
        end += 1
    found = _parse("\n".join(lines[index:end]), at_line(source, index + 1))
    return end, Collected(accelerators=found) if found else None


READER = SectionReader(block=rocm_smi_block)


TERMS = ReportTerms(
    fields={
        "ROCM used to build PyTorch": ("python.torch.rocm_version", "version"),
        "HIP runtime version": ("rocm.hip.version", "version"),
        "MIOpen runtime version": ("rocm.miopen.version", "version"),
    },
    json_vendors=("amd",),
)
