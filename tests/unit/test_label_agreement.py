"""bench/label_agreement.py: two labellings of one corpus compared as the tool is scored."""

from __future__ import annotations

from types import ModuleType

from bench_modules import bench_module


def _agreement() -> ModuleType:
    return bench_module("label_agreement")


def test_cause_scores_only_where_the_first_labelling_names_one() -> None:
    module = _agreement()
    first = {
        "a.log": {"area": "ascend", "layer": "install", "expected": ["x", "y"]},
        "b.log": {"area": "ascend", "layer": "build", "expected": []},
        "c.log": {"area": "cuda", "layer": "memory", "expected": ["z"]},
    }
    second = {
        "a.log": {"area": "ascend", "layer": "install", "expected": ["w", "y"]},
        "b.log": {"area": "ascend", "layer": "install", "expected": []},
        "c.log": {"area": "cuda", "layer": "memory", "expected": ["z"]},
        "d.log": {"area": "cuda", "layer": "memory", "expected": ["z"]},
    }
    counts = module.agreement(first, second)["all"]
    assert (counts["cases"], counts["layer"], counts["scored"]) == (3, 2, 2)
    assert (counts["first id"], counts["any id"], counts["both empty"]) == (1, 2, 1)
    assert module.agreement(first, second)["ascend"]["first id"] == 0


def test_a_layer_only_relabel_scores_no_cause() -> None:
    module = _agreement()
    first = {"a.log": {"area": "cuda", "layer": "build", "expected": ["x"]}}
    second = {"a.log": {"area": "cuda", "layer": "build"}}
    counts = module.agreement(first, second)["all"]
    assert (counts["cases"], counts["layer"]) == (1, 1)
    assert (counts["scored"], counts["first empty"]) == (0, 0)


def test_counts_by_half_of_the_split() -> None:
    module = _agreement()
    first = {
        "a01-x.log": {"area": "cuda", "layer": "build", "expected": ["x"]},
        "a02-y.log": {"area": "cuda", "layer": "install", "expected": ["y"]},
    }
    second = {
        "a01-x.log": {"area": "cuda", "layer": "build", "expected": ["x"]},
        "a02-y.log": {"area": "cuda", "layer": "build", "expected": ["z"]},
    }
    counts = module.agreement(first, second, module.by_half)
    assert (counts["tuning"]["layer"], counts["tuning"]["first id"]) == (1, 1)
    assert (counts["held_out"]["layer"], counts["held_out"]["first id"]) == (0, 0)
