from __future__ import annotations

import pytest

from npu_toolchain.ir import IRError, check, parse
from npu_toolchain.ir.nodes import TensorType


def test_matmul_and_sum_types() -> None:
    module = parse(
        "func f(a: f32[4, 8], b: f32[8, 2]) -> f32[] {\n"
        "  c = matmul(a, b)\n  r = relu(c)\n  s = sum(r)\n  return s\n}\n"
    )
    types = check(module)["f"]
    assert types["c"] == TensorType("f32", (4, 2))
    assert types["s"] == TensorType("f32", ())


@pytest.mark.parametrize(
    ("body", "message", "line"),
    [
        ("  c = add(a, b)\n  return c", "operands differ: f32[4, 8] and f32[8, 2]", 2),
        ("  c = matmul(b, b)\n  return c", "inner dimensions differ", 2),
        ("  c = add(a, q)\n  return c", "q is not defined", 2),
        ("  c = conv(a, b)\n  return c", "unknown op conv", 2),
        ("  c = relu(a, b)\n  return c", "relu takes 1 operand, got 2", 2),
        ("  return b", "f returns f32[8, 2], declared f32[4, 8]", 2),
        ("  a = relu(a)\n  return a", "a is assigned twice", 2),
    ],
)
def test_type_errors(body: str, message: str, line: int) -> None:
    source = f"func f(a: f32[4, 8], b: f32[8, 2]) -> f32[4, 8] {{\n{body}\n}}\n"
    with pytest.raises(IRError) as raised:
        check(parse(source))
    assert message in raised.value.message
    assert raised.value.line == line


def test_unknown_element_type() -> None:
    with pytest.raises(IRError, match="unknown element type f64"):
        check(parse("func f(a: f64[2]) -> f64[2] { return a }"))
