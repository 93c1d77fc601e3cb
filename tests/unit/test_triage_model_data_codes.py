"""The model parsers' CANN codes (E11xxx Caffe, E12xxx TensorFlow, E16xxx and E76002 ONNX
"Model Data", and "No ... parser is registered") are ATC refusing the model: told as
class.build.model-converter-rejects-model whatever the line's other words (issue 15, session 38).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bringup.tomlfile import parse_toml
from bringup.triage import explain_text

CONVERTER = "class.build.model-converter-rejects-model"
MODEL = r"(?:Caffe|TensorFlow|ONNX) Model (?:Data|Weight)\b|\bNo (?:\w+ )?parser is registered\b"
CANN_CODES = Path(__file__).parents[2] / "src/bringup/kb/data/codes/cann.toml"

LINES = [
    # Ascend/msit@2d754b3c16f024c04e74c967bd56e96ef2c7184a msit/docs/convert/FAQ_EN.md:5: the
    # parameter printed with a space, no "[--name]" for the class's own pattern.
    "**Error Message E16005: The model has \\[2\\] \\[--domain version\\] fields, but only one is"
    " allowed**\n",
    # mjlovesz/test-my-pages docs/convert/FAQ.md (ait convert's FAQ, in Chinese): the same code
    # after a full-width colon.
    "**\u62a5\u9519\u63d0\u793a** E16005\uff1aThe model has [2] [--domain version] fields, but"
    " only one is allowed\n",
    # tests/data/triage_fourteenth/b15-atc-onnx-e16005-domain-version.log:2
    # (Ascend/ascend_community_projects ChineseOCR/README.md#L211).
    "E16005: The model has [2] [--domain_version] fields, but only one is allowed.\n",
]


@pytest.mark.parametrize("line", LINES)
def test_a_model_data_code_is_the_converter_refusing_the_model(line: str) -> None:
    first = explain_text(line.encode())[0]
    assert (first.signature_id, first.layer) == (CONVERTER, "build")


def test_every_model_data_code_and_only_those_is_the_converter() -> None:
    """The catalogue's titles decide: each code titled after a framework's model data or a
    missing parser carries the class, and no other E1 code does."""
    codes = parse_toml(CANN_CODES.read_text(encoding="utf-8"), str(CANN_CODES))["code"]
    for code in codes:
        model = re.search(MODEL, code["meaning"]) is not None
        assert (code.get("same_as") == CONVERTER) == model, code["code"]
