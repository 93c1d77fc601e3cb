"""Recursive-descent parser:

    module   := function*
    function := "func" NAME "(" [param ("," param)*] ")" "->" type "{" stmt* return "}"
    param    := NAME ":" type
    type     := NAME "[" [NUMBER ("," NUMBER)*] "]"
    stmt     := NAME "=" NAME "(" [NAME ("," NAME)*] ")"
    return   := "return" NAME
"""

from __future__ import annotations

from typing import List

from npu_toolchain.ir.errors import IRError
from npu_toolchain.ir.lexer import Token, tokenize
from npu_toolchain.ir.nodes import Assign, Call, Function, Module, Param, Return, TensorType


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = list(tokenize(source))
        self.index = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def expect(self, kind: str, text: str = "") -> Token:
        token = self.token
        if token.kind != kind or (text and token.text != text):
            wanted = repr(text) if text else kind
            found = repr(token.text) if token.text else "end of input"
            raise IRError(f"expected {wanted}, found {found}", token.line, token.column)
        self.index += 1
        return token

    def accept(self, text: str) -> bool:
        if self.token.kind in ("punct", "arrow", "name") and self.token.text == text:
            self.index += 1
            return True
        return False

    def module(self) -> Module:
        functions: List[Function] = []
        while self.token.kind != "end":
            functions.append(self.function())
        return Module(tuple(functions))

    def function(self) -> Function:
        start = self.expect("name", "func")
        name = self.expect("name").text
        self.expect("punct", "(")
        params: List[Param] = []
        if not self.accept(")"):
            while True:
                token = self.expect("name")
                self.expect("punct", ":")
                params.append(Param(token.text, self.type(), token.line, token.column))
                if self.accept(")"):
                    break
                self.expect("punct", ",")
        self.expect("arrow")
        result = self.type()
        self.expect("punct", "{")
        body: List[Assign] = []
        while not (self.token.kind == "name" and self.token.text == "return"):
            body.append(self.assign())
        keyword = self.expect("name", "return")
        ret = Return(self.expect("name").text, keyword.line, keyword.column)
        self.expect("punct", "}")
        return Function(name, tuple(params), result, tuple(body), ret, start.line, start.column)

    def type(self) -> TensorType:
        dtype = self.expect("name").text
        self.expect("punct", "[")
        dims: List[int] = []
        if not self.accept("]"):
            while True:
                dims.append(int(self.expect("number").text))
                if self.accept("]"):
                    break
                self.expect("punct", ",")
        return TensorType(dtype, tuple(dims))

    def assign(self) -> Assign:
        target = self.expect("name")
        self.expect("punct", "=")
        op = self.expect("name")
        self.expect("punct", "(")
        args: List[str] = []
        if not self.accept(")"):
            while True:
                args.append(self.expect("name").text)
                if self.accept(")"):
                    break
                self.expect("punct", ",")
        call = Call(op.text, tuple(args), op.line, op.column)
        return Assign(target.text, call, target.line, target.column)


def parse(source: str) -> Module:
    """The module ``source`` describes; ``IRError`` at the first syntax error."""
    return _Parser(source).module()
