"""The IR's syntax tree. Types are element type plus shape: ``f32[4, 8]``; ``f32[]`` is a
scalar."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Tuple


@dataclass(frozen=True)
class TensorType:
    dtype: str
    shape: Tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.dtype}[{', '.join(str(d) for d in self.shape)}]"


@dataclass(frozen=True)
class Param:
    name: str
    type: TensorType
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Call:
    op: str
    args: Tuple[str, ...]
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Assign:
    target: str
    value: Call
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Return:
    value: str
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Function:
    name: str
    params: Tuple[Param, ...]
    result: TensorType
    body: Tuple[Assign, ...]
    ret: Return
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Module:
    functions: Tuple[Function, ...]

    def function(self, name: str) -> Function:
        for function in self.functions:
            if function.name == name:
                return function
        raise KeyError(name)


def names(module: Module) -> List[str]:
    return [function.name for function in module.functions]
