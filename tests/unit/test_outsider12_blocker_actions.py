"""outsider12 #11's leftover: marlin's verdict was "needs other hardware: compute capability >=
8.0 (README.md:65)", and its next actions only installed packages: a blocker with no action. A
repo that needs other hardware now has a next action that says plainly that nothing on this
machine meets that need, and where to run it. Lines: IST-DASLab/marlin@2f6d7c10 README.md:63-66;
the host: the recorded x86_64 machine with a CUDA toolkit and no GPU driver."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main

HOST = (
    Path(__file__).resolve().parents[1]
    / "fixtures"
    / "hosts"
    / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
)
README = (
    "# Marlin\n\n## Requirements:\n\n"
    "* CUDA >= 11.8 (in particular also for the `nvcc` compiler, the version of which should"
    " match with torch)\n"
    "* NVIDIA GPU with compute capability >= 8.0 (Ampere or Ada, Marlin is not yet optimized"
    " for Hopper)\n"
    "* `torch>=2.0.0`\n"
)


def test_a_repo_that_needs_other_hardware_says_no_action_meets_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "marlin"
    repo.mkdir()
    (repo / "README.md").write_text(README, encoding="utf-8")
    main(["check", str(repo), "--snapshot", str(HOST)])
    out = capsys.readouterr().out
    assert "needs other hardware: compute capability >= 8.0 (README.md:6)" in out
    actions = " ".join(out.split("Next actions", 1)[1].split())
    assert (
        "marlin: no action on this machine gives it compute capability >= 8.0 (README.md:6);"
        " run it on a machine that has it (--target plans for one)"
    ) in actions
