"""The small Ascend stack the solver's unit tests solve (tests/unit/test_solve*.py): its releases,
its compatibility rules, and a solve of components against them."""

from __future__ import annotations

from bringup.model import Component
from bringup.model.resolution import Resolution
from bringup.solve import SolveOptions, solve
from solve_inputs import catalogue, host, rule

RELEASES = {
    "cann": ["6.3.RC2", "7.0.0", "8.0.RC1", "8.0.0"],
    "python": ["3.8", "3.9", "3.10", "3.11"],
    "torch": ["2.1.0", "2.2.0"],
    "torch_npu": ["2.1.0", "2.2.0"],
    "gcc": ["7.3.0", "9.4.0", "12.2.0"],
    "ascend_driver": ["23.0.0", "24.1.0"],
}
# torch_npu rows of Ascend/pytorch COMPATIBILITY.en.md: 2.1.0 <-> CANN 7.0.0 <-> Python
# 3.8-3.11; 2.2.0 <-> CANN 8.0.RC1 <-> Python 3.8-3.10. CANN 8.0.RC1 with HDK 24.1.RC1
# (Ascend/docs package_info.js, tested minimum driver).
RULES = [
    rule("torch_npu-2.1.0-cann", "torch_npu", "==2.1.0", "cann", "==7.0.0"),
    rule("torch_npu-2.1.0-python", "torch_npu", "==2.1.0", "python", ">=3.8,<3.12"),
    rule("torch_npu-2.2.0-cann", "torch_npu", "==2.2.0", "cann", "==8.0.RC1"),
    rule("torch_npu-2.2.0-python", "torch_npu", "==2.2.0", "python", ">=3.8,<3.11"),
    rule("torch_npu-2.2.0-torch", "torch_npu", "==2.2.0", "torch", "==2.2.0"),
    rule("cann-8.0-driver", "cann", ">=8.0.RC1", "ascend_driver", ">=24.1.rc1"),
]


def solve_small(components: list[Component], **kwargs: object) -> Resolution:
    snapshot = kwargs.pop("snapshot", host())
    options = SolveOptions(**kwargs)  # type: ignore[arg-type]
    return solve(components, snapshot, RULES, catalogue(RELEASES), options)  # type: ignore[arg-type]
