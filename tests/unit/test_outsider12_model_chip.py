"""outsider12 #3: an Ascend 310 inference repo "runs here" on a host with no NPU, fits a 910B:8
target, and ``up`` said "run 1: passed (no steps)", exit 0. Its script converts the model for
the 310 alone (``atc ... --soc_version=Ascend310``) and its README says the inference runs on
the 310; the chip family 310, which the knowledge base knows (SoC version Ascend310), was not
in the scan's vocabulary at all. Fixture: tests/fixtures/repos/outsider12/photo-translator-ascend
(its SOURCE.md: 1171800323/photo-translator-ascend@ee32d8b; atc.sh:18, README.md:5)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.scan import scan_stack
from bringup.scan.devices import chips_in
from bringup.scan.extraction import SourceFile
from bringup.scan.modelchips import model_chips
from bringup.scan.prose_vocabulary import vocabulary
from cpuclock import cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
PHOTO = ROOT / "tests/fixtures/repos/outsider12/photo-translator-ascend"
HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"


def _chip(repo: Path) -> tuple[str, bool, list[str]]:
    (component,) = scan_stack([str(repo)]).components
    (chip,) = [r for r in component.requirements if r.subject == "chip"]
    places = [str(s) for s in (chip.source, *chip.also_at, *(a.source for a in chip.any_of))]
    return chip.spec, chip.hard, places


def test_the_converter_flag_names_the_one_chip_the_model_runs_on(tmp_path: Path) -> None:
    alone = tmp_path / "atc-only"
    alone.mkdir()
    shutil.copy(PHOTO / "atc.sh", alone / "atc.sh")
    spec, hard, places = _chip(alone)
    assert (spec, hard) == ("310", True)
    assert any(p.endswith("atc.sh:18") for p in places)


def test_the_readme_and_the_script_name_the_310() -> None:
    spec, hard, places = _chip(PHOTO)
    assert (spec, hard) == ("310", True)
    assert any(p.endswith("README.md:5") for p in places)
    assert any(p.endswith("atc.sh:18") for p in places)


def test_the_310_is_never_310p_or_310b_nor_a_bare_number() -> None:
    assert chips_in("推理部分运行在昇腾310上") == ["310"]  # README.md:5
    assert chips_in("Ascend310P3 or Ascend310B1") == ["310P", "310B"]
    assert chips_in("CANN 3.10, port 310, 310P") == ["310P"]


def test_check_needs_other_hardware_here_and_cannot_run_on_a_910b(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["check", str(PHOTO), "--snapshot", str(HOST), "--target", "910B:8", "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    assert verdict["on_target"]["status"] == "cannot_run"
    assert verdict["here"].startswith("needs other hardware: chip 310")
    assert code == 1


def test_up_says_nothing_ran_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["up", str(PHOTO), "--state", str(tmp_path / "st"), "--offline"])
    out = capsys.readouterr().out
    assert "run 1: nothing ran (no steps here: a repo needs other hardware" in out
    assert code == 1


def test_the_new_patterns_stay_linear_on_a_hostile_line() -> None:
    lines = ["Ascend" * 9000, "ascend310" * 6000, "--soc_version=" * 4000, "a1" * 25_000]
    lines.append("--soc_version= " + "a" * 50_000)
    start = cpu_seconds()
    for line in lines:
        list(vocabulary().chip.finditer(line))
        model_chips(SourceFile(ref="x.sh", rel="x.sh", text=f"atc {line}\n"))
    assert cpu_seconds() - start < 2.0
