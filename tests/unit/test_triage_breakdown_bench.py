"""bench/triage_breakdown.py tells why labelled logs are missed, in counts only: a place or a
wrong cause first, the expected entry ranked below or absent, the absent entries' families and
the layer confusions.

The corpus is CONSTRUCTED as test_triage_eval_wrong.py's is: real sample logs of
tests/fixtures/logs (each names its public source on its first line) under labels written for
this test."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from bench_modules import bench_module

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
NO_DEVICE = LOGS / "cuda.runtime.no-device" / "pytorch-classification-1.log"
"""Told cuda.runtime.no-device (device_init): a specific signature."""
LISTING = LOGS / "_unmatched" / "cuda-lib64-listing.log"
"""Told evidence.operator.unnamed (operator_execution): a place, no cause."""
SUCCESS = LOGS / "_unmatched" / "hccl-test-success.log"
"""Told nothing: a run that succeeded."""

# (case file, log, expected, layer): constructed labels
CASES = [
    ("a01-right.log", NO_DEVICE, ["cuda.runtime.no-device"], "device_init"),
    ("a03-wrong.log", NO_DEVICE, ["class.code.project-bug"], "device_init"),
    ("a05-place.log", LISTING, ["class.install.symbol-defined-twice"], "install"),
    ("a07-unlabelled.log", LISTING, [], "operator_execution"),
    ("a02-place.log", LISTING, ["evidence.operator.unnamed", "ascend.runtime.x"], "build"),
    ("a04-nothing.log", SUCCESS, [], "install"),
]


def _data(root: Path) -> tuple[Path, Path]:
    corpus = root / "c"
    corpus.mkdir(parents=True)
    lines = []
    for name, log, expected, layer in CASES:
        shutil.copyfile(log, corpus / name)
        listed = ", ".join(f'"{item}"' for item in expected)
        lines.append(f'[[case]]\nfile = "{name}"\nexpected = [{listed}]\nlayer = "{layer}"\n')
    (corpus / "cases.toml").write_text("\n".join(lines), encoding="utf-8")
    split = root / "heldout.toml"
    split.write_text('[triage]\n[[triage.corpora]]\nname = "c"\n', encoding="utf-8")
    return root, split


def test_misses_are_told_by_what_comes_first_and_where_the_label_stands(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    halves = breakdown.tally(*_data(tmp_path))
    tuning, held = halves["tuning"], halves["held_out"]
    assert [tuning[key] for key in ("cases", "right", "unlabelled")] == [4, 1, 1]
    assert tuning["cause first, expected absent"] == 1  # a03: a specific cause, not the label's
    assert tuning["place first, expected absent"] == 1  # a05: a place, the label's entry unseen
    assert tuning["absent: class"] == 2
    assert tuning["layer: install -> operator_execution"] == 1
    # a02: the first diagnosis is expected, so it is right whatever its layer
    assert [held[key] for key in ("right", "layer: build -> operator_execution")] == [1, 1]


def test_features_are_counted_per_group_and_only_tuning_logs_are_listed(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    data, split = _data(tmp_path)
    held = breakdown.tally(data, split, with_features=True)["held_out"]
    # a02: its first answer (a place) is one of its labels: right, counted with its structure
    assert held["contrast: right | logs"] == 1
    assert held["contrast: right | traceback: none"] == 1
    listed = list(breakdown.tuning_members(data, split, "miss: class.code.project-bug"))
    assert len(listed) == 1
    assert "a03-wrong.log" in listed[0]
    # a02 (held-out) is in "contrast: right": the tuning list leaves it out all the same
    contrast = list(breakdown.tuning_members(data, split, "contrast"))
    assert contrast
    assert all("a02" not in line for line in contrast)


def test_every_layer_confusion_is_a_group_that_lists_tuning_logs_only(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    data, split = _data(tmp_path)
    # a05 (tuning): labelled install, placed in operator_execution
    listed = list(breakdown.tuning_members(data, split, "layer: install answered operator"))
    assert len(listed) == 1
    assert "a05-place.log" in listed[0]
    # a02 (held-out): labelled build, placed in operator_execution: counted, never listed
    held = breakdown.tally(data, split, with_features=True)["held_out"]
    assert held["layer: build answered operator_execution | logs"] == 1
    assert not list(breakdown.tuning_members(data, split, "layer: build answered"))
    # a04 (held-out): told nothing, its label's layer against none
    assert held["layer: install answered None | logs"] == 1


def test_a_focus_entry_is_a_group_of_its_own_in_counts_and_lists(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    data, split = _data(tmp_path)
    # a05 (tuning): labelled class.install.symbol-defined-twice, answered a place
    lumped = breakdown.tally(data, split, with_features=True)["tuning"]
    assert lumped["miss: class.* | logs"] == 1
    assert lumped["miss: class.install.symbol-defined-twice | logs"] == 0
    focus = (*breakdown.FOCUS, "class.install.symbol-defined-twice")
    apart = breakdown.tally(data, split, with_features=True, focus=focus)["tuning"]
    assert apart["miss: class.install.symbol-defined-twice | logs"] == 1
    assert apart["miss: class.* | logs"] == 0
    # a07 (unlabelled, a place) is that entry's contrast; a05, labelled with it, is not
    assert apart["contrast: place answer, label not class.install.symbol-defined-twice | logs"] == 1
    named = "miss: class.install.symbol-defined-twice"
    assert not list(breakdown.tuning_members(data, split, named))
    listed = list(breakdown.tuning_members(data, split, named, focus=focus))
    assert len(listed) == 1
    assert "a05-place.log" in listed[0]


def test_a_match_is_counted_by_label_and_answer_in_both_halves(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    data, split = _data(tmp_path)
    words = re.compile(r"lib64")  # the listing's directory: a05, a07 (tuning), a02 (held-out)
    halves = breakdown.tally(data, split, match=words)
    tuning, held = halves["tuning"], halves["held_out"]
    assert tuning["match: label install answered operator_execution"] == 1  # a05
    assert tuning["match: label operator_execution answered operator_execution"] == 1  # a07
    assert held["match: label build answered operator_execution"] == 1  # a02
    listed = list(breakdown.tuning_members(data, split, "match: label build", match=words))
    assert not listed  # a02 is held-out: counted, never listed


def test_logs_naming_no_rung_are_counted_by_answer_and_label(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    data, split = _data(tmp_path)
    halves = breakdown.tally(data, split, with_bare=True)
    tuning, held = halves["tuning"], halves["held_out"]
    # a05, a07: the listing, no rung word, no traceback, a place in operator_execution
    assert tuning["bare: place answer in operator_execution, label install"] == 1
    assert tuning["bare: place answer in operator_execution, label operator_execution"] == 1
    # a01, a03: a traceback, so not bare whatever their words
    assert not any("device_init" in key for key in tuning if key.startswith("bare:"))
    assert held["bare: no answer in None, label install"] == 1  # a04: told nothing
    named = "bare: place answer in operator_execution, label install"
    listed = list(breakdown.tuning_members(data, split, named, with_bare=True))
    assert len(listed) == 1
    assert "a05-place.log" in listed[0]
    assert not list(breakdown.tuning_members(data, split, "bare: no answer", with_bare=True))


TWO_LAYERS = LOGS / "ascend.install.cann-python-deps-missing" / "ascend-pytorch-7.log"
"""Told ascend.install.cann-python-deps-missing (install), then ascend.runtime.cann-inner-error
(device_init) below it."""


def test_reach_says_where_the_labels_layer_stands_below_the_first_answer(tmp_path: Path) -> None:
    breakdown = bench_module("triage_breakdown")
    corpus = tmp_path / "c"
    corpus.mkdir()
    cases = [
        ("a01-second.log", TWO_LAYERS, "device_init"),  # the label's layer second
        ("a03-first.log", TWO_LAYERS, "install"),  # right: device_init below it is the contrast
        ("a05-absent.log", LISTING, "install"),  # only operator_execution told
        ("a02-nothing.log", SUCCESS, "install"),  # held-out: told nothing
    ]
    for name, log, _layer in cases:
        shutil.copyfile(log, corpus / name)
    (corpus / "cases.toml").write_text(
        "\n".join(f'[[case]]\nfile = "{n}"\nexpected = []\nlayer = "{la}"\n' for n, _, la in cases),
        encoding="utf-8",
    )
    split = tmp_path / "heldout.toml"
    split.write_text('[triage]\n[[triage.corpora]]\nname = "c"\n', encoding="utf-8")
    halves = breakdown.tally(tmp_path, split, with_reach=True)
    tuning, held = halves["tuning"], halves["held_out"]
    assert tuning["reach: label's layer at 2, ascend above ascend"] == 1
    assert tuning["reach contrast: ascend above ascend of another layer"] == 1
    assert tuning["reach: label's layer absent"] == 1
    assert held["reach: no answer"] == 1
    assert not breakdown.tally(tmp_path, split)["tuning"].keys() & {"reach: no answer"}
