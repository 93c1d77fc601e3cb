"""A pin only other packages' rows name, with no row of its own, leaves what it requires
unchecked (``solve.ownrows``; outsider11 #18: check promised zzhx1/vllm-ascend@5e39074's
environment with vllm 0.22.1, named only by vllm-ascend's rows, beside torch 2.10.0; PyPI's
vllm 0.22.1 requires torch 2.11.0 and ``up`` could not resolve it)."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.model.resolution import Verdict
from bringup.solve import SolveOptions, knowledge_catalogue, solve
from solve_inputs import host


def _req(subject: str, spec: str, path: str, line: int) -> Requirement:
    return Requirement(
        subject=subject, spec=spec, component="vllm-ascend", source=file_source(path, line)
    )


def _verdict(*requirements: Requirement) -> Verdict:
    repo = Component(
        name="vllm-ascend", path="vllm-ascend", role="other", requirements=requirements
    )
    kb = load_knowledge_base()
    resolution = solve([repo], host(), kb.rules(chips=()), knowledge_catalogue(kb), SolveOptions())
    (verdict,) = resolution.verdicts
    return verdict


REAL = (
    _req("torch", "==2.10.0", "requirements.txt", 16),  # zzhx1/vllm-ascend@5e39074
    _req("torch_npu", "==2.10.0", "requirements.txt", 17),  # same file
    # Dockerfile:50 `ARG VLLM_TAG=v0.22.1` (the vLLM source it builds), as a version
    _req("vllm", "==0.22.1", "Dockerfile", 50),
)


def test_vllm_named_only_by_vllm_ascends_rows_is_unchecked() -> None:
    verdict = _verdict(*REAL)
    found = [o for o in verdict.obstacles if o.kind == "unchecked" and o.subject == "vllm"]
    assert found, verdict.obstacles
    (said,) = found[0].missing
    assert "itself requires" in said
    assert "torch 2.10.0" in said


def test_a_pin_with_its_own_rows_is_not_doubted_so() -> None:
    # torch has rows of its own (torch_cuda.toml): not "only other packages' rows name it"
    verdict = _verdict(*REAL)
    assert not [
        o
        for o in verdict.obstacles
        if o.subject == "torch" and any("itself requires" in m for m in o.missing)
    ]
