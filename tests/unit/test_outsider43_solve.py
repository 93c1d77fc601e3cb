"""Outsider 24's plan defects (tests/data/outsider43/REPORT.md): each case keeps only the real
lines it needs, with its repository, commit and path:line beside them."""

from __future__ import annotations

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.solve import knowledge_catalogue, solve
from bringup.solve.kinds import for_host
from solve_inputs import host, requirement


def _mindface(wheel: str) -> Component:
    """mindspore-lab/mindface@32970ba requirements.txt:1 ``mindspore_gpu==1.8.1`` (the GPU
    wheel named alone); requirements.txt:2 ``numpy==1.21.6``."""
    return Component(
        name="mindface",
        path="mindface",
        role="other",
        requirements=(
            requirement("mindface", wheel, "==1.8.1", "requirements.txt:1"),
            requirement("mindface", "pypi:numpy", "==1.21.6", "requirements.txt:2"),
        ),
    )


def _python_pin(wheel: str, pythons: tuple[str, ...]) -> str:
    kb = load_knowledge_base()
    resolution = solve(
        [for_host(_mindface(wheel), "ascend" if "ascend" in wheel else "cpu")],
        host(pythons=pythons),
        kb.rules(),
        knowledge_catalogue(kb),
    )
    pins = [pin for env in resolution.environments for pin in env.pins]
    return next(pin.version for pin in pins if pin.subject == "python")


@pytest.mark.parametrize("wheel", ["pypi:mindspore-gpu", "pypi:mindspore-ascend"])
def test_a_device_wheel_of_mindspore_1x_bounds_python(wheel: str) -> None:
    # D1/D2: the plan took the host's 3.11.7 (and the pins 3.15) for mindspore_gpu==1.8.1,
    # whose builds are py37..py39 only; `up` then failed "no wheels with a matching Python ABI
    # tag (cp311)". With a 3.9 beside the 3.11 the plan takes the 3.9
    assert _python_pin(wheel, ("3.11.7", "3.9.18")) == "3.9.18"


def test_kb_why_names_the_device_wheel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "pypi:mindspore-gpu==1.8.1", "python==3.11"]) == 1
    assert capsys.readouterr().out.startswith("INCOMPATIBLE")
    assert main(["kb", "why", "pypi:mindspore-gpu==1.8.1", "python==3.9"]) == 0


def test_kb_why_the_gpu_wheel_needs_its_cuda(capsys: pytest.CaptureFixture[str]) -> None:
    # D3: the mindspore-gpu 1.8.1 builds are for CUDA 10.1 and 11.1 (the toolkit beside them)
    assert main(["kb", "why", "pypi:mindspore-gpu==1.8.1", "cuda==13.0"]) == 1
    assert capsys.readouterr().out.startswith("INCOMPATIBLE")
    assert main(["kb", "why", "pypi:mindspore-gpu==1.8.1", "cuda==11.1"]) == 0


def test_the_machine_column_shows_what_the_default_python_holds() -> None:
    # D10: `check --details` showed pyyaml "-" on this machine where `solve` said "pyyaml 6.0.3
    # installed" (mindface requirements.txt:5 pyyaml>=5.3; the default Python 3.11.7 held 6.0.3)
    from bringup.model import keys
    from bringup.report.matching_text import environments_section

    mindface = Component(
        name="mindface",
        path="mindface",
        role="other",
        requirements=(requirement("mindface", "pypi:pyyaml", ">=5.3", "requirements.txt:5"),),
    )
    snapshot = host(packages={"pyyaml": "6.0.3"}, facts={keys.PYTHON_DEFAULT: "3.11.7"})
    kb = load_knowledge_base()
    resolution = solve([for_host(mindface, "cpu")], snapshot, kb.rules(), knowledge_catalogue(kb))
    shown = environments_section(resolution, snapshot)
    assert shown is not None
    (table,) = shown.blocks
    rows = {row[0].plain: row[-1].plain for row in table.rows}  # type: ignore[union-attr]
    assert rows["pyyaml"] == "6.0.3"
    # a distribution the default Python does not hold stays "-"
    bare = environments_section(resolution, host(facts={keys.PYTHON_DEFAULT: "3.11.7"}))
    assert bare is not None
    (table,) = bare.blocks
    assert {row[0].plain: row[-1].plain for row in table.rows}["pyyaml"] == "-"  # type: ignore[union-attr]
