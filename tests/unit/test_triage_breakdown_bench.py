"""bench/triage_breakdown.py tells why labelled logs are missed, in counts only: a place or a
wrong cause first, the expected entry ranked below or absent, the absent entries' families and
the layer confusions.

The corpus is CONSTRUCTED as test_triage_eval_wrong.py's is: real sample logs of
tests/fixtures/logs (each names its public source on its first line) under labels written for
this test."""

from __future__ import annotations

import shutil
from pathlib import Path

from bench_modules import bench_module

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
NO_DEVICE = LOGS / "cuda.runtime.no-device" / "pytorch-classification-1.log"
"""Told cuda.runtime.no-device (device_init): a specific signature."""
LISTING = LOGS / "_unmatched" / "cuda-lib64-listing.log"
"""Told evidence.operator.unnamed (operator_execution): a place, no cause."""

# (case file, log, expected, layer): constructed labels
CASES = [
    ("a01-right.log", NO_DEVICE, ["cuda.runtime.no-device"], "device_init"),
    ("a03-wrong.log", NO_DEVICE, ["class.code.project-bug"], "device_init"),
    ("a05-place.log", LISTING, ["class.install.symbol-defined-twice"], "install"),
    ("a07-unlabelled.log", LISTING, [], "operator_execution"),
    ("a02-place.log", LISTING, ["evidence.operator.unnamed", "ascend.runtime.x"], "build"),
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
