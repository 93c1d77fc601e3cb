"""Outsider 23's plan defects (tests/data/outsider42/REPORT.md): each case keeps only the real
lines it needs, with its repository, commit and path:line beside them."""

from __future__ import annotations

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.solve import knowledge_catalogue, solve
from bringup.solve.kinds import for_host
from solve_inputs import host, requirement


def _megatron(cann: str) -> Component:
    """Ascend/Megatron-LM@57f9d1c: README.md:50 "| CANN | [6.1.RC1](…) |", README.md:51
    "| PyTorch | [1.8.1](…) |", bugfix.py:7 ``import torch_npu``."""
    return Component(
        name="megatron",
        path="megatron",
        role="other",
        requirements=(
            requirement("megatron", "cann", f"=={cann}", "README.md:50"),
            requirement("megatron", "torch", "==1.8.1", "README.md:51"),
            requirement("megatron", "torch_npu", "", "bugfix.py:7"),
        ),
    )


def _plan(cann: str) -> tuple[dict[str, tuple[str, str]], int]:
    kb = load_knowledge_base()
    resolution = solve(
        [for_host(_megatron(cann), "ascend")], host(), kb.rules(), knowledge_catalogue(kb)
    )
    pins: dict[str, tuple[str, str]] = {
        pin.subject: (pin.version, str(pin.origin))
        for env in resolution.environments
        for pin in env.pins
    }
    return pins, len(resolution.conflicts) + len(resolution.unplaced)


def test_a_toolkit_release_the_catalogue_skips_is_unverified_not_refused() -> None:
    # D2: cann_releases.toml lists 6.0.1 then 6.3.RC1; torch_npu.toml pairs torch_npu 1.8.1
    # with CANN 6.0.1 and 1.8.1.post1 with 6.3.RC1: no row can speak of 6.1.RC1, so the plan
    # pins it as asked, unverified, where it said "no torch_npu release supports CANN ==
    # 6.1.RC1 ... cannot run" (and `kb why` has no row for it either)
    pins, conflicts = _plan("6.1.RC1")
    assert conflicts == 0
    assert pins["cann"] == ("6.1.RC1", "unverified")
    assert pins["torch"][0] == "1.8.1"
    assert pins["torch_npu"][0].startswith("1.8.1")


def test_a_listed_release_the_rows_pair_elsewhere_still_conflicts() -> None:
    # CANN 7.0.0 is listed; no torch_npu for torch 1.8.1 pairs with it: a conflict the rows state
    pins, conflicts = _plan("7.0.0")
    assert (pins, conflicts) == ({}, 1)
    # a release past the newest listed one is no gap in the catalogue: the pairings predate it
    assert _plan("99.0.0")[1] == 1


def test_kb_why_on_a_skipped_release_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    # D2 as `kb why` says it: the row pairs torch_npu 1.8.1 with CANN 6.0.1 and the table
    # never lists 6.1.RC1; a listed release the row refuses stays INCOMPATIBLE
    assert main(["kb", "why", "torch_npu==1.8.1", "cann==6.1.RC1"]) == 1
    said = " ".join(capsys.readouterr().out.split())
    assert said.startswith("UNKNOWN: torch_npu==1.8.1 with cann==6.1.RC1 — the knowledge base")
    assert main(["kb", "why", "torch_npu==1.8.1", "cann==6.3.RC1"]) == 1
    assert capsys.readouterr().out.startswith("INCOMPATIBLE")
    # past the newest listed release the pairings still decide (as the plan does)
    assert main(["kb", "why", "torch_npu==2.5.1", "cann==99.0.0"]) == 1
    assert capsys.readouterr().out.startswith("INCOMPATIBLE")
