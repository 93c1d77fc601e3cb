from __future__ import annotations

from pathlib import Path

import pytest

from npu_toolchain.ir import IRError, parse, render
from npu_toolchain.ir.nodes import TensorType

SOURCE = """
func add2(x: f32[16], y: f32[16]) -> f32[16] {
  z = add(x, y)   # element-wise
  w = add(z, y)
  return w
}
"""


def test_parse_reads_signature_and_body() -> None:
    function = parse(SOURCE).function("add2")
    assert [p.name for p in function.params] == ["x", "y"]
    assert function.result == TensorType("f32", (16,))
    assert [a.value.op for a in function.body] == ["add", "add"]
    assert function.ret.value == "w"


def test_render_round_trips() -> None:
    module = parse(SOURCE)
    assert parse(render(module)) == module
    assert render(parse(render(module))) == render(module)


def test_example_file_parses() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "softmax.kir"
    assert parse(example.read_text()).function("scores").result == TensorType("f32", (4, 2))


@pytest.mark.parametrize(
    ("source", "message", "line", "column"),
    [
        ("func f(x: f32[2]) -> f32[2] {\n  return x\n", "expected '}'", 3, 1),
        ("func f(x f32[2]) -> f32[2] { return x }", "expected ':'", 1, 10),
        ("func f() -> f32[2] { y = add(x, ) }", "expected name", 1, 33),
        ("func f() -> f32[2] { $ }", "unexpected character", 1, 22),
    ],
)
def test_syntax_errors_point_at_the_token(source: str, message: str, line: int, column: int) -> None:
    with pytest.raises(IRError) as raised:
        parse(source)
    assert message in raised.value.message
    assert (raised.value.line, raised.value.column) == (line, column)
