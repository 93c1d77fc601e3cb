"""bench/layer_model.py (the lay32 experiment): it trains only on logs outside the held-out half,
and reads a hostile line in bounded time."""

from __future__ import annotations

from collections import Counter

from bench_modules import bench_module
from cpuclock import cpu_seconds

layer_model = bench_module("layer_model")
heldout = bench_module("heldout")


def test_no_held_out_case_is_a_training_case() -> None:
    split = {c["name"] for c in heldout.load_split()["triage"]["corpora"]}
    cases = layer_model.training_cases()
    assert len(cases) > 600
    assert all(
        heldout.triage_half(name) == "tuning" for corpus, name, _, _ in cases if corpus in split
    )
    # the corpora outside the split are used whole
    outside = Counter(corpus for corpus, _, _, _ in cases if corpus not in split)
    assert outside["triage_third"] == 44


def test_words_of_a_hostile_line_in_bounded_time() -> None:
    line = ("a" * 5000 + "1" * 5000 + " import_error ") * 5
    started = cpu_seconds()
    found = layer_model.words(line)
    assert cpu_seconds() - started < 2.0
    assert found == {"a" * 24}  # only the line's first MAX_TEXT characters are read
    assert layer_model.words("ImportError: libhccl.so: cannot open") == {
        "importerror",
        "libhccl",
        "cannot",
        "open",
    }
