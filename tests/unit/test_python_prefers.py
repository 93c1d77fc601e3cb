"""The Python a repo names for the interpreter it creates is the environment's Python, not the
newest its floor admits (outsider24 D6: PaddleMIX planned on Python 3.15 beside numpy==1.23.5,
which has wheels for CPython 3.8-3.11 only)."""

from __future__ import annotations

from bringup.model import Component
from bringup.scan.strictest import fold_floors
from solve_inputs import requirement
from solve_stack import solve_small

# PaddlePaddle/PaddleMIX@6afaf05de0485715b2c8b2587e17bb2dfe4f4cda
#   setup.py:63        python_requires=">=3.6",
#   README_EN.md:135   conda create -n paddlemix python=3.10 -y
#   paddlemix/appflow/requirements.txt:1   numpy==1.23.5
FLOOR = requirement("PaddleMIX", "python", ">=3.6", "PaddleMIX/setup.py:63")
NAMED = requirement("PaddleMIX", "python", "==3.10.*", "PaddleMIX/README_EN.md:135", hard=False)
NUMPY = requirement(
    "PaddleMIX", "pypi:numpy", "==1.23.5", "PaddleMIX/paddlemix/appflow/requirements.txt:1"
)


def test_a_named_python_folded_into_the_floor_is_kept_as_what_it_prefers() -> None:
    (folded,) = fold_floors([FLOOR, NAMED], {})
    assert folded.spec == ">=3.6"
    assert folded.hard
    assert [(p.value, str(p.source)) for p in folded.prefers] == [
        ("==3.10.*", "PaddleMIX/README_EN.md:135")
    ]


def test_a_soft_floor_is_no_preference() -> None:
    tested = requirement("PaddleMIX", "python", ">=3.8", "PaddleMIX/README.md:1", hard=False)
    (folded,) = fold_floors([FLOOR, tested], {})
    assert folded.prefers == ()


def test_the_environment_takes_the_python_the_repo_names() -> None:
    (folded,) = fold_floors([FLOOR, NAMED], {})
    repo = Component(
        name="PaddleMIX", path="PaddleMIX", role="training", requirements=(folded, NUMPY)
    )
    pin = solve_small([repo]).environments[0].pin("python")
    assert pin is not None
    assert pin.version.startswith("3.10")  # not the installed 3.11.7, nor the newest release
    unfolded = Component(
        name="PaddleMIX", path="PaddleMIX", role="training", requirements=(FLOOR, NUMPY)
    )
    other = solve_small([unfolded]).environments[0].pin("python")
    assert other is not None
    assert not other.version.startswith("3.10")
