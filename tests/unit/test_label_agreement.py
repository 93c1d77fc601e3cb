"""bench/label_agreement.py: two labellings of one corpus compared as the tool is scored."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent.parent


def _agreement() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "label_agreement", ROOT / "bench" / "label_agreement.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
