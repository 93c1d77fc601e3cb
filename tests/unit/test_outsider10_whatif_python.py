"""``--what-if python=3.10`` kept the packages of the host's Python 3.11 as "this machine" pins
of the 3.10 environment (scipy 1.17.1, which needs Python >= 3.11), so the answer mixed two
interpreters (outsider10 #14: mindspore-lab/mindpose@85b42778 requirements.txt:2
``scipy>=1.5.4``). A package installed in an interpreter no environment may use is no version
at all: the index decides, within what the repos ask."""

from __future__ import annotations

from bringup.model import Component
from bringup.solve import SolveOptions, solve
from solve_inputs import catalogue, host, requirement
from solve_stack import RELEASES, RULES


def _scipy(what_if: tuple[tuple[str, str], ...] = ()) -> tuple[str, str, bool]:
    mindpose = Component(
        name="mindpose",
        path="mindpose",
        role="other",
        requirements=(requirement("mindpose", "scipy", ">=1.5.4", "requirements.txt:2"),),
    )
    snapshot = host(pythons=("3.11.7", "3.10.13"), packages={"scipy": "1.17.1"})
    options = SolveOptions(what_if=what_if)
    resolution = solve([mindpose], snapshot, RULES, catalogue(RELEASES), options)
    pin = resolution.environments[0].pin("scipy")
    assert pin is not None
    return pin.version, pin.origin, pin.installed


def test_the_host_python_keeps_its_installed_scipy() -> None:
    assert _scipy() == ("1.17.1", "installed", True)


def test_a_python_what_if_leaves_scipy_to_the_index() -> None:
    version, origin, installed = _scipy((("python", "3.10"),))
    assert (origin, installed) == ("index", False)
    assert version == ">=1.5.4"


def test_a_what_if_of_the_hosts_series_keeps_its_packages() -> None:
    """``--what-if python=3.11`` names the host's 3.11.7: its scipy is installed there."""
    assert _scipy((("python", "3.11"),)) == ("1.17.1", "installed", True)
