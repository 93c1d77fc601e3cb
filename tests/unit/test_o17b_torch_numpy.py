"""torch before 2.3 beside NumPy 2 (outsider17 D13): ashawkey/cubvh@7855c00 pyproject.toml:23
``numpy`` beside readme.md's torch was planned with torch 2.1.0 and numpy 2.4.6. PyTorch 2.3.0
is the first release that supports NumPy 2.0 (pytorch/pytorch#132179, a maintainer's answer);
older wheels were compiled against NumPy 1.x and NumPy 2 refuses them at import."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.solve import knowledge_catalogue, solve
from solve_inputs import host, requirement


def _numpy_pin(torch: str) -> str:
    kb = load_knowledge_base()
    repo = Component(
        name="cubvh",
        path="cubvh",
        role="ops",
        requirements=(
            requirement("cubvh", "pypi:numpy", "", "pyproject.toml:23"),
            requirement("cubvh", "torch", torch, "readme.md:7"),
        ),
    )
    resolution = solve([repo], host(), kb.rules(), knowledge_catalogue(kb))
    (environment,) = resolution.environments
    pin = environment.pin("numpy")
    assert pin is not None
    return pin.version


def test_torch_2_1_keeps_numpy_below_2() -> None:
    assert _numpy_pin("==2.1.0") == "<2"


def test_torch_2_3_leaves_numpy_open() -> None:
    assert _numpy_pin("==2.3.0") == ""
