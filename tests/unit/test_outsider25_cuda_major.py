"""A CUDA toolkit pinned beside a torch build of another CUDA major breaks every extension
built against that torch (torch.utils.cpp_extension's ``_check_cuda_version``). The
environment's CUDA runtime wheel names the build's major: InternVL's torch 2.7.0 came with
nvidia-cuda-runtime-cu12 12.6.77 and the design for an A100 host pinned CUDA 11.8.0, since
torch 2.7 is built for 11.8 too (/work/notes/outsider25.md, D6)."""

from __future__ import annotations

from pathlib import Path

from bringup.inputs import read_target
from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.plan.design import design_stack
from bringup.solve import knowledge_catalogue
from solve_inputs import requirement

DATA = Path(__file__).resolve().parents[2] / "tests/data/outsider25"
REPORT = DATA / "vllm_8841_a100_collect_env.txt"
"""vllm-project/vllm#8841 (first line: URL): 8x A100-SXM4-40GB, driver 550.90.07, as pasted."""


def test_the_toolkit_has_the_major_of_the_runtime_wheel_beside_torch() -> None:
    # OpenGVLab/InternVL@2410d1db internvl_chat_gpt_oss/requirements.txt:89,159 and
    # INSTALLATION.md:67 (apex's CUDA extensions: a CUDA toolkit, no version)
    lines = (
        ("pypi:nvidia-cuda-runtime-cu12", "==12.6.77", "requirements.txt:89"),
        ("torch", "==2.7.0", "requirements.txt:159"),
        ("cuda", "", "INSTALLATION.md:67"),
    )
    internvl = Component(
        name="internvl",
        path="internvl",
        role="other",
        requirements=tuple(requirement("internvl", s, v, f"internvl/{at}") for s, v, at in lines),
    )
    kb = load_knowledge_base()
    catalogue = knowledge_catalogue(kb)
    target = read_target(str(REPORT), catalogue)
    design = design_stack(
        [internvl], target.target, target.host, kb.rules(), catalogue, allow_driver_change=True
    )
    (environment,) = design.resolution.environments
    pins = {pin.subject: pin.version for pin in environment.pins}
    assert pins["torch"] == "2.7.0"
    assert pins["cuda"].startswith("12.")
