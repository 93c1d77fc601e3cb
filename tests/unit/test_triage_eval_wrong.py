"""bench/triage_eval.py and bench/heldout.py count, beside top-1 cause and layer, the logs
whose first diagnosis names a specific cause that is wrong (confidently wrong) and those given a
wrong layer: an "unknown" or a place-only reading is a miss, never a wrong claim.

The corpus here is CONSTRUCTED: real sample logs of tests/fixtures/logs (each names its public
source on its first line) under labels written for this test, chosen so that each outcome
occurs once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench_modules import bench_module
from bringup.model.diagnosis import Diagnosis
from bringup.model.source import Confidence

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
NO_DEVICE = LOGS / "cuda.runtime.no-device" / "pytorch-classification-1.log"
"""Told cuda.runtime.no-device (device_init): a specific signature."""
LISTING = LOGS / "_unmatched" / "cuda-lib64-listing.log"
"""Told evidence.operator.unnamed (operator_execution): a place, no cause."""
VERSION = LOGS / "_unmatched" / "nvcc-version.log"
"""No failure: no diagnosis."""
HCCL = LOGS / "ascend.hccl.hccl-error" / "vllm-ascend-397.log"
"""Told ascend.hccl.hccl-error (communication), a catch-all of the catalogue."""

# (case file, log, expected, layer): constructed labels
CASES = [
    ("a01-right.log", NO_DEVICE, ["cuda.runtime.no-device"], "device_init"),
    ("a03-wrong.log", NO_DEVICE, ["cuda.runtime.cuda-lib-missing"], "install"),
    ("a05-place.log", LISTING, ["class.install.symbol-defined-twice"], "install"),
    ("a07-nothing.log", VERSION, [], "install"),
    ("a09-catch-all.log", HCCL, ["ascend.hccl.ranktable-invalid"], "communication"),
    ("a11-no-entry.log", NO_DEVICE, [], "device_init"),
    ("a02-wrong.log", NO_DEVICE, ["class.code.project-bug"], "device_init"),
    ("a04-place.log", LISTING, [], "build"),
]


def _corpus(root: Path) -> Path:
    root.mkdir()
    lines = []
    for name, log, expected, layer in CASES:
        shutil.copyfile(log, root / name)
        listed = ", ".join(f'"{item}"' for item in expected)
        lines.append(
            f'[[case]]\nfile = "{name}"\narea = "cuda"\nexpected = [{listed}]\nlayer = "{layer}"\n'
        )
    (root / "cases.toml").write_text("\n".join(lines), encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("signature_id", "confidence", "specific"),
    [
        ("cuda.runtime.no-device", "high", True),  # bringup's own signature
        ("class.code.project-bug", "medium", True),  # a recurring cause the fallback tells
        ("code.acl.207001", "high", True),  # an exactly known code
        ("evidence.operator.unnamed", "low", False),  # the fallback's reading: a place
        ("traceback.operator.other", "low", False),
        ("line.build.compiler-error", "medium", False),
        ("ascend.runtime.npu-function-error", "high", False),  # generic = true in the catalogue
        ("faultdiag.aisw_pytorch_train_15", "high", False),  # a fault knowledge catch-all
        ("code.cann.ee8888", "medium", False),  # a code known by its family only
        ("code.cann.ez9999", "medium", False),  # an inner error: placed = true
    ],
)
def test_what_names_a_cause_is_read_from_the_catalogue(
    signature_id: str, confidence: Confidence, specific: bool
) -> None:
    # constructed: only the id and the confidence are read
    diagnosis = Diagnosis(
        signature_id=signature_id,
        title="",
        layer="install",
        kind="code",
        cause="",
        fix="",
        source="",
        evidence=(),
        matches=1,
        score=0.0,
        confidence=confidence,
    )
    assert bench_module("triage_eval").names_a_cause(diagnosis) is specific


def test_a_corpus_counts_wrong_causes_and_layers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    triage_eval = bench_module("triage_eval")
    scores = triage_eval.evaluate_heldout(_corpus(tmp_path / "c"), verbose=False)
    out = capsys.readouterr().out
    assert scores["top-1"] == pytest.approx(1 / 8)
    # wrong causes: a03, a02 (a specific signature, another label) and a11 (one where the label
    # says no entry fits); not a05/a04 (a place), a07 (nothing), a09 (a catch-all)
    assert "cause wrong: 3/8" in out
    # wrong layers: a03 (device_init for install), a05 (operator for install), a04; a07 has none
    assert "layer wrong: 3/8" in out
    assert out.count("WRNG ") == 3


def test_the_gate_counts_them_per_half(tmp_path: Path) -> None:
    heldout = bench_module("heldout")
    data = tmp_path / "data"
    data.mkdir()
    _corpus(data / "c")
    halves = {"held_out": heldout.Tally(), "tuning": heldout.Tally()}
    listing: list[str] = []
    heldout.score_triage({"triage": {"corpora": [{"name": "c"}]}}, data, halves, listing)
    tuning, held = halves["tuning"].triage, halves["held_out"].triage
    counted = ("cases", "cause", "wrong", "layer_wrong")
    assert [tuning[key] for key in counted] == [6, 1, 2, 2]
    assert [held[key] for key in counted] == [2, 0, 1, 1]
    marks = [line.split()[0] for line in listing if "c/a" in line]
    assert marks == ["WRONG", "MISS", "MISS", "MISS", "WRONG"]
    totals = heldout.summary("held-out", halves["held_out"], False, True)[0]
    assert "wrong: cause 1, strict 1, of the 1 0 on logs labelled no entry" in totals
    assert halves["tuning"].triage["wrong_unlabelled"] == 1  # a11


def _told(signature_id: str, confidence: Confidence = "high") -> Diagnosis:
    # constructed: only the id and the confidence are read
    return Diagnosis(
        signature_id=signature_id,
        title="",
        layer="device_init",
        kind="code",
        cause="",
        fix="",
        source="",
        evidence=(),
        matches=1,
        score=0.0,
        confidence=confidence,
    )


@pytest.mark.parametrize("code", ["code.cann.ee8888", "code.cann.ez9999", "code.acl.507899"])
def test_the_strict_count_takes_a_code_whatever_its_confidence(code: str) -> None:
    outcome = bench_module("triage_eval").judge(set(), "device_init", [_told(code, "medium")])
    assert (outcome.wrong, outcome.wrong_strict) == (False, True)


def test_an_id_the_catalogue_does_not_list_names_a_cause() -> None:
    # constructed id: an entry added outside the catalogue's list is never silently right
    assert bench_module("triage_eval").names_a_cause(_told("overlay.not-listed"))


def test_moves_count_what_changed_between_two_trees() -> None:
    moves = bench_module("triage_moves").moves
    before = {
        "held_out/c/a02": ["generic", "evidence.operator.unnamed", "low", False],
        "held_out/c/a04": ["wrong", "code.acl.507899", "high", True],
        "held_out/c/a06": ["wrong", "code.acl.507899", "high", True],
        "held_out/c/a08": ["right", "x", "high", True],
        "tuning/c/a01": ["generic", "evidence.operator.unnamed", "low", True],
    }
    after = {
        "held_out/c/a02": ["wrong", "class.code.project-bug", "medium", True],
        "held_out/c/a04": ["wrong", "code.acl.507899", "medium", True],
        "held_out/c/a06": ["wrong", "code.drv.62", "high", False],
        "held_out/c/a08": ["right", "x", "high", True],
        "tuning/c/a01": ["right", "y", "high", True],
    }
    assert moves(before, after, "held_out") == {
        "generic->wrong": 1,
        "layer wrong->right": 1,
        "confidence only (high->medium)": 1,
        "wrong->other wrong": 1,
        "layer right->wrong": 1,
    }
    assert moves(before, after, "tuning") == {"generic->right": 1}


def test_the_gate_counts_moves_against_another_tree(tmp_path: Path) -> None:
    # the same tree on both sides: every case is scored under each, and nothing moved
    heldout, triage_moves = bench_module("heldout"), bench_module("triage_moves")
    data = tmp_path / "data"
    data.mkdir()
    _corpus(data / "c")
    split = tmp_path / "split.toml"
    split.write_text('[triage]\ncorpora = [{name = "c"}]\n', encoding="utf-8")
    halves = {"held_out": heldout.Tally(), "tuning": heldout.Tally()}
    states: dict[str, list[object]] = {}
    heldout.score_triage(heldout.load_split(split), data, halves, None, states)
    src = Path(__file__).resolve().parents[2] / "src"
    before = triage_moves.reference_states(src, split, data, ["held_out", "tuning"])
    assert before == states
    assert len(states) == len(CASES)
    assert triage_moves.moves_line("held_out", src, before, states).endswith("nothing moved")
