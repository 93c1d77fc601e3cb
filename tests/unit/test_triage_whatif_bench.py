"""bench/triage_whatif.py: a candidate change to the first answer's layer or rank, applied to the
ranked list ``explain_text`` gives, scored per half (held-out totals only).

Real lines, each with its public source; the corpus's labels are written for this test."""

from __future__ import annotations

import shutil
from pathlib import Path

import msgspec

from bench_modules import bench_module
from bringup.triage import explain_text

whatif = bench_module("triage_whatif")

LINKER = b"../x86_64-conda-linux-gnu/bin/ld: cannot find -lcuda: No such file or directory\n"
"""triton-lang/triton#3053: a line rule's place (line.install.link-library-missing, install) on
a line that holds a linker's words (evidence.build.toolchain: ``ld:``)."""
ALLOC = b"2025-12-17 14:31:32.492 E | RuntimeAgent::AllocDevAddr failed for size 20448\n"
"""hicann/pypto docs/zh/tutorials/appendix/faq/device-id-not-set.md (883e7dfb): placed by no
component's words (evidence.operator.unnamed, operator_execution)."""
NVRTC = (
    b"RuntimeError: nvrtc compile error: default_program(2): catastrophic error: cannot open"
    b' source file "cuda_fp16.h"\n'
)
"""MegEngine/mgeconvert#107: a class rule's answer (class.code.project-bug, operator execution)
on a line that holds a compiler's words (evidence.build.toolchain: ``compile``)."""
LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
NO_DEVICE = LOGS / "cuda.runtime.no-device" / "pytorch-classification-1.log"
"""Told cuda.runtime.no-device (device_init): a cause, which no transform touches."""


def test_words_give_a_line_rules_place_the_layer_its_component_words_name() -> None:
    diagnoses = explain_text(LINKER)
    assert [(d.signature_id, d.layer) for d in diagnoses] == [
        ("line.install.link-library-missing", "install")
    ]
    assert whatif.words()(diagnoses)[0].layer == "build"
    assert whatif.words("communication")(diagnoses)[0].layer == "install"  # no such words
    # a reading by words already is the first matching rule's: left as it is
    placed = explain_text(ALLOC)
    assert whatif.words()(placed) == placed
    told = explain_text(NO_DEVICE.read_bytes())
    assert whatif.words()(told) == told


def test_class_words_give_a_class_rules_answer_its_lines_component_layer() -> None:
    diagnoses = explain_text(NVRTC)
    assert diagnoses[0].signature_id == "class.code.project-bug"
    assert diagnoses[0].layer == "operator_execution"
    assert whatif.transform_named("class-words")(diagnoses)[0].layer == "build"
    assert whatif.transform_named("words")(diagnoses) == diagnoses  # a cause: not a place's
    assert whatif.transform_named("class-words")(explain_text(LINKER))[0].layer == "install"


def test_earliest_puts_the_first_failure_in_time_first_among_places() -> None:
    later = msgspec.structs.replace(
        explain_text(LINKER)[0],
        evidence=(msgspec.structs.replace(explain_text(LINKER)[0].evidence[0], line=2),),
    )
    earlier = explain_text(ALLOC)[0]  # line 1, operator_execution
    assert [d.layer for d in whatif.earliest([later, earlier])] == ["operator_execution", "install"]
    assert whatif.earliest([earlier, later]) == [earlier, later]


def test_held_out_cases_are_counted_and_only_tuning_moves_are_named(tmp_path: Path) -> None:
    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "a01-linker.log").write_bytes(LINKER)
    (corpus / "a02-linker.log").write_bytes(LINKER)
    shutil.copyfile(NO_DEVICE, corpus / "a03-device.log")
    (corpus / "cases.toml").write_text(
        '[[case]]\nfile = "a01-linker.log"\nexpected = []\nlayer = "build"\n'
        '[[case]]\nfile = "a02-linker.log"\nexpected = []\nlayer = "build"\n'
        '[[case]]\nfile = "a03-device.log"\nexpected = ["cuda.runtime.no-device"]\n'
        'layer = "device_init"\n',
        encoding="utf-8",
    )
    (tmp_path / "heldout.toml").write_text(
        '[triage]\n[[triage.corpora]]\nname = "c"\n', encoding="utf-8"
    )
    moved: list[str] = []
    counts = whatif.score(tmp_path, ["words"], moved)
    assert counts[("as is", "tuning")]["layer"] == 1  # a03
    assert counts[("words", "tuning")]["layer"] == 2  # a01 read as build
    assert counts[("as is", "held_out")]["layer"] == 0
    assert counts[("words", "held_out")]["layer"] == 1  # a02: counted
    assert len(moved) == 1
    assert "a01-linker.log" in moved[0]  # a02 is held-out: never named
    # unsigned: the specific signature a03 is told by is left out, its cause with it
    assert counts[("as is", "tuning")]["cause"] == 1
    assert whatif.score(tmp_path, [], unsigned=True)[("as is", "tuning")]["cause"] == 0


def test_vocabulary_says_whose_words_a_log_holds() -> None:
    linker = LINKER.decode()
    # the linker's words are build's: a miss a words rule could reach
    assert whatif.vocabulary("build", linker, "install") == "wrong: label's layer words"
    # answered install and right: the build words are what such a rule would break it on
    assert whatif.vocabulary("install", linker, "install") == (
        "right: no label's layer words, other layer words"
    )
    assert whatif.vocabulary("memory", linker, None) == (
        "wrong: no label's layer words, other layer words"
    )
    alloc = ALLOC.decode()  # no component's words at all
    assert whatif.vocabulary("install", alloc, "operator_execution") == (
        "wrong: no label's layer words"
    )
