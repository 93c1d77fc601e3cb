"""vLLM beside the torch its wheel pins (outsider22 D4): cosdt/vllm-ascend's plan put vllm 0.23.0
beside torch_npu 2.5.1rc1's torch 2.5.1, which PyPI's vllm 0.23.0 does not install with
(its METADATA Requires-Dist: torch==2.11.0). vllm_torch.toml holds each wheel's pin as a
recommendation: the solver takes a vLLM whose wheel fits the torch."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.solve import SolveOptions, knowledge_catalogue, solve
from solve_inputs import host

# cosdt/vllm-ascend@a524b50 requirements.txt:5 and Dockerfile:33-34 (vLLM from source, no tag)
LINES = (
    Requirement(
        subject="torch_npu",
        spec="==2.5.1rc1",
        component="vllm-ascend",
        source=file_source("requirements.txt", 5),
    ),
    Requirement(
        subject="vllm", spec="", component="vllm-ascend", source=file_source("Dockerfile", 34)
    ),
)


def test_the_vllm_planned_is_one_whose_wheel_pins_the_torch_beside_it() -> None:
    kb = load_knowledge_base()
    repo = Component(name="vllm-ascend", path="vllm-ascend", role="inference", requirements=LINES)
    resolution = solve([repo], host(), kb.rules(chips=()), knowledge_catalogue(kb), SolveOptions())
    (environment,) = resolution.environments
    torch, vllm = environment.pin("torch"), environment.pin("vllm")
    assert torch is not None
    assert vllm is not None
    assert torch.version == "2.5.1"
    # the 0.7 series' wheels pin torch==2.5.1 (https://pypi.org/project/vllm/0.7.3/)
    assert vllm.version.startswith("0.7.")


def test_every_row_is_the_pin_its_note_quotes() -> None:
    rows = [r for r in load_knowledge_base().rules() if r.topic == "vllm_torch"]
    assert len(rows) >= 27
    for row in rows:
        assert not row.hard
        assert row.note is not None
        assert f"Requires-Dist: torch{row.then_spec} " in row.note
        assert row.source == f"https://pypi.org/project/vllm/{row.spec.lstrip('=')}/"
