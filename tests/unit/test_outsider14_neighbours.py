"""outsider14 D4: LLaMA-Factory's verdict changed with the repos checked beside it ("may run
here, unverified" alone, "needs other hardware: NVIDIA driver" beside two others), from a line
of its Docker guide's troubleshooting section. A repo that supports several kinds of device is
planned for its own kind, whatever its neighbours need; a troubleshooting answer's
``nvidia-smi`` is a diagnosis, no need. Real lines: hiyouga/LLaMA-Factory@ff6d4d12
docker/docker-cuda/README.md:87-95; the two-kinds fixture stack (its SOURCES)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from bringup.scan.docs import extract_docs
from bringup.scan.extraction import SourceFile
from bringup.scan.repo import scan_repo
from bringup.solve.kinds import host_groups

STACK = Path(__file__).resolve().parents[1] / "fixtures/repos/two-kinds"
TROUBLESHOOTING = """# Docker Setup for NVIDIA GPUs

## Troubleshooting

### GPU Not Detected

If your GPU is not detected inside the container:

1. Ensure `nvidia-container-toolkit` is installed
2. Check that the Docker daemon has been restarted after installation
3. Verify your NVIDIA drivers are properly installed: `nvidia-smi`
4. Check Docker GPU support: `docker run --rm --gpus all ubuntu nvidia-smi`
"""


def test_a_troubleshooting_answers_driver_check_is_no_hard_need() -> None:
    rel = "docker/docker-cuda/README.md"
    found = extract_docs(SourceFile(ref=f"r/{rel}", rel=rel, text=TROUBLESHOOTING))
    drivers = [r for r in found.requirements if r.subject == "nvidia_driver"]
    assert drivers
    assert not any(r.hard for r in drivers)


def test_the_same_check_outside_troubleshooting_stays_hard() -> None:
    text = TROUBLESHOOTING.replace("## Troubleshooting", "## Prerequisites").replace(
        "### GPU Not Detected", "### Verify GPU Access"
    )
    rel = "docker/docker-cuda/README.md"
    found = extract_docs(SourceFile(ref=f"r/{rel}", rel=rel, text=text))
    assert any(r.hard for r in found.requirements if r.subject == "nvidia_driver")


def test_a_repo_for_either_kind_is_planned_for_its_own_kind_beside_any_neighbour() -> None:
    npu = scan_repo(STACK / "vllm-ascend", "vllm-ascend").component
    gpu = scan_repo(STACK / "flash-attention", "flash-attention").component
    either = msgspec.structs.replace(
        npu, name="either", requirements=npu.requirements + gpu.requirements
    )
    alone, _ = host_groups([either], frozenset())
    beside, _ = host_groups([gpu, either], frozenset())
    kind_alone = next(g.kind for g in alone if "either" in [c.name for c in g.components])
    kind_beside = next(g.kind for g in beside if "either" in [c.name for c in g.components])
    assert kind_alone == kind_beside == "ascend"
    # this machine's kind still decides (``prefer``)
    mine, _ = host_groups([npu, either], frozenset(), frozenset({"cuda"}))
    assert next(g.kind for g in mine if "either" in [c.name for c in g.components]) == "cuda"
