"""Hardware as unseen repos state it (session 22, scan of hardware classes): the architecture
list a CI job builds wheels for, a support matrix's OS row, and three shapes that name devices
without needing them (a feature list's "support ... multiple GPUs", a switch that enables a
feature on some architectures, a CI status badge).

Real lines, quoted with repository, commit, file and line:
facebookresearch/xformers@ca6d2aa0d43241fc8a8dcd872debc2406160160d .github/workflows/
wheels_build.yml:31-33; huawei-csl/pytorch-tcuscan@ddcd5cef186e23ea433766ebaf7e40acce2ec91d
README.md:1-14; open-mmlab/OpenPCDet@8cacccec11db6f59bf6934600c9a175dae254806 README.md:134;
fla-org/flash-linear-attention@bc3b101dcb713ddc5bd8924b66754eb68b5ccf89 ENVs.md:41 and
README.md:124; microsoft/mscclpp@1f5f065d7b13ab02df32c22568f38785d1eeec01 docs/quickstart.md:7.
"""

from __future__ import annotations

import msgspec

from bringup.model import Requirement, file_source
from bringup.scan.borrowed import borrowed
from bringup.scan.ci import extract_ci
from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.prose import read_line
from bringup.scan.scopenames import CI
from bringup.scan.tablecells import clean

_XFORMERS_ENV = (
    "\n" * 30
    + """env:
  # you need at least cuda 5.0 for some of the stuff compiled here.
  TORCH_CUDA_ARCH_LIST: ${{ contains(inputs.toolkit_type, 'cuda') && '7.5 8.0+PTX' || '' }}
"""
)
"""xformers .github/workflows/wheels_build.yml:31-33 (lines 1-30 left blank)."""


def _ci(text: str) -> list[Requirement]:
    rel = ".github/workflows/wheels_build.yml"
    return list(extract_ci(SourceFile(ref=rel, rel=rel, text=text)).requirements)


def test_the_architectures_a_ci_job_builds_for_are_its_wheels_floor() -> None:
    found = [r for r in _ci(_XFORMERS_ENV) if r.subject == "compute_capability"]
    assert [(r.spec, r.source.line, r.hard) for r in found] == [(">=7.5", 33, False)]
    # lent to the repo where it states no capability of its own, soft and of low confidence
    lent = borrowed([], {CI: found}, {})
    assert [(r.spec, r.hard, r.confidence) for r in lent] == [(">=7.5", False, "low")]
    # a repo that states a capability itself keeps its own word
    own = [msgspec.structs.replace(r, source=file_source("README.md", 99)) for r in found]
    assert borrowed(own, {CI: found}, {}) == []
    # constructed: an expression whose strings name no architecture states none
    empty = _XFORMERS_ENV.replace("'7.5 8.0+PTX'", "'cuda'")
    assert not any(r.subject == "compute_capability" for r in _ci(empty))


_TCUSCAN = """# pytorch-tcuscan

AscendC TCUSCAN operators (scan, sort, split, top-k, compress, etc) using the Cube unit.

## Support matrix

| Component | Supported |
| --- | --- |
| Hardware | Atlas A2 / A3 training series (`SOC_VERSION` defaults to `Ascend910B4`) |
| CANN toolkit | 9.0.0 |
| `torch-npu` | 2.10.0 |
| Python | 3.10 – 3.12 |
| OS | Linux (aarch64, x86_64) |
"""
"""pytorch-tcuscan README.md:1-13."""


def test_a_support_matrix_os_row_states_the_os_and_its_cpus() -> None:
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=_TCUSCAN)).requirements
    platform = {(r.subject, r.spec, r.source.line) for r in found if r.subject in ("os", "arch")}
    assert platform == {("os", "linux", 13), ("arch", "aarch64,x86_64", 13)}
    # constructed: the same row naming no CPU states the OS only
    plain = _TCUSCAN.replace("Linux (aarch64, x86_64)", "Linux")
    found = extract_docs(SourceFile(ref="README.md", rel="README.md", text=plain)).requirements
    assert not any(r.subject == "arch" for r in found)


def _hardware(line: str, vendor: str | None = "nvidia") -> list[tuple[str, str]]:
    kinds = ("gpu_count", "compute_capability", "chip")
    return [(m.subject, m.spec) for m in read_line(line, required=True, vendor=vendor)
            if m.subject in kinds]  # fmt: skip


def test_supporting_multiple_devices_needs_no_two() -> None:
    openpcdet = (
        "- [x] Support distributed training & testing with multiple GPUs and multiple machines"
    )
    assert _hardware(openpcdet) == []
    # constructed: "only supports" still limits the repo to them, and a need says so
    assert _hardware("Only supports multi-GPU training.") == [("gpu_count", ">=2")]
    assert _hardware("Training requires multiple GPUs.") == [("gpu_count", ">=2")]


def test_an_architecture_a_switch_enables_a_feature_on_is_no_floor() -> None:
    fla = (
        "| `FLA_USE_TMA`        | `0`     | `0` / `1`  | Enable the Tensor Memory Accelerator "
        "(TMA) on Hopper / Blackwell GPUs. Requires Triton with TMA support.     |"
    )
    assert _hardware(fla) == []
    mscclpp = (
        "    * NVIDIA CUDA architecture 7.0 (Volta) or later, or AMD CDNA 2 architecture (GFX90a)"
        " or later are required."
    )
    assert _hardware(mscclpp) == [("compute_capability", ">=7.0")]


def test_a_ci_badge_names_no_device_the_repo_needs() -> None:
    badge = (
        "[![nvidia-h100-ci](https://github.com/fla-org/flash-linear-attention/actions/workflows/"
        "nvidia-h100.yml/badge.svg?branch=main&event=push)](https://github.com/fla-org/"
        "flash-linear-attention/actions/workflows/nvidia-h100.yml)"
    )
    assert clean(badge) == ""
    assert _hardware(clean(badge)) == []
    # the raw line, read without cleaning, names the H100 (what the badge cleaning prevents)
    assert ("compute_capability", ">=9.0") in _hardware(badge)
