"""The oldest C++ standard each torch release's headers accept (torch_cxx.toml; outsider22 D10:
ClementPinard/Pytorch-Correlation-extension forces C++17 and the plan took torch 2.14.0, whose
all.h refuses anything below C++20). An exact standard bounds the torch the solver takes; the
scan's floor from a -std flag does not (a repo-wide exact standard from one extension's flag
was a false conflict beside C++20 kernels)."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component, Requirement, file_source
from bringup.solve import SolveOptions, knowledge_catalogue, solve
from solve_inputs import host

# ClementPinard/Pytorch-Correlation-extension@f00f0cd requirements.txt:1 and setup.py:11
TORCH = Requirement(
    subject="torch", spec=">=2.1.0", component="corr", source=file_source("requirements.txt", 1)
)


def _standard(spec: str) -> Requirement:
    return Requirement(
        subject="cxx_standard", spec=spec, component="corr", source=file_source("setup.py", 11)
    )


def _resolve(*requirements: Requirement) -> tuple[str, object]:
    kb = load_knowledge_base()
    repo = Component(name="corr", path="corr", role="ops", requirements=requirements)
    resolution = solve([repo], host(), kb.rules(chips=()), knowledge_catalogue(kb), SolveOptions())
    (verdict,) = resolution.verdicts
    torch = next((e.pin("torch") for e in resolution.environments), None)
    return verdict.status, torch.version if torch is not None else None


def _release(version: object) -> tuple[int, ...]:
    return tuple(int(part) for part in str(version).split(".")[:2])


def test_an_exact_cxx17_takes_the_newest_torch_whose_headers_accept_it() -> None:
    status, version = _resolve(TORCH, _standard("==17"))
    assert status != "blocked"
    assert (2, 1) <= _release(version) < (2, 14)


def test_an_exact_cxx14_beside_torch_2_1_or_newer_is_a_conflict() -> None:
    status, _ = _resolve(TORCH, _standard("==14"))
    assert status == "blocked"


def test_the_scan_s_floor_leaves_the_newest_torch() -> None:
    # setup.py's -std=c++17 read as ">=17": C++20 meets it, torch 2.14 stays open
    status, version = _resolve(TORCH, _standard(">=17"))
    assert status != "blocked"
    assert _release(version) >= (2, 14)


def test_every_row_is_sourced_and_bounds_no_environment_by_itself() -> None:
    rows = [r for r in load_knowledge_base().rules() if r.topic == "torch_cxx"]
    assert {(r.spec, r.then_spec) for r in rows} == {
        (">=1.5,<2.1", ">=14"),
        (">=2.1,<2.14", ">=17"),
        (">=2.14", ">=20"),
    }
    assert all(r.source.startswith("https://") and not r.brings for r in rows)
