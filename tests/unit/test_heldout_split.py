"""tests/data/heldout.toml: the split bench/heldout.py scores names every set and every repo of it,
each once, and says where each set's split was written."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from bench_modules import bench_module

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).resolve().parents[1] / "data"
SPLIT: dict[str, Any] = tomllib.loads((DATA / "heldout.toml").read_text(encoding="utf-8"))
SCAN = {entry["set"]: entry for entry in SPLIT["scan"]}
CORPORA = {corpus["name"]: corpus for corpus in SPLIT["triage"]["corpora"]}


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_scan_set_from_9_on_is_split() -> None:
    numbered = {p.name for p in DATA.glob("scan_eval*") if re.fullmatch(r"scan_eval\d+", p.name)}
    assert set(SCAN) == {name for name in numbered if int(name[len("scan_eval") :]) >= 9}


@pytest.mark.parametrize("name", sorted(SCAN))
def test_a_scan_split_covers_its_truth_files_once(name: str) -> None:
    entry = SCAN[name]
    stems = sorted(p.stem for p in (DATA / name / "truth").glob("*.toml"))
    assert sorted(entry["held_out"] + entry["tuning"]) == stems
    assert entry["held_out"]
    assert entry["tuning"]


@pytest.mark.parametrize("name", sorted(SCAN))
def test_a_scan_split_is_the_one_its_readme_states(name: str) -> None:
    entry = SCAN[name]
    if not entry["line"]:
        assert entry["rule"], f"{name}: neither a README line nor the rule used in its place"
        return
    assert _flat(entry["line"]) in _flat((DATA / name / "README.md").read_text(encoding="utf-8"))
    for repo in entry["held_out"]:
        assert re.search(rf"(?<![\w.-]){re.escape(repo)}(?![\w-])", entry["line"]), repo


def test_triage_corpora_are_every_one_from_the_ninth_on() -> None:
    """Every corpus collected blind from the ninth on is split; the ones before it were tuned on
    whole. A new corpus in tests/data fails this until it is listed."""
    ordinals = (
        "ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth "
        "eighteenth nineteenth twentieth twentyfirst twentysecond twentythird twentyfourth "
        "twentyfifth twentysixth twentyseventh twentyeighth twentyninth thirtieth thirtyfirst "
        "thirtysecond thirtythird thirtyfourth thirtyfifth"
    )
    assert list(CORPORA) == [f"triage_{ordinal}" for ordinal in ordinals.split()]
    early = ["third", "fourth", "sixth", "seventh", "eighth", "heldout", "fresh"]
    collected = {path.name for path in DATA.glob("triage_*") if path.is_dir()}
    assert collected - {f"triage_{ordinal}" for ordinal in early} == set(CORPORA)


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_a_triage_corpus_has_both_halves_and_its_readme_line(name: str) -> None:
    cases = tomllib.loads((DATA / name / "cases.toml").read_text(encoding="utf-8"))["case"]
    halves = {bench_module("heldout").triage_half(case["file"]) for case in cases}
    assert halves == {"held_out", "tuning"}
    line = CORPORA[name]["line"]
    readme = DATA / name / "README.md"
    if line:
        assert _flat(line) in _flat(readme.read_text(encoding="utf-8"))
    else:
        assert not readme.is_file() or "Held-out split" not in readme.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("file_name", "half"),
    [("a02-te-cxx11-abi.log", "held_out"), ("b14-x.log", "held_out"), ("c03-y.log", "tuning")],
)
def test_the_number_in_a_case_id_splits_it(file_name: str, half: str) -> None:
    # constructed names in the corpora's style (triage_ninth/a02-te-cxx11-abi-undefined-symbol.log)
    assert bench_module("heldout").triage_half(file_name) == half


def test_a_case_without_an_id_is_refused() -> None:
    with pytest.raises(ValueError, match="no case id"):
        bench_module("heldout").triage_half("README.md")


def test_the_gate_names_no_held_out_repo_it_could_not_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # no checkouts at all: every held-out repo is "no checkout", and only counted
    heldout = bench_module("heldout")
    monkeypatch.setattr(sys, "argv", ["heldout.py", "--part", "scan", "--src", str(tmp_path)])
    assert heldout.main() == 0
    out = capsys.readouterr().out
    named = {name for entry in SCAN.values() for name in entry["held_out"]}
    assert not [name for name in named if f"/{name}:" in out]
    assert "x no checkout, left out" in out


def test_the_kind_counts_are_counts_of_a_half_only() -> None:
    # --kinds: per kind, found/missed of the truth and correct/false of the scan's, led by the
    # half's name; a kind nothing was scored for still has its line, at zero
    heldout = bench_module("heldout")
    tally = heldout.Tally()
    tally.scan["python_package"].update(truth=5, found=3, tool=7, correct=4, duplicate=1)
    lines = heldout.kind_counts("held-out", tally)
    assert len(lines) == len(heldout.SCAN_KINDS)
    line = next(line for line in lines if " python_package " in line)
    want = "held-out kind python_package truth 5 found 3 missed 2 tool 7 correct 4 false 3 (dup 1)"
    assert " ".join(line.split()) == want
    assert all(line.startswith("held-out kind ") for line in lines)
    assert "false    0" in next(line for line in lines if " toolkit " in line)
