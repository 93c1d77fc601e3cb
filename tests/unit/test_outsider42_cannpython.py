"""Outsider 23 D7 (tests/data/outsider42/REPORT.md): beside CANN 6.0.0.alpha003 the plan pinned
Python 3.15, which no CANN release of that age installs with. kb/data/cann_python.toml holds the
Python range each CANN release's install guide (or installer) states, each row with its page."""

from __future__ import annotations

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.solve import knowledge_catalogue, solve
from bringup.solve.kinds import for_host
from solve_inputs import host, requirement


def _python_pin(cann: str) -> str:
    """Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0: README.md:17 names CANN 6.0.0.alpha003,
    README.md:44 runs python (no version)."""
    acl = Component(
        name="acl",
        path="acl",
        role="other",
        requirements=(
            requirement("acl", "cann", f"=={cann}", "README.md:17"),
            requirement("acl", "python", "", "README.md:44"),
        ),
    )
    kb = load_knowledge_base()
    resolution = solve([for_host(acl, "ascend")], host(), kb.rules(), knowledge_catalogue(kb))
    pins = {p.subject: p.version for env in resolution.environments for p in env.pins}
    return pins["python"]


@pytest.mark.parametrize(
    ("cann", "pinned"),
    [
        ("6.0.0.alpha003", "3.9"),  # the installer: "There is no python3.7,python3.8,python3.9"
        ("8.0.RC2", "3.10"),  # canncommercial 80RC2 instg_0048: Python3.7.x ... Python3.10.x
        ("9.0.0", "3.11.7"),  # canncommercial 900 instg_0045: 3.7.x至3.13.x; the host's 3.11.7
    ],
)
def test_the_python_pin_is_one_the_cann_release_installs_with(cann: str, pinned: str) -> None:
    assert _python_pin(cann) == pinned


def test_kb_why_cites_the_install_guide(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", "python==3.12", "cann==8.0.RC2"]) == 1
    said = " ".join(capsys.readouterr().out.split())
    assert said.startswith("INCOMPATIBLE")
    assert "canncommercial/80RC2/softwareinst/instg/instg_0048.html" in said
