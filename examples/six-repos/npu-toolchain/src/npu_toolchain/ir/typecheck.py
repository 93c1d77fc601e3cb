"""Types of every value: element-wise ops need equal shapes, ``matmul`` needs the inner
dimensions to agree, ``sum`` reduces to a scalar, and a function returns what it declares."""

from __future__ import annotations

from typing import Callable, Dict, List

from npu_toolchain.ir.errors import IRError
from npu_toolchain.ir.nodes import Call, Function, Module, TensorType

DTYPES = frozenset({"f16", "bf16", "f32", "i32"})
Rule = Callable[[Call, List[TensorType]], TensorType]


def _elementwise(call: Call, args: List[TensorType]) -> TensorType:
    _arity(call, args, 2)
    if args[0] != args[1]:
        raise IRError(f"{call.op}: operands differ: {args[0]} and {args[1]}", call.line, call.column)
    return args[0]


def _unary(call: Call, args: List[TensorType]) -> TensorType:
    _arity(call, args, 1)
    return args[0]


def _matmul(call: Call, args: List[TensorType]) -> TensorType:
    _arity(call, args, 2)
    a, b = args
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise IRError(f"matmul: needs two matrices, got {a} and {b}", call.line, call.column)
    if a.dtype != b.dtype:
        raise IRError(f"matmul: element types differ: {a} and {b}", call.line, call.column)
    if a.shape[1] != b.shape[0]:
        raise IRError(
            f"matmul: inner dimensions differ: {a} and {b}", call.line, call.column
        )
    return TensorType(a.dtype, (a.shape[0], b.shape[1]))


def _sum(call: Call, args: List[TensorType]) -> TensorType:
    _arity(call, args, 1)
    return TensorType(args[0].dtype, ())


def _arity(call: Call, args: List[TensorType], count: int) -> None:
    if len(args) != count:
        raise IRError(
            f"{call.op} takes {count} operand{'s' if count > 1 else ''}, got {len(args)}",
            call.line,
            call.column,
        )


OPS: Dict[str, Rule] = {
    "add": _elementwise,
    "sub": _elementwise,
    "mul": _elementwise,
    "relu": _unary,
    "exp": _unary,
    "matmul": _matmul,
    "sum": _sum,
}


def check_function(function: Function) -> Dict[str, TensorType]:
    """The type of every value in ``function``; ``IRError`` at the first type error."""
    types: Dict[str, TensorType] = {}
    for param in function.params:
        if param.type.dtype not in DTYPES:
            raise IRError(f"unknown element type {param.type.dtype}", param.line, param.column)
        if param.name in types:
            raise IRError(f"parameter {param.name} is declared twice", param.line, param.column)
        types[param.name] = param.type
    for assign in function.body:
        rule = OPS.get(assign.value.op)
        if rule is None:
            raise IRError(f"unknown op {assign.value.op}", assign.value.line, assign.value.column)
        operands = []
        for name in assign.value.args:
            if name not in types:
                raise IRError(f"{name} is not defined", assign.value.line, assign.value.column)
            operands.append(types[name])
        if assign.target in types:
            raise IRError(f"{assign.target} is assigned twice", assign.line, assign.column)
        types[assign.target] = rule(assign.value, operands)
    returned = types.get(function.ret.value)
    if returned is None:
        raise IRError(f"{function.ret.value} is not defined", function.ret.line, function.ret.column)
    if returned != function.result:
        raise IRError(
            f"{function.name} returns {returned}, declared {function.result}",
            function.ret.line,
            function.ret.column,
        )
    return types


def check(module: Module) -> Dict[str, Dict[str, TensorType]]:
    """Types per function; function names must be unique."""
    seen: Dict[str, Dict[str, TensorType]] = {}
    for function in module.functions:
        if function.name in seen:
            raise IRError(f"function {function.name} is defined twice", function.line, function.column)
        seen[function.name] = check_function(function)
    return seen
