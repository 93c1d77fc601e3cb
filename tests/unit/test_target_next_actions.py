"""Next actions and conflicts of this machine's plan never read as the target's (outsider22b
#12): ``check --target 910B:8`` on a repo that needs a GPU said "No environments, planned for
--target 910B:8", then "1. install ... into environment 1"; and a conflict between a repo of
the target and one the target cannot run was listed as a reason for the target's split."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

# OpenRLHF/OpenRLHF@3c3be6234e0cb353e76bb8019947db9dfe99fca7 requirements.txt:7 and :26
OPENRLHF = "flash-attn==2.8.3\ntransformers==5.15.0\n"
# InternLM/InternEvo@c628a8c87411258e90c50f6a49f6a5e1f507ddb8 requirements/runtime.txt:1
INTERNEVO = "transformers<4.30.0\n"


def _repo(tmp_path: Path, name: str, text: str) -> Path:
    root = tmp_path / name
    root.mkdir()
    (root / "requirements.txt").write_text(text, encoding="utf-8")
    return root


def _screen(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(["check", *argv, "--target", "910B:8"])
    return " ".join(capsys.readouterr().out.split())


def test_an_action_for_a_repo_the_target_cannot_run_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _screen(capsys, str(_repo(tmp_path, "OpenRLHF", OPENRLHF)))
    assert "No environments, planned for --target 910B:8" in out
    assert "into environment 1" in out
    assert "(on this machine only: OpenRLHF, not on the target)" in out


def test_a_conflict_with_such_a_repo_is_no_reason_for_the_targets_split(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gpu = _repo(tmp_path, "OpenRLHF", OPENRLHF)
    npu = _repo(tmp_path, "InternEvo", INTERNEVO)
    # constructed: a third repo of the target that cannot share InternEvo's transformers
    other = _repo(tmp_path, "other", "transformers>=4.40\n")
    out = _screen(capsys, str(npu), str(other), str(gpu))
    why = out.partition("Why two environments")[2].partition(" Kept apart ")[0]
    assert "no single transformers for InternEvo and other -> two environments" in why
    assert "OpenRLHF" not in why
    # repos for different kinds of host never share an environment: their lines' conflict
    # explains nothing and is not listed at all (outsider25 D3; outsider22b #12 kept it listed)
    # this machine's plan is the one without a target (outsider O8 #4): there InternEvo and
    # OpenRLHF share a kind of host, so their conflict keeps them apart here, said as such
    here = out.partition("Kept apart on this machine only")[2].partition(" What ")[0]
    assert "no single transformers for InternEvo and OpenRLHF" in here
