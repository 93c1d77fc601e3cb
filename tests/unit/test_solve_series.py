"""A docs table's exact torch_npu release read as its line of builds where only that conflicts
(``bringup.solve.seriesread``; outsider19 D4)."""

from __future__ import annotations

from bringup.model import Component
from bringup.model.resolution import Resolution
from bringup.solve import SolveOptions, solve
from solve_inputs import catalogue, host, requirement, rule

# Ascend/pytorch COMPATIBILITY.en.md: torch_npu 2.8.0 pairs CANN 8.3.RC1 and 8.3.RC2, its build
# 2.8.0.post2 CANN 8.5.0 (the knowledge base's rows torch_npu-2.8.0/cann and
# torch_npu-2.8.0.post2/cann).
RELEASES = {
    "cann": ["8.3.RC1", "8.3.RC2", "8.5.0"],
    "python": ["3.10", "3.11"],
    "torch_npu": ["2.8.0", "2.8.0.post2"],
}
RULES = [
    rule("torch_npu-2.8.0/cann", "torch_npu", "==2.8.0", "cann", "==8.3.RC1 || ==8.3.RC2"),
    rule("torch_npu-2.8.0.post2/cann", "torch_npu", "==2.8.0.post2", "cann", "==8.5.0"),
]
# shangxt10/verl_mindspeedmm@da9e8534 docs/ascend_tutorial/quick_start/ascend_quick_start.rst
TABLE = "verl/docs/ascend_tutorial/quick_start/ascend_quick_start.rst"


def _solve(at: str) -> Resolution:
    """The table's "| CANN | == 8.5.0 |" (:45) and "| torch_npu | == 2.8.0 |" (:49), the
    torch_npu line read at ``at``."""
    verl = Component(
        name="verl",
        path="verl",
        role="training",
        requirements=(
            requirement("verl", "cann", "==8.5.0", f"{TABLE}:45"),
            requirement("verl", "torch_npu", "==2.8.0", at),
        ),
    )
    return solve([verl], host(), RULES, catalogue(RELEASES), SolveOptions(design=True))


def test_a_docs_table_release_holds_through_its_post_build() -> None:
    resolution = _solve(f"{TABLE}:49")
    assert resolution.set_aside == ()
    assert resolution.unplaced == ()
    (env,) = resolution.environments
    pin = env.pin("torch_npu")
    assert pin is not None
    assert pin.version == "2.8.0.post2"


def test_an_installers_exact_pin_stays_exact() -> None:
    """``torch_npu==2.8.0`` in a requirements file is what pip installs: 2.8.0, whose row asks
    CANN 8.3: the conflict with CANN 8.5.0 is real."""
    resolution = _solve("verl/requirements-npu.txt:3")
    (aside,) = resolution.set_aside
    assert {i.subject for i in aside.items} >= {"torch_npu", "cann"}
