"""A pin only other packages' rows name, with no row of its own, leaves what it requires
unchecked (``solve.ownrows``; outsider11 #18: check promised zzhx1/vllm-ascend@5e39074's
environment with vllm 0.22.1, named only by vllm-ascend's rows, beside torch 2.10.0; PyPI's
vllm 0.22.1 requires torch 2.11.0 and ``up`` could not resolve it). Since vllm_torch.toml
(the vllm wheels' own Requires-Dist, as recommendations) the doubt names that pin."""

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


def _wheel_doubt(verdict: Verdict) -> list[str]:
    """What the verdict doubts of torch for the pin PyPI's vllm 0.22.1 wheel states."""
    return [
        said
        for o in verdict.obstacles
        if o.kind == "unchecked" and o.subject == "torch"
        for said in o.missing
        if "vllm 0.22.1 goes with torch ==2.11.0" in said
    ]


def test_vllm_beside_another_torch_than_its_wheel_pins_is_unverified() -> None:
    # https://pypi.org/project/vllm/0.22.1/ METADATA Requires-Dist: torch==2.11.0
    verdict = _verdict(*REAL)
    assert verdict.status == "unverified"
    assert _wheel_doubt(verdict), verdict.obstacles


def test_a_pin_with_its_own_rows_is_not_doubted_so() -> None:
    # torch has rows of its own (torch_cuda.toml): not "only other packages' rows name it"
    verdict = _verdict(*REAL)
    assert not [
        o
        for o in verdict.obstacles
        if o.subject == "torch" and any("itself requires" in m for m in o.missing)
    ]


def test_a_table_of_another_package_naming_the_pin_does_not_vouch_for_it() -> None:
    # review30 M3: vllm-ascend's versioning table (vllm_ascend-0.22.1rc1) names vllm 0.22.1 as
    # the vLLM source it builds against; that row joined the problem beside a vllm-ascend pin
    # and switched the doubt off, though it says nothing of what PyPI's vllm wheel requires
    # the release the same repo builds wheels of, as a pin
    wheel = ".github/workflows/schedule_release_code_and_wheel.yml"
    verdict = _verdict(*REAL, _req("vllm_ascend", "==0.22.1rc1", wheel, 37))
    assert _wheel_doubt(verdict), verdict.obstacles


def test_a_pin_the_naming_packages_own_metadata_requires_is_vouched_for() -> None:
    # torch_triton.toml's rows are torch's wheel's Requires-Dist (metadata = true): the
    # installer reads the same pair, so the triton torch 2.7.0 pins is not doubted
    verdict = _verdict(
        # databricks/megablocks@efa7186 setup.py:65-66 (torch>=2.7.0,<2.7.1, stanford-stk==0.7.1)
        _req("torch", "==2.7.0", "setup.py", 65),
        _req("pypi:stanford-stk", "==0.7.1", "setup.py", 66),
        # the pin torch 2.7.0's own METADATA states (https://pypi.org/project/torch/2.7.0/)
        _req("triton", "==3.3.0", "setup.py", 65),
    )
    assert not [o for o in verdict.obstacles if o.subject == "triton" and o.kind == "unchecked"]
