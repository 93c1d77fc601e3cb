"""The PyTorch wheel index an environment's torch comes from. PyPI has one build of each torch
release, for whichever CUDA that release chose as its default (torch 2.11.0 on PyPI is the
CUDA 13 build, with the nvidia-*-cu13 wheels); the other builds are only on
download.pytorch.org/whl/<build>. An environment that pins a CUDA toolkit needs the build
of that toolkit's major (``torch.utils.cpp_extension`` refuses a major mismatch, the
knowledge base's ``torch-X.Y-cuda-major`` rows), so ``up`` installs from that build's
index, chosen from the knowledge base's ``torch-X.Y-cuda`` rows (``builds = true``: the
builds PyTorch published) — outsider11 #17: a CUDA 12.8.1 environment got torch+cu130.

torch_npu on x86_64 is built against the CPU build of torch (``torch==2.10.0+cpu``), which
is only on the CPU index (outsider11 #18: ``uv pip install torch==2.10.0 torch_npu==2.10.0``
is unsatisfiable from PyPI alone).

An environment with no CUDA toolkit and no torch_npu, made on a host the probe found no
accelerator in, gets the CPU build too: PyPI's is the CUDA build, which pulls gigabytes of
nvidia-* and cuda-toolkit wheels no device here can use (outsider18 D6: hpcaitech/TensorNVMe, a
CPU offload extension, got torch 2.14.0+cu130 with cuda-bindings on a GPU-less host); PyTorch's
own instructions for a host without a GPU name the CPU index (pytorch.org/get-started/locally,
"Compute Platform: CPU")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

import msgspec

from bringup import backends
from bringup.model import keys
from bringup.model.plan import Plan
from bringup.model.resolution import Environment, Resolution
from bringup.model.rules import Rule
from bringup.model.snapshot import Snapshot
from bringup.subjects import canonical_subject, scheme_for
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

_MAJOR_MINOR = re.compile(r"(\d+)\.(\d+)")

PYTORCH_WHEELS = "https://download.pytorch.org/whl"
"""PyTorch's own wheel index: ``/cu128``, ``/cu130``, ``/cpu`` (pytorch.org/get-started)."""

CPU_INDEX = f"{PYTORCH_WHEELS}/cpu"
NPU_CPU_INDEX = CPU_INDEX
NPU_CPU_ARCHES = ("x86_64", "amd64")
NPU_CPU_SOURCE = (
    "https://gitcode.com/Ascend/pytorch README (x86_64: torch==X+cpu from "
    "https://download.pytorch.org/whl/cpu); vllm-project/vllm-ascend "
    "docs/source/installation.md ('configure the extra-index ... if you are working on an "
    "x86 machine: https://download.pytorch.org/whl/cpu/')"
)
"""Where the CPU index for torch_npu on x86_64 is said (zzhx1/vllm-ascend@5e39074
docs/source/installation.md:136-140 quotes it)."""


def torch_index(
    environment: Environment,
    arch: Optional[str],
    rules: Sequence[Rule],
    no_devices: bool = False,
) -> Optional[str]:
    """The PyTorch index this environment's torch must come from, or None (no torch pinned
    to a release; no CUDA toolkit or torch_npu beside it on a host with devices or whose
    devices are unknown; or no published build of the toolkit's major: then the solver's own
    rows already refuse the pair). ``no_devices``: the probe found no accelerator here
    (``devices_absent``)."""
    torch = environment.pin("torch")
    if torch is None or torch.origin in ("installed", "index"):
        return None
    if environment.pin("torch_npu") is not None:
        return NPU_CPU_INDEX if (arch or "").lower() in NPU_CPU_ARCHES else None
    cuda = environment.pin("cuda")
    if cuda is None:
        return CPU_INDEX if no_devices else None
    build = _build_for(torch.version, cuda.version, rules)
    return None if build is None else f"{PYTORCH_WHEELS}/cu{build[0]}{build[1]}"


def devices_absent(snapshot: Snapshot) -> bool:
    """Whether the snapshot shows no accelerator here: none listed, and every backend's device
    count read as 0 (nvidia-smi absent and no NVIDIA device on the PCI bus, the same for
    Ascend); a count that is unknown (a pasted report that never mentions it) is no proof."""
    if snapshot.accelerators:
        return False
    from bringup.solve.host import host_facts

    host = host_facts(snapshot)
    counts = [host.value(devices.count_subject) for _, devices in backends.with_devices()]
    return bool(counts) and all(
        c is not None and c.status == "ok" and c.values == ("0",) for c in counts
    )


def _build_for(torch: str, cuda: str, rules: Sequence[Rule]) -> Optional[tuple[int, int]]:
    """The CUDA build of ``torch`` for toolkit ``cuda``: of the published builds with its
    major, the newest not newer than it (a minor mismatch only warns), else the oldest."""
    found = _MAJOR_MINOR.match(cuda.strip())
    if found is None:
        return None
    pinned = (int(found[1]), int(found[2]))
    builds = [b for b in _published(torch, rules) if b[0] == pinned[0]]
    older = [b for b in builds if b <= pinned]
    if older:
        return max(older)
    return min(builds) if builds else None


def _published(torch: str, rules: Sequence[Rule]) -> list[tuple[int, int]]:
    """The CUDA builds (major, minor) the knowledge base lists for ``torch``'s release."""
    found: list[tuple[int, int]] = []
    for rule in rules:
        if not rule.builds or canonical_subject(rule.subject) != "torch":
            continue
        if canonical_subject(rule.then_subject) != "cuda":
            continue
        try:
            if not SpecifierSet(rule.spec, scheme_for("torch")).contains(
                Version(torch, scheme_for("torch"))
            ):
                continue
        except (InvalidSpecifier, InvalidVersion):
            continue
        for part in rule.then_spec.split("||"):
            build = _MAJOR_MINOR.match(part.strip().lstrip("="))
            if build is not None:
                found.append((int(build[1]), int(build[2])))
    return found


def host_torch_index(
    environment: Environment, snapshot: Snapshot, rules: Sequence[Rule]
) -> Optional[str]:
    """``torch_index`` on the host ``snapshot`` shows: its architecture, its devices."""
    fact = snapshot.fact(keys.ARCH)
    arch = str(fact.value) if fact is not None and fact.ok else None
    return torch_index(environment, arch, rules, devices_absent(snapshot))


def with_torch_indexes(
    plan: Plan, resolution: Resolution, snapshot: Snapshot, rules: Sequence[Rule]
) -> Plan:
    """``plan`` with each torch install marked with the index ``host_torch_index`` gives its
    environment, so ``check``'s next action says where the build comes from as ``up`` gets
    it (outsider11: "install torch 2.11.0" into a CUDA 12.8.1 environment named no index)."""
    environments = {e.index: e for e in resolution.environments}
    actions = tuple(
        msgspec.structs.replace(action, index=host_torch_index(environment, snapshot, rules))
        if action.kind == "install"
        and action.subject == "torch"
        and (environment := environments.get(action.environment or 0)) is not None
        else action
        for action in plan.actions
    )
    return msgspec.structs.replace(plan, actions=actions)


def pypi_serves(environment: Environment, index: Optional[str]) -> bool:
    """Whether PyPI's torch serves where ``index`` does not answer: the CPU index chosen for a
    host with no accelerator, whose build PyPI's CUDA build can stand in for (larger, and
    runs on the CPU as well); not torch_npu's ``+cpu`` build, nor a CUDA build matched to a
    toolkit. uv stops at an extra index that does not answer, where pip goes on to the next
    (home-assistant/core#175404: "uv treats a failing extra index as fatal"), so ``up``
    makes the environment again without it (``environments.make_environment``)."""
    return index == CPU_INDEX and environment.pin("torch_npu") is None
