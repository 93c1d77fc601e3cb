"""Outsider O8, defects #4 and #6, on the tester's own inputs (tests/fixtures/outsider8c,
sources in its README).

#4: the *on this machine* verdict changed with ``--target``: the torch_npu inference repo with
a CUDA fallback (KaihuaTang/LLM-TP-Inference-on-910B main.py:120-126) was "may run here,
unverified: CANN ..." alone and "runs here" beside ``--target H100:8``, planned here as the
H100's CUDA job. This machine's plan is designed for the hardware the repos ask for, whatever
the target.

#6: ``torch_npu ==2.1.0.post3`` had no row, so torch 2.14.0 and CANN 9.1.0 were pinned beside
it and a driver-23.0.3 target was not asked to change its driver. The row comes from
Ascend/pytorch README.md ("CANN 8.0.RC1 | 2.1.0 | 2.1.0.post3 | v2.1.0-6.0.rc1"); a build of a
series the knowledge base lacks gets what every known build of the series agrees on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main
from bringup.kb import load_knowledge_base
from bringup.kb.query import ScopedRule, spec_contains
from bringup.kb.series import series_of, series_rules

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
OURS = FIXTURES / "outsider8c"
HOST = FIXTURES / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
REPO = OURS / "LLM-TP-Inference-on-910B"
POST3 = OURS / "llm-tp-torch-npu-post3"
R2 = OURS / "r2-910b2-autodl-npu-smi.txt"


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    main(["check", *argv, "--snapshot", str(HOST), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]
    return data


@pytest.mark.parametrize("target", ["H100:8", "910B:8", "L4:1", str(R2)])
def test_the_verdict_here_does_not_depend_on_the_target(
    capsys: pytest.CaptureFixture[str], target: str
) -> None:
    alone = _check(capsys, str(REPO))["verdicts"]
    aimed = _check(capsys, str(REPO), "--target", target)["verdicts"]
    assert [v["here"] for v in aimed] == [v["here"] for v in alone]
    # the README's route installs torch_npu (README.md:16, read since o8b): an NPU target holds
    # it, a GPU target cannot run it
    npu_target = target == str(R2) or target.startswith("910B")
    assert aimed[0]["on_target"]["status"].startswith("environment") == npu_target
    # the NPU job's CANN is what it waits for here, beside any target (H100:8 said "runs here")
    assert "CANN" in alone[0]["text"]


def test_beside_a_target_this_machines_environments_are_listed_with_their_own_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["check", str(REPO), "--snapshot", str(HOST), "--target", "910B:8"])
    screen = " ".join(capsys.readouterr().out.split())
    assert "One environment, planned for --target 910B:8" in screen
    assert "on this machine, one environment for the hardware the repos ask for" in screen
    assert "environment 1 here: LLM-TP-Inference-on-910B; CANN" in screen


def test_a_torch_npu_build_pins_the_torch_and_cann_of_its_row(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _check(capsys, str(POST3))
    (env,) = data["design"]["environments"]
    pins = {pin["subject"]: pin["version"] for pin in env["pins"]}
    assert (pins["torch"], pins["cann"], pins["torch_npu"]) == ("2.1.0", "8.0.RC1", "2.1.0.post3")


def test_a_driver_23_target_is_asked_to_change_its_driver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _check(capsys, str(POST3), "--target", str(R2))
    on_target = data["verdicts"][0]["on_target"]
    assert on_target["status"] == "environment_after_driver_change"
    assert on_target["driver"]["have"] == "23.0.3"


def test_a_build_the_knowledge_base_lacks_gets_what_its_series_agrees_on() -> None:
    """The knowledge base as it was before the 2.1.0.post3 row: that build is covered only by
    the series row, which pins torch ==2.1.0 (every 2.1.0 build's) and says nothing of CANN
    (each build has its own)."""
    kb = load_knowledge_base()
    known = [
        ScopedRule(rule)
        for rule in kb.rules(topic="torch_npu")
        if not rule.id.startswith("torch_npu-2.1.0.post3/") and "-builds/" not in rule.id
    ]
    derived = [
        s.rule
        for s in series_rules(known)
        if spec_contains(s.rule.spec, "torch_npu", "2.1.0.post3")
    ]
    assert {(r.then_subject, r.then_spec) for r in derived} == {
        ("torch", "==2.1.0"),
        ("python", ">=3.8,<3.12"),
    }
    assert all(r.spec == "==2.1.0.*" for r in derived)


@pytest.mark.parametrize(
    ("version", "series"),
    [("2.1.0.post3", "2.1.0"), ("2.1.0rc1", "2.1.0"), ("2.1.0.rc1", "2.1.0"), ("2.1", None)],
)
def test_a_build_is_read_as_its_series(version: str, series: str | None) -> None:
    assert series_of(version) == series


def test_kb_why_refuses_torch_2_14_beside_the_post3_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["kb", "why", "torch_npu==2.1.0.post3", "torch==2.14.0"]) == 1
    assert "INCOMPATIBLE" in capsys.readouterr().out
