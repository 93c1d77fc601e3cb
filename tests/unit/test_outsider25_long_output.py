"""Long lists are counted, not written out, where a screen shows them; ``--json`` and the
version tables keep each (/work/notes/outsider25.md, D10): InternVL's internvl_chat_gpt_oss
requirements (182 pins) made ``up``'s consent list one line of 3,000-6,000 characters, its
verdict a 30-line paragraph of "X == v (from the package index)" and ``check --details``
181 next actions. Input: tests/fixtures/repos/outsider25/internvl_chat_gpt_oss/requirements.txt
(verbatim, OpenGVLab/InternVL@2410d1db)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model.resolution import Obstacle, Verdict
from bringup.report.up_text import spelled
from bringup.report.verdict_wording import explain_verdict

REPO = Path(__file__).resolve().parents[2] / "tests/fixtures/repos/outsider25/internvl_chat_gpt_oss"


def _lines() -> list[str]:
    return (REPO / "requirements.txt").read_text(encoding="utf-8").splitlines()


def _pins() -> list[str]:
    return [line.strip() for line in _lines() if "==" in line]


def test_a_verdict_names_the_toolkit_and_counts_the_packages() -> None:
    pins = _pins()
    installs = [Obstacle(kind="install", subject="cuda", detail="12.8.1")]
    installs += [
        Obstacle(kind="install", subject=name, detail=f"=={version}")
        for name, _, version in (p.partition("==") for p in pins)
    ]
    said = explain_verdict(
        Verdict(component="internvl", status="runs_after", obstacles=tuple(installs))
    )
    assert said.startswith("runs here after installing CUDA 12.8.1, ")
    assert said.endswith(f" and {len(pins) + 1 - 8} more packages")
    assert len(said) < 500  # was 6,800 characters


def test_a_few_installs_are_all_named() -> None:
    installs = tuple(
        Obstacle(kind="install", subject=s, detail=v)
        for s, v in (("cuda", "12.8.1"), ("torch", "2.7.0"), ("flash_attn", "==2.8.2"))
    )
    said = explain_verdict(Verdict(component="internvl", status="runs_after", obstacles=installs))
    assert said == (
        "runs here after installing CUDA 12.8.1, torch 2.7.0 and flash_attn == 2.8.2 "
        "(from the package index)"
    )


def test_the_consent_list_shows_every_word_of_a_long_command_in_short_lines() -> None:
    """Every pin is shown, since the user consents to all of them (a "+6 more" hid gpustat's
    pynvml, outsider19 D17), in lines short enough to read (one was 6,000 characters)."""
    pins = _pins()
    command = "(environment 1) uv pip install " + shlex.join(pins)
    shown = spelled(command)
    assert shown[0].startswith("(environment 1) uv pip install absl-py==2.3.1 ")
    assert all(len(line) <= 96 for line in shown)
    assert shlex.split(" ".join(shown).partition(") ")[2]) == ["uv", "pip", "install", *pins]
    short = "(environment 1, then) uv pip install --no-build-isolation flash_attn==2.8.2"
    assert spelled(short) == [short]


def test_details_install_one_environments_packages_as_one_action(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # without its triton==3.4.0 (requirements.txt:165), which torch==2.7.0's own pin
    # triton==3.3.0 rules out (torch_triton.toml, outsider26 #4): no environment holds the file
    # as it is, and the long list of installs is the question here
    repo = tmp_path / REPO.name
    repo.mkdir()
    kept = [line for line in _lines() if not line.startswith("triton==")]
    (repo / "requirements.txt").write_text("\n".join(kept) + "\n", encoding="utf-8")
    main(["check", str(repo), "--target", "A100:8", "--details"])
    actions = capsys.readouterr().out.partition("\nNext actions\n")[2].partition("\n\n")[0]
    assert "packages into environment 1 with uv: " in actions
    assert len(actions.splitlines()) < 10
